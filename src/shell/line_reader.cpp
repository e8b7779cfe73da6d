#include "line_reader.hpp"

#include "tab_completion.hpp"

#include <cerrno>
#include <clocale>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <editline/readline.h>
#include <unistd.h>
#include <vector>

namespace inlake {

namespace {

const int HISTORY_SIZE = 1000;

//! Set by SIGINT while a line is read
volatile sig_atomic_t line_interrupted = 0;
duckdb::Connection *(*completion_connection)() = nullptr;

std::string HistoryPath() {
	auto home = getenv("HOME");
	if (!home || !*home) {
		return std::string();
	}
	return std::string(home) + "/.inlake_history";
}

void InterruptLine(int) {
	line_interrupted = 1;
}

//! libedit's key source: one byte from the terminal; EOF when Ctrl-C interrupted the read
int ReadKey(FILE *) {
	unsigned char key;
	while (true) {
		if (line_interrupted) {
			return EOF;
		}
		auto count = read(STDIN_FILENO, &key, 1);
		if (count == 1) {
			return key;
		}
		if (count < 0 && errno == EINTR) {
			continue;
		}
		return EOF;
	}
}

std::vector<std::string> pending_completions;

char *NextCompletion(const char *, int state) {
	if (static_cast<size_t>(state) >= pending_completions.size()) {
		return nullptr;
	}
	return strdup(pending_completions[state].c_str());
}

char **Complete(const char *text, int start, int end) {
	rl_attempted_completion_over = 1; // no file name completion
	auto connection = completion_connection ? completion_connection() : nullptr;
	if (!connection || start < 0 || end < start) {
		return nullptr;
	}
	std::string line_to_cursor(rl_line_buffer, static_cast<size_t>(end));
	pending_completions = CompletionsAt(*connection, line_to_cursor, static_cast<size_t>(start));
	if (pending_completions.empty()) {
		return nullptr;
	}
	return rl_completion_matches(text, NextCompletion);
}

} // namespace

std::string HistoryEntry(const std::string &lines_so_far, const std::string &line) {
	if (lines_so_far.empty()) {
		return line;
	}
	bool keep_lines = lines_so_far.find("--") != std::string::npos || lines_so_far.find('\n') != std::string::npos;
	return lines_so_far + (keep_lines ? "\n" : " ") + line;
}

LineReader::LineReader(duckdb::Connection *(*connection)()) : history_path(HistoryPath()) {
	// libedit needs a multibyte locale for UTF-8 input and prompts
	setlocale(LC_CTYPE, "");
	if (MB_CUR_MAX == 1) {
		setlocale(LC_CTYPE, "C.UTF-8");
	}
	completion_connection = connection;
	rl_readline_name = "inlake";
	rl_catch_signals = 0; // SIGINT is handled here (InterruptLine) while a line is read
	rl_getc_function = ReadKey;
	rl_attempted_completion_function = Complete;
	using_history();
	stifle_history(HISTORY_SIZE);
	if (!history_path.empty()) {
		read_history(history_path.c_str());
	}
}

LineReader::~LineReader() {
	completion_connection = nullptr;
	if (!history_path.empty()) {
		write_history(history_path.c_str());
	}
}

bool LineReader::SupportsUtf8() const {
	return MB_CUR_MAX > 1;
}

LineReader::Status LineReader::ReadLine(const char *prompt, std::string &line) {
	// while the line is read, Ctrl-C ends the read (no SA_RESTART) instead of interrupting a query
	struct sigaction reading = {}, previous = {};
	reading.sa_handler = InterruptLine;
	sigemptyset(&reading.sa_mask);
	line_interrupted = 0;
	sigaction(SIGINT, &reading, &previous);
	char *input = readline(prompt);
	sigaction(SIGINT, &previous, nullptr);
	if (line_interrupted) {
		free(input);
		line_interrupted = 0;
		return Status::INTERRUPTED;
	}
	if (!input) {
		return Status::END_OF_INPUT;
	}
	line = input;
	free(input);
	return Status::LINE;
}

void LineReader::AddHistory(const std::string &entry) {
	if (entry.find_first_not_of(" \t\n") == std::string::npos) {
		return;
	}
	add_history(entry.c_str());
}

} // namespace inlake

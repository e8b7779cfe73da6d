#include "line_reader.hpp"

#include "history_file.hpp"
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

void InterruptLine(int) {
	line_interrupted = 1;
}

//! One byte from the terminal; EOF at its end, or when Ctrl-C interrupted the read
int ReadByte() {
	unsigned char byte;
	while (true) {
		if (line_interrupted) {
			return EOF;
		}
		auto count = read(STDIN_FILENO, &byte, 1);
		if (count == 1) {
			return byte;
		}
		if (count < 0 && errno == EINTR) {
			continue;
		}
		return EOF;
	}
}

//! libedit's key source: one character (libedit takes what this returns as a wide character, so a UTF-8
//! sequence is decoded to its code point); EOF when the input ended or Ctrl-C interrupted the read
int ReadKey(FILE *) {
	int first = ReadByte();
	if (first == EOF || first < 0x80) {
		return first;
	}
	int length = first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : first >= 0xC0 ? 2 : 1;
	if (length == 1) {
		return 0xFFFD; // a stray continuation byte
	}
	int code_point = first & (0x3F >> (length - 1));
	for (int i = 1; i < length; i++) {
		int next = ReadByte();
		if (next == EOF) {
			return EOF;
		}
		if ((next & 0xC0) != 0x80) {
			return 0xFFFD;
		}
		code_point = (code_point << 6) | (next & 0x3F);
	}
	return code_point;
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
	bool complete_file_names = false;
	pending_completions = CompletionsAt(*connection, line_to_cursor, static_cast<size_t>(start), complete_file_names);
	if (complete_file_names) {
		rl_attempted_completion_over = 0; // libedit completes the file name
		return nullptr;
	}
	if (pending_completions.empty()) {
		return nullptr;
	}
	return rl_completion_matches(text, NextCompletion);
}

} // namespace

namespace {

//! Whether the text ends inside a string, a quoted name, a dollar-quoted string or a comment, where a line
//! break is part of the statement (a rough scan: enough to decide how lines join in the history)
bool EndsInsideQuoteOrComment(const std::string &text) {
	char quote = 0;
	bool line_comment = false, block_comment = false, dollar = false;
	for (size_t i = 0; i < text.size(); i++) {
		char c = text[i], next = i + 1 < text.size() ? text[i + 1] : '\0';
		if (line_comment) {
			line_comment = c != '\n';
		} else if (block_comment) {
			if (c == '*' && next == '/') {
				block_comment = false;
				i++;
			}
		} else if (dollar) {
			if (c == '$' && next == '$') {
				dollar = false;
				i++;
			}
		} else if (quote) {
			if (c == quote) {
				quote = 0;
			}
		} else if (c == '\'' || c == '"') {
			quote = c;
		} else if (c == '-' && next == '-') {
			line_comment = true;
		} else if (c == '/' && next == '*') {
			block_comment = true;
			i++;
		} else if (c == '$' && next == '$') {
			dollar = true;
			i++;
		}
	}
	return quote || line_comment || block_comment || dollar;
}

} // namespace

std::string HistoryEntry(const std::string &lines_so_far, const std::string &line) {
	if (lines_so_far.empty()) {
		return line;
	}
	// joined by a space where a line break means nothing, so that the entry recalls as one line
	bool keep_break = lines_so_far.find('\n') != std::string::npos || EndsInsideQuoteOrComment(lines_so_far);
	return lines_so_far + (keep_break ? "\n" : " ") + line;
}

LineReader::LineReader(duckdb::Connection *(*connection)()) : history_path(HistoryFilePath()) {
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
		// entries are only ever appended: once the file holds well over HISTORY_SIZE of them, it is rewritten
		// with the last HISTORY_SIZE (the ones just read)
		if (HistoryFileLines(history_path) > 2 * HISTORY_SIZE) {
			write_history(history_path.c_str());
		}
	}
}

LineReader::~LineReader() {
	completion_connection = nullptr;
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
	AppendHistoryEntry(history_path, entry);
}

} // namespace inlake

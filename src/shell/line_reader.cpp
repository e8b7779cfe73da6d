#include "line_reader.hpp"

#include <clocale>
#include <cstdio>
#include <cstdlib>
#include <editline/readline.h>

namespace inlake {

namespace {

const int HISTORY_SIZE = 1000;

std::string HistoryPath() {
	auto home = getenv("HOME");
	if (!home || !*home) {
		return std::string();
	}
	return std::string(home) + "/.inlake_history";
}

} // namespace

LineReader::LineReader() : history_path(HistoryPath()) {
	// libedit needs a multibyte locale for UTF-8 input and prompts
	setlocale(LC_CTYPE, "");
	if (MB_CUR_MAX == 1) {
		setlocale(LC_CTYPE, "C.UTF-8");
	}
	rl_readline_name = "inlake";
	using_history();
	stifle_history(HISTORY_SIZE);
	if (!history_path.empty()) {
		read_history(history_path.c_str());
	}
}

LineReader::~LineReader() {
	if (!history_path.empty()) {
		write_history(history_path.c_str());
	}
}

bool LineReader::SupportsUtf8() const {
	return MB_CUR_MAX > 1;
}

bool LineReader::ReadLine(const char *prompt, std::string &line) {
	char *input = readline(prompt);
	if (!input) {
		return false;
	}
	line = input;
	free(input);
	return true;
}

void LineReader::AddHistory(const std::string &line) {
	if (line.find_first_not_of(" \t") == std::string::npos) {
		return;
	}
	add_history(line.c_str());
}

} // namespace inlake

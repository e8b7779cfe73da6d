//===----------------------------------------------------------------------===//
// inlake shell: interactive line input through libedit.
//
// LineReader wraps libedit's readline: line editing, tab completion (see
// tab_completion.hpp) and a history that is loaded from ~/.inlake_history
// when the reader is created; each entry is appended to that file as it is
// added (history_file.hpp), so nothing waits for the shell to exit.
//
// Ctrl-C while a line is being typed ends ReadLine with INTERRUPTED and the
// typed text is dropped (the caller also drops what it had pending); while
// no line is being read, SIGINT is the shell's own (it interrupts a query).
// A statement typed over several lines goes into the history as one entry
// (AddHistory gets it whole), so Up recalls all of it.
//===----------------------------------------------------------------------===//
#pragma once

#include <string>

namespace duckdb {
class Connection;
}

namespace inlake {

class LineReader {
public:
	enum class Status { LINE, END_OF_INPUT, INTERRUPTED };

	//! `connection` answers tab completion (the shell's connection, also after .open)
	explicit LineReader(duckdb::Connection *(*connection)());
	~LineReader();

	//! Shows `prompt` and reads one line: LINE, END_OF_INPUT (Ctrl-D on an empty line) or INTERRUPTED (Ctrl-C)
	Status ReadLine(const char *prompt, std::string &line);
	//! True when the terminal locale can show UTF-8 prompts
	bool SupportsUtf8() const;
	//! Adds a non-blank entry (one or more lines) to the history and appends it to the history file
	void AddHistory(const std::string &entry);

private:
	std::string history_path;
};

//! One history entry for the lines of a statement: joined by spaces, or kept on their lines where the break
//! is inside a string, a quoted name, a dollar-quoted string or a comment (where it is part of the statement)
std::string HistoryEntry(const std::string &lines_so_far, const std::string &line);

} // namespace inlake

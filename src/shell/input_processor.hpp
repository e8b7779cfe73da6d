//===----------------------------------------------------------------------===//
// inlake shell: turning input lines into dot commands and SQL statements.
//
// An InputProcessor accumulates input. A line that starts with '.' while no
// statement is pending is a dot command. Other text is appended to the pending
// buffer; every complete statement in it (see statement_splitter.hpp) runs
// through ShellState::ExecuteSql, the incomplete rest stays pending. Finish
// runs a final statement that lacks its ';'. Processing stops early when the
// state says so (.exit, or an error under -bail).
//===----------------------------------------------------------------------===//
#pragma once

#include <string>

namespace inlake {

class ShellState;

class InputProcessor {
public:
	explicit InputProcessor(ShellState &state);

	//! Processes one input line (without its newline)
	void ProcessLine(const std::string &line);
	//! Processes a chunk of SQL text that may hold several lines and statements
	void ProcessChunk(const std::string &text);
	//! Input ended: runs what is left in the buffer
	void Finish();
	//! Drops the incomplete statement (Ctrl-C at the prompt)
	void Discard() {
		buffer.clear();
	}
	//! True while a statement is incomplete (the prompt shows the continuation marker)
	bool InStatement() const {
		return !buffer.empty();
	}
	//! True when processing `line` would leave no incomplete statement behind (it is a dot command, or it
	//! completes what is pending), so that the prompt can save the history entry before the statement runs
	bool CompletesWith(const std::string &line) const;

private:
	ShellState &state;
	std::string buffer;

	void RunCompleteStatements();
};

} // namespace inlake

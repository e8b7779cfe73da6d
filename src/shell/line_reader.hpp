//===----------------------------------------------------------------------===//
// inlake shell: interactive line input through libedit.
//
// LineReader wraps libedit's readline: line editing, and a history that is
// loaded from ~/.inlake_history when the reader is created and saved back
// when it is destroyed.
//===----------------------------------------------------------------------===//
#pragma once

#include <string>

namespace inlake {

class LineReader {
public:
	LineReader();
	~LineReader();

	//! Shows `prompt` and reads one line; false at end of input (Ctrl-D)
	bool ReadLine(const char *prompt, std::string &line);
	//! True when the terminal locale can show UTF-8 prompts
	bool SupportsUtf8() const;
	//! Adds a non-blank line to the history
	void AddHistory(const std::string &line);

private:
	std::string history_path;
};

} // namespace inlake

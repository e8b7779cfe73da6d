//===----------------------------------------------------------------------===//
// inlake shell: statement splitter.
//
// SplitStatements cuts SQL text into complete statements at every `;` that is
// outside single-quoted strings (including E'..' escape strings), double-quoted
// identifiers, dollar-quoted strings ($$..$$, $tag$..$tag$), `--` line comments
// and (nested) `/* */` block comments. A statement may therefore span lines.
// Statements are returned trimmed and without their terminating `;`; statements
// that hold nothing but whitespace and comments are dropped. Whatever follows
// the last complete statement is returned as the remainder (an incomplete
// statement the caller keeps accumulating), with a flag telling whether it is
// blank (only whitespace and comments).
//===----------------------------------------------------------------------===//
#pragma once

#include <string>
#include <vector>

namespace inlake {

struct SplitResult {
	//! Complete statements, trimmed, without the terminating ';'
	std::vector<std::string> statements;
	//! Text after the last complete statement
	std::string remainder;
	//! True when the remainder holds only whitespace and comments
	bool remainder_blank = true;
};

SplitResult SplitStatements(const std::string &text);

//! Strips leading and trailing whitespace
std::string TrimSql(const std::string &text);

} // namespace inlake

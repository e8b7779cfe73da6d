//===----------------------------------------------------------------------===//
// inlake-sqllogictest: the parser.
//
// ParseTestFile reads one DuckDB-format sqllogictest file into a tree of
// TestCommands. Records are separated by blank lines; `#` lines are comments
// (a comment also ends the SQL of a statement/query, as in DuckDB's runner).
// `statement` and `query` records span several lines (SQL, then an optional
// `----` and the expected error / expected rows until the next blank line);
// every other command is one line. `onlyif` / `skipif` lines attach as
// conditions to the command that follows them; `loop` / `foreach` /
// `concurrentloop` / `concurrentforeach` ... `endloop` nest their commands in
// `body`. Nothing is substituted here: `${VAR}` etc. are resolved when a
// command runs. Malformed input throws TestParseError naming the line.
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace inlake_test {

enum class CommandType {
	STATEMENT,
	QUERY,
	REQUIRE,
	REQUIRE_ENV,
	LOAD,
	RESTART,
	RECONNECT,
	TEST_ENV,
	LOOP,
	MODE,
	HALT,
	SLEEP,
	IGNORED
};

enum class StatementExpect { OK, ERROR, MAYBE };

enum class SortMode { NO_SORT, ROW_SORT, VALUE_SORT };

//! An `onlyif X` / `skipif X` line in front of a command.
struct TestCondition {
	bool only_if;
	std::string expression;
};

struct TestCommand {
	CommandType type = CommandType::IGNORED;
	//! 1-based line of the command's header line
	int64_t line = 0;
	//! the header's tokens after the keyword
	std::vector<std::string> params;
	std::vector<TestCondition> conditions;

	// statement / query
	std::string sql;
	std::string connection;
	// statement
	StatementExpect expect = StatementExpect::OK;
	bool has_expected_error = false;
	std::string expected_error;
	// query
	std::string column_types;
	SortMode sort_mode = SortMode::NO_SORT;
	std::string label;
	std::vector<std::string> expected_lines;

	// loops: LOOP with params as written (range: VAR START END, else VAR v1 v2 ...)
	bool is_range = false;
	bool concurrent = false;
	std::vector<TestCommand> body;
};

struct TestParseError : public std::runtime_error {
	TestParseError(int64_t line, const std::string &message);
	int64_t line;
};

//! Parses the file at `path` (throws TestParseError, or std::runtime_error if unreadable).
std::vector<TestCommand> ParseTestFile(const std::string &path);
//! Parses sqllogictest text; exposed for reuse.
std::vector<TestCommand> ParseTestText(const std::string &text);

} // namespace inlake_test

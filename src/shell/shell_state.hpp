//===----------------------------------------------------------------------===//
// inlake shell: the shell's state.
//
// ShellState owns the database and its one connection (the inlake extension is
// loaded right after the database opens), the output settings and the shell
// toggles (bail, echo, timer). Every SQL statement, whatever its source (-c,
// -cmd, scripts, stdin, .read, the prompt), runs through ExecuteSql: that is
// where PreprocessStatement rewrites it before DuckDB sees it, where -echo
// prints it, where errors are reported to stderr and counted, and where .timer
// measures it. Input sources feed lines through an InputProcessor
// (input_processor.hpp), which splits statements and runs dot commands.
//===----------------------------------------------------------------------===//
#pragma once

#include "result_printer.hpp"

#include "duckdb.hpp"

#include <iosfwd>
#include <string>

namespace inlake {

class ShellState {
public:
	ShellState(const std::string &database_path, bool read_only);
	~ShellState();

	//! Runs one SQL statement (trimmed, without its terminating ';') and prints its result.
	//! Returns false when the statement failed.
	bool ExecuteSql(const std::string &sql);
	//! Runs a chunk of input such as a -c argument: a dot command, or SQL statements
	bool RunText(const std::string &text);
	//! Runs every line of a stream (a script, stdin) until it ends or processing stops
	bool RunStream(std::istream &input);
	//! Runs the lines of a file (-f, -init, .read)
	bool RunFile(const std::string &path);
	//! The interactive prompt (stdin is a terminal)
	void RunInteractive();

	//! Prints an error to stderr and records it (for the exit status and -bail)
	void ReportError(const std::string &message);
	//! Writes text to stdout
	void Output(const std::string &text);
	//! True once input must stop being processed: .exit/.quit, or an error under -bail
	bool ShouldStop() const {
		return exit_requested || bail_triggered;
	}

	duckdb::Connection &GetConnection() {
		return *connection;
	}

public:
	PrintSettings print;
	bool bail = false;
	bool echo = false;
	bool timer = false;
	bool interactive = false;
	bool exit_requested = false;
	int exit_code = 0;
	bool had_error = false;

private:
	bool bail_triggered = false;
	duckdb::unique_ptr<duckdb::DuckDB> database;
	duckdb::unique_ptr<duckdb::Connection> connection;

	//! Preprocesses one statement and runs what it became (see statement_preprocessor.hpp)
	bool RunPreprocessed(const std::string &sql);
	//! Parses and runs SQL text, printing results when asked
	bool RunSqlText(const std::string &text, bool print_results);
	//! Executes one parsed statement and prints its result when asked
	bool RunStatement(duckdb::unique_ptr<duckdb::SQLStatement> statement, bool print_result);
	void PrintTimer(double real_seconds, double user_seconds, double sys_seconds);
};

} // namespace inlake

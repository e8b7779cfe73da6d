//===----------------------------------------------------------------------===//
// inlake shell: the shell's state.
//
// ShellState owns the database and its one connection (the inlake extension is
// loaded right after the database opens; .open replaces both), the output
// settings, where output goes (stdout, or a file after .output / .once) and
// the shell toggles (bail, echo, timer, changes). Every SQL statement, whatever its source (-c,
// -cmd, scripts, stdin, .read, the prompt), runs through ExecuteSql: that is
// where PreprocessStatement rewrites it before DuckDB sees it, where -echo
// prints it, where errors are reported to stderr and counted, and where .timer
// measures it. Input sources feed lines through an InputProcessor
// (input_processor.hpp), which splits statements and runs dot commands.
//===----------------------------------------------------------------------===//
#pragma once

#include "result_printer.hpp"

#include "duckdb.hpp"

#include <cstdio>
#include <iosfwd>
#include <string>

namespace inlake {

class ShellState {
public:
	struct OpenOptions {
		std::string path; // empty or ":memory:": a new in-memory database
		bool read_only = false;
		bool allow_unsigned_extensions = false;
	};
	//! Opens the database; throws when it cannot be opened
	explicit ShellState(const OpenOptions &options);
	~ShellState();

	//! .open: closes the database and opens another; on failure reports it and keeps the current one
	bool Reopen(const OpenOptions &options);
	const OpenOptions &Opened() const {
		return opened;
	}
	//! .output / .once: results go to `path` (empty: back to stdout); `once`: for the next statement only
	bool RedirectOutput(const std::string &path, bool once);
	//! Where results go: "stdout" or the file's path
	const std::string &OutputName() const {
		return output_name;
	}
	//! Interactive use: the progress bar shows for long queries (as in the DuckDB CLI)
	void EnableProgressBar();

	//! Runs one SQL statement (trimmed, without its terminating ';') and prints its result.
	//! Returns false when the statement failed.
	bool ExecuteSql(const std::string &sql);
	//! Runs a chunk of input such as a -c argument: a dot command, or SQL statements
	bool RunText(const std::string &text);
	//! Runs every line of a stream (a script, stdin) until it ends or processing stops
	bool RunStream(std::istream &input);
	//! Runs the lines of a file (-f, -init, .read); a file that cannot be opened (or a folder) is an error naming
	//! it. With `announce`, says "-- Loading resources from PATH" on stderr once the file is open.
	bool RunFile(const std::string &path, bool announce = false);
	//! The interactive prompt (stdin is a terminal)
	void RunInteractive();

	//! Prints an error to stderr and records it (for the exit status and -bail)
	void ReportError(const std::string &message);
	//! Writes text to stdout
	void Output(const std::string &text);
	//! True once input must stop being processed: .exit/.quit, an error under -bail, or Ctrl-C (which at the
	//! prompt stops only what runs for the current line: a script that .read started, say)
	bool ShouldStop() const;

	duckdb::Connection &GetConnection() {
		return *connection;
	}

public:
	PrintSettings print;
	bool bail = false;
	bool echo = false;
	bool timer = false;
	//! .changes: after a statement that changes rows, print how many it and the session changed
	bool show_changes = false;
	int64_t total_changes = 0;
	bool interactive = false;
	//! .prompt: the prompt, and the one shown while a statement goes on (empty: "· ", or "> " without UTF-8)
	std::string main_prompt = "D ";
	std::string continuation_prompt;
	bool exit_requested = false;
	int exit_code = 0;
	bool had_error = false;

private:
	bool bail_triggered = false;
	//! How many files (-f, -init, .read) are being read inside each other
	int read_depth = 0;
	OpenOptions opened;
	duckdb::unique_ptr<duckdb::DuckDB> database;
	duckdb::unique_ptr<duckdb::Connection> connection;
	FILE *output_file = nullptr; // nullptr: stdout
	bool output_once = false;
	std::string output_name = "stdout";

	void Open(const OpenOptions &options);
	void CloseOutputFile();
	//! After a statement: .once output goes back to stdout
	void EndStatementOutput();
	void PrintChanges(duckdb::MaterializedQueryResult &result);

	//! Preprocesses one statement and runs what it became (see statement_preprocessor.hpp)
	bool RunPreprocessed(const std::string &sql);
	//! Parses and runs SQL text, printing results when asked
	bool RunSqlText(const std::string &text, bool print_results);
	//! Executes one parsed statement and prints its result when asked
	bool RunStatement(duckdb::unique_ptr<duckdb::SQLStatement> statement, bool print_result);
	void PrintTimer(double real_seconds, double user_seconds, double sys_seconds);
};

} // namespace inlake

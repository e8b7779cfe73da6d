//===----------------------------------------------------------------------===//
// inlake shell: dot commands.
//
// RunDotCommand runs one `.command args...` line against the shell state:
// .bail, .changes, .columns/.rows, .databases, .echo, .exit/.quit, .headers,
// .help, .maxrows, .maxwidth, .mode, .nullvalue, .once, .open, .output,
// .print, .read, .schema, .separator, .show, .tables, .timer, .width. Arguments are split at
// whitespace and may be quoted with ' or ". Failures are reported through
// ShellState::ReportError (they count as errors for the exit status).
//===----------------------------------------------------------------------===//
#pragma once

#include <string>
#include <vector>

namespace inlake {

class ShellState;

//! Runs a dot command line (starting with '.'); false when it failed
bool RunDotCommand(ShellState &state, const std::string &line);

//! A separator as typed: the escapes \t, \n, \r and \\ (as in the DuckDB CLI and sqlite3)
std::string UnescapeSeparator(const std::string &text);

//! Splits a dot command line into its words
std::vector<std::string> SplitDotCommandArguments(const std::string &line);

//! .open, .databases, .output, .once, .show (session_commands.cpp)
bool OpenDatabase(ShellState &state, const std::vector<std::string> &args);
bool ShowDatabases(ShellState &state, const std::vector<std::string> &args);
bool SetOutput(ShellState &state, const std::vector<std::string> &args);
bool SetOnce(ShellState &state, const std::vector<std::string> &args);
bool ShowSettings(ShellState &state, const std::vector<std::string> &args);

//! Lists tables/views of the current database and schema, and prints CREATE statements (catalog_commands.cpp)
bool ShowTables(ShellState &state, const std::string &pattern);
bool ShowSchema(ShellState &state, const std::string &pattern);

} // namespace inlake

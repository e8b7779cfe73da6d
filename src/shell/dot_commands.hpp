//===----------------------------------------------------------------------===//
// inlake shell: dot commands.
//
// RunDotCommand runs one `.command args...` line against the shell state:
// .bail, .cd, .changes, .columns/.rows, .databases, .dump, .echo, .exit/.quit,
// .headers, .help, .import, .maxrows, .maxwidth, .mode, .nullvalue, .once,
// .open, .output, .print, .prompt, .read, .schema, .separator, .shell/.system,
// .show, .tables, .timer, .width. Arguments are split at whitespace and may be
// quoted with ' or " (.shell/.system take the rest of the line as it is). A
// unique prefix names a command. Failures are reported through
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

//! The names of the dot commands, without their '.', in alphabetical order (for tab completion)
std::vector<std::string> DotCommandNames();

//! A possibly qualified name as typed (lake.items) as SQL, each part quoted where needed ("table")
std::string QuoteQualifiedName(const std::string &name);

//! .open, .databases, .output, .once, .show (session_commands.cpp)
bool OpenDatabase(ShellState &state, const std::vector<std::string> &args);
bool ShowDatabases(ShellState &state, const std::vector<std::string> &args);
bool SetOutput(ShellState &state, const std::vector<std::string> &args);
bool SetOnce(ShellState &state, const std::vector<std::string> &args);
bool ShowSettings(ShellState &state, const std::vector<std::string> &args);

//! Lists tables/views of the current database and schema, and prints CREATE statements (catalog_commands.cpp)
bool ShowTables(ShellState &state, const std::string &pattern);
bool ShowSchema(ShellState &state, const std::string &pattern);

//! .import and .dump (data_commands.cpp)
bool ImportFile(ShellState &state, const std::vector<std::string> &args);
bool DumpDatabase(ShellState &state, const std::vector<std::string> &args);

//! .shell / .system and .cd (system_commands.cpp)
bool RunSystemCommand(ShellState &state, const std::vector<std::string> &args);
bool ChangeDirectory(ShellState &state, const std::vector<std::string> &args);

} // namespace inlake

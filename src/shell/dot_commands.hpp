//===----------------------------------------------------------------------===//
// inlake shell: dot commands.
//
// RunDotCommand runs one `.command args...` line against the shell state:
// .bail, .echo, .exit/.quit, .headers, .help, .maxrows, .mode, .nullvalue,
// .print, .read, .schema, .separator, .tables, .timer. Arguments are split at
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

//! Splits a dot command line into its words
std::vector<std::string> SplitDotCommandArguments(const std::string &line);

//! Lists tables/views of the current database and schema, and prints CREATE statements (catalog_commands.cpp)
bool ShowTables(ShellState &state, const std::string &pattern);
bool ShowSchema(ShellState &state, const std::string &pattern);

} // namespace inlake

//===----------------------------------------------------------------------===//
// inlake shell: the history file, ~/.inlake_history.
//
// The prompt's history lives in libedit's file format: a first line
// `_HiStOrY_V2_`, then one entry per line, encoded with vis(3) (a space is
// \040, a line break \012, a backslash \\). AppendHistoryEntry adds one entry
// at the end of the file as soon as a statement is entered, before it runs,
// so that a shell that is killed or crashes has still saved what was typed;
// several shells append to the same file without overwriting each other.
// libedit reads the file back (read_history) when the prompt starts.
//===----------------------------------------------------------------------===//
#pragma once

#include <string>

namespace inlake {

//! $HOME/.inlake_history; empty when HOME is not set
std::string HistoryFilePath();

//! The entry as one line of the history file (without its line break)
std::string EncodeHistoryEntry(const std::string &entry);

//! Appends the entry to the history file at `path`, creating it (mode 0600, with libedit's first line) when it
//! is missing; false when the file cannot be written (the prompt goes on without it)
bool AppendHistoryEntry(const std::string &path, const std::string &entry);

//! The number of lines in the file at `path` (0 when it cannot be read)
size_t HistoryFileLines(const std::string &path);

} // namespace inlake

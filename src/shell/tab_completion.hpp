//===----------------------------------------------------------------------===//
// inlake shell: tab completion of keywords, table and column names.
//
// CompletionsAt asks DuckDB's autocomplete extension (sql_auto_complete, built
// into libduckdb) what may follow the text before the cursor: keywords,
// schema, table and column names of every attached database, lakes included.
// Each completion is the whole word that replaces the word being typed.
//
// On a line that starts with '.', the first word completes to the dot
// commands (.ti -> .timer), the word after .mode to the output modes, and the
// word after .read, .open, .output, .once, .import and .cd to file names
// (`complete_file_names` is then set: the line editor lists the files).
//===----------------------------------------------------------------------===//
#pragma once

#include <string>
#include <vector>

namespace duckdb {
class Connection;
}

namespace inlake {

//! Completions for the word that starts at byte `word_start` of `line_to_cursor` (the line up to the cursor);
//! empty when there are none or the autocomplete extension is missing
std::vector<std::string> CompletionsAt(duckdb::Connection &connection, const std::string &line_to_cursor,
                                       size_t word_start, bool &complete_file_names);

} // namespace inlake

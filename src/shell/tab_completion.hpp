//===----------------------------------------------------------------------===//
// inlake shell: tab completion of keywords, table and column names.
//
// CompletionsAt asks DuckDB's autocomplete extension (sql_auto_complete, built
// into libduckdb) what may follow the text before the cursor: keywords,
// schema, table and column names of every attached database, lakes included.
// Each completion is the whole word that replaces the word being typed.
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
                                       size_t word_start);

} // namespace inlake

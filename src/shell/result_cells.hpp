//===----------------------------------------------------------------------===//
// inlake shell: query results as text cells.
//
// ForEachResultRow walks a materialized result chunk by chunk and hands every
// row to a callback as strings, each value cast to VARCHAR through DuckDB's own
// casts (so values print exactly as DuckDB renders them). In JSON mode, nested
// and floating point values are cast to JSON instead. NULLs are flagged, their
// text is left empty. RenderWidth is the terminal width of a UTF-8 string.
//===----------------------------------------------------------------------===//
#pragma once

#include "duckdb.hpp"

#include <functional>
#include <string>
#include <vector>

namespace inlake {

struct ResultRow {
	std::vector<std::string> values;
	std::vector<bool> is_null;
	duckdb::idx_t row_index = 0;
};

using ResultRowCallback = std::function<void(const ResultRow &row)>;

void ForEachResultRow(duckdb::ClientContext &context, duckdb::MaterializedQueryResult &result, bool json_mode,
                      const ResultRowCallback &callback);

size_t RenderWidth(const std::string &text);

} // namespace inlake

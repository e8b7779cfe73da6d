//===----------------------------------------------------------------------===//
// inlake shell: result rendering in the DuckDB CLI's output modes.
//
// PrintResult renders one materialized query result as text, the way the
// DuckDB CLI does: duckbox (DuckDB's own BoxRenderer, also used for `box`),
// csv, json, list (`|`-separated), line (`col = value`), markdown and table.
// NULL prints as `null_value` (empty by default) except in duckbox (NULL) and
// json (null). Modes are named as in `.mode NAME`.
//===----------------------------------------------------------------------===//
#pragma once

#include "duckdb.hpp"

#include <string>
#include <vector>

namespace inlake {

enum class OutputMode : uint8_t { DUCKBOX, CSV, JSON, LIST, LINE, MARKDOWN, TABLE };

bool ParseOutputMode(const std::string &name, OutputMode &mode);
const char *OutputModeName(OutputMode mode);

struct PrintSettings {
	OutputMode mode = OutputMode::DUCKBOX;
	bool show_header = true;
	std::string null_value;
	std::string separator = "|";
	duckdb::idx_t max_rows = 40;
	//! 0: unlimited (output is not a terminal)
	duckdb::idx_t max_width = 0;
	bool large_number_footer = false;
	//! duckbox: one column per row instead of one line per row (.columns / .rows)
	bool render_columns = false;
	//! table and markdown: the minimum width of each column, from the first (.width); 0 leaves one as it is
	std::vector<duckdb::idx_t> column_widths;
};

//! Renders `result` into `out`
void PrintResult(duckdb::ClientContext &context, duckdb::MaterializedQueryResult &result,
                 const PrintSettings &settings, std::string &out);

//! The column-aligned modes (markdown, table), in column_modes.cpp
void PrintAlignedResult(duckdb::ClientContext &context, duckdb::MaterializedQueryResult &result,
                        const PrintSettings &settings, std::string &out);

} // namespace inlake

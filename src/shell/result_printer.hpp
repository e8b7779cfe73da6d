//===----------------------------------------------------------------------===//
// inlake shell: result rendering in the DuckDB CLI's output modes.
//
// PrintResult renders one materialized query result as text, the way the
// DuckDB CLI does: duckbox (DuckDB's own BoxRenderer, also used for `box`),
// csv, json (an array), jsonlines (an object per line), list (`|`-separated),
// tabs (tab-separated), line (`col = value`), markdown, table and column
// (aligned, numbers right-aligned), insert (INSERT statements), quote (SQL
// literals), html (table rows) and trash (nothing). NULL prints as
// `null_value` (empty by default) except in duckbox (NULL), json (null) and
// insert/quote (NULL). Modes are named as in `.mode NAME`.
//
// The result of an EXPLAIN statement prints as the DuckDB CLI prints it in any
// mode: the plan text as it is, the text tree under a "Physical Plan" title
// box, another FORMAT (json, html, graphviz) alone (explain_output.cpp).
//===----------------------------------------------------------------------===//
#pragma once

#include "duckdb.hpp"

#include <string>
#include <vector>

namespace inlake {

enum class OutputMode : uint8_t {
	DUCKBOX,
	CSV,
	JSON,
	JSONLINES,
	LIST,
	TABS,
	LINE,
	MARKDOWN,
	TABLE,
	COLUMN,
	INSERT,
	QUOTE,
	HTML,
	TRASH
};

bool ParseOutputMode(const std::string &name, OutputMode &mode);
const char *OutputModeName(OutputMode mode);
//! Every mode name, sorted, separated by spaces (for help and error messages)
std::string OutputModeNames();

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
	//! table, markdown and column: the minimum width of each column, from the first (.width); 0 leaves one as
	//! it is, a negative width right-aligns the column (numbers are right-aligned anyway)
	std::vector<int64_t> column_widths;
	//! insert: the table the INSERT statements name, as SQL (quoted where needed)
	std::string insert_table = "\"table\"";
};

//! Renders `result` into `out`; `explain_format` is the FORMAT of the EXPLAIN statement that gave it, if one did
void PrintResult(duckdb::ClientContext &context, duckdb::MaterializedQueryResult &result,
                 const PrintSettings &settings, std::string &out,
                 duckdb::ExplainFormat explain_format = duckdb::ExplainFormat::DEFAULT);

//! The column-aligned modes (markdown, table, column), in column_modes.cpp
void PrintAlignedResult(duckdb::ClientContext &context, duckdb::MaterializedQueryResult &result,
                        const PrintSettings &settings, std::string &out);

//! The modes that print SQL or markup per row (insert, quote, html), in sql_modes.cpp
void PrintRowModeResult(duckdb::ClientContext &context, duckdb::MaterializedQueryResult &result,
                        const PrintSettings &settings, std::string &out);

//! One `INSERT INTO table[(columns)] VALUES(...);` line per row of `result` (insert mode, .dump);
//! `table` is SQL text (quoted where needed)
void PrintInsertStatements(duckdb::ClientContext &context, duckdb::MaterializedQueryResult &result,
                           const std::string &table, bool column_names, std::string &out);

//! When `result` is the result of EXPLAIN [ANALYZE] (of FORMAT `format`), renders it as the DuckDB CLI does and
//! returns true (explain_output.cpp)
bool PrintExplainResult(duckdb::MaterializedQueryResult &result, duckdb::ExplainFormat format, std::string &out);

} // namespace inlake

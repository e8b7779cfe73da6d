// EXPLAIN and EXPLAIN ANALYZE results as the DuckDB CLI prints them, whatever the output mode: each row's plan
// text (explain_value) as it is, not in a table and not cut at the terminal's width. A plan tree (physical_plan,
// and logical_plan / logical_opt under explain_output = 'all') comes after an empty line and a title box naming
// it; the profile of EXPLAIN ANALYZE (analyzed_plan) carries its own title. A plan in another FORMAT (json,
// html, graphviz) prints alone, ending with a line break, so that it can be read by a program as it is.
#include "result_printer.hpp"

namespace inlake {

using namespace duckdb;

namespace {

//! The title of a plan row, as the DuckDB CLI draws it; nullptr for a row printed without one
const char *PlanTitle(const std::string &key) {
	if (key == "physical_plan") {
		return "││       Physical Plan       ││\n";
	}
	if (key == "logical_plan") {
		return "││ Unoptimized Logical Plan  ││\n";
	}
	if (key == "logical_opt") {
		return "││  Optimized Logical Plan   ││\n";
	}
	return nullptr;
}

} // namespace

bool PrintExplainResult(MaterializedQueryResult &result, ExplainFormat format, std::string &out) {
	if (result.statement_type != StatementType::EXPLAIN_STATEMENT || result.names.size() != 2 ||
	    result.names[0] != "explain_key" || result.names[1] != "explain_value") {
		return false;
	}
	for (idx_t row = 0; row < result.RowCount(); row++) {
		auto key = result.GetValue(0, row);
		auto value = result.GetValue(1, row);
		bool tree = format == ExplainFormat::DEFAULT || format == ExplainFormat::TEXT;
		auto title = key.IsNull() || !tree ? nullptr : PlanTitle(key.ToString());
		if (title) {
			out += "\n┌─────────────────────────────┐\n";
			out += "│┌───────────────────────────┐│\n";
			out += title;
			out += "│└───────────────────────────┘│\n";
			out += "└─────────────────────────────┘\n";
		}
		if (!value.IsNull()) {
			out += value.ToString();
			if (!tree && !out.empty() && out.back() != '\n') {
				out += '\n';
			}
		}
	}
	return true;
}

} // namespace inlake

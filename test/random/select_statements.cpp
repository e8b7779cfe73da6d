#include "select_statements.hpp"

#include "value_sql.hpp"

namespace inlake_random {

//! What the query returns: keys and a column's text, a count, or the column's count/min/max.
static std::string Projection(const TableModel &table, Rng &rng) {
	auto values = table.ValueColumns();
	if (values.empty()) {
		return "k";
	}
	auto column = rng.Pick(values);
	auto name = QuoteIdentifier(column->name);
	switch (rng.Below(4)) {
	case 0:
		return "count(*)";
	case 1:
		if (column->type.Orderable()) {
			return "count(" + name + "), min(" + name + ")::VARCHAR, max(" + name + ")::VARCHAR";
		}
		return "count(" + name + ")";
	default:
		return "k, " + name + "::VARCHAR";
	}
}

std::string SelectWhere(const TableModel &table, const std::vector<int64_t> &keys, DmlContext &ctx) {
	auto projection = Projection(table, ctx.rng);
	bool on_values = !table.ValueColumns().empty() && ctx.rng.Percent(80);
	auto condition = on_values ? ValueCondition(table, "", ctx) : RowCondition(table, keys, "", ctx);
	auto sql = "SELECT " + projection + " FROM " + Placeholder(table) + " WHERE " + condition;
	return projection.rfind("k", 0) == 0 ? sql + " ORDER BY k" : sql;
}

} // namespace inlake_random

// DifferentialRun::CheckTableBounds (see differential_run.hpp): the lake's table-level column statistics
// (ducklake_table_column_stats) bound the rows the lake table holds. The spec makes min_value a lower and max_value
// an upper bound of every value (cast to the column's type), contains_null / contains_nan true when a NULL / NaN is
// there; other DuckLake readers prune by them, so a violation is a wrong answer elsewhere.
#include "differential_run.hpp"

namespace inlake_random {

namespace {

std::string Quoted(const std::string &name) {
	std::string result = "\"";
	for (auto c : name) {
		result += c == '"' ? std::string("\"\"") : std::string(1, c);
	}
	return result + "\"";
}

bool IsFloating(const ColumnType &type) {
	return type.IsScalar() && (type.scalar == Scalar::FLOAT || type.scalar == Scalar::DOUBLE);
}

//! Rows of the stats row (table `table_id`, column `column_id`) whose bounds do not cast to the column's type, and
//! rows of the lake table the statistics do not bound, in one query
std::string ViolationsSql(const std::string &table, const ColumnModel &column, int64_t table_id, int64_t column_id) {
	auto type = column.type.Sql();
	auto x = "l." + table + "." + Quoted(column.name);
	auto nan = IsFloating(column.type);
	return "WITH b AS (SELECT min_value, max_value, TRY_CAST(min_value AS " + type + ") AS lo, TRY_CAST(max_value AS " +
	       type + ") AS hi, contains_null, contains_nan FROM ducklake_catalog_table('l', "
	       "'ducklake_table_column_stats') WHERE table_id = " + std::to_string(table_id) + " AND column_id = " +
	       std::to_string(column_id) + ") SELECT (SELECT count(*) FROM b WHERE (min_value IS NULL) <> (max_value IS "
	       "NULL) OR (min_value IS NOT NULL AND (lo IS NULL OR hi IS NULL))), (SELECT count(*) FROM l." + table +
	       ", b WHERE (b.lo IS NOT NULL AND " + x + " < b.lo) OR (b.hi IS NOT NULL AND " + x + " > b.hi" +
	       (nan ? " AND NOT isnan(" + x + ")" : "") + ") OR (NOT b.contains_null AND " + x + " IS NULL)" +
	       (nan ? " OR (NOT b.contains_nan AND isnan(" + x + "))" : "") + "), (SELECT min_value || ' .. ' || "
	       "max_value FROM b)";
}

} // namespace

bool DifferentialRun::CheckTableBounds(int table) {
	auto &model = generator->Tables()[table];
	auto rows = lake->Exec("SELECT t.table_id, c.column_id, c.column_name FROM ducklake_catalog_table('l', "
	                       "'ducklake_table') t JOIN ducklake_catalog_table('l', 'ducklake_column') c ON c.table_id = "
	                       "t.table_id JOIN ducklake_catalog_table('l', 'ducklake_table_column_stats') s ON "
	                       "s.table_id = c.table_id AND s.column_id = c.column_id WHERE t.end_snapshot IS NULL AND "
	                       "c.end_snapshot IS NULL AND c.parent_column IS NULL AND t.table_name = '" +
	                       model.name + "'");
	if (!rows.ok) {
		return Fail("reading the column statistics of l." + model.name + " failed: " + rows.Describe());
	}
	for (duckdb::idx_t row = 0; row < rows.result->RowCount(); row++) {
		auto name = rows.result->GetValue(2, row).ToString();
		for (auto &column : model.columns) {
			if (column.name != name || !column.type.IsScalar()) {
				continue;
			}
			auto check = lake->Exec(ViolationsSql(model.name, column, rows.result->GetValue(0, row).GetValue<int64_t>(),
			                                      rows.result->GetValue(1, row).GetValue<int64_t>()));
			if (!check.ok) {
				return Fail("checking the column statistics of l." + model.name + "." + name +
				            " failed: " + check.Describe());
			}
			auto bad_bounds = check.result->GetValue(0, 0).GetValue<int64_t>();
			auto outside = check.result->GetValue(1, 0).GetValue<int64_t>();
			if (bad_bounds != 0 || outside != 0) {
				return Fail("ducklake_table_column_stats of l." + model.name + "." + name + " (" +
				            check.result->GetValue(2, 0).ToString() + ") " +
				            (bad_bounds ? "has bounds that do not cast to " + column.type.Sql()
				                        : "does not bound " + std::to_string(outside) + " of its rows"));
			}
		}
	}
	return true;
}

} // namespace inlake_random

#include "write/inlining_policy.hpp"

#include "duckdb/common/exception.hpp"
#include "duckdb/common/exception/binder_exception.hpp"
#include "duckdb/common/string_util.hpp"

namespace inlake {

std::string InliningBlocker(const std::vector<LakeColumn> &columns, const std::string &format_version,
                            size_t max_table_columns) {
	if (columns.size() + 3 > max_table_columns) {
		return "the table has " + std::to_string(columns.size()) + " columns, and the catalog database allows " +
		       std::to_string(max_table_columns) + " per table (3 of them for inlined rows' bookkeeping)";
	}
	if (format_version != "1.0") {
		return std::string();
	}
	for (auto &column : columns) {
		auto name = duckdb::StringUtil::Lower(column.name);
		if (name == "row_id" || name == "begin_snapshot" || name == "end_snapshot") {
			return "column \"" + column.name +
			       "\" has a name that DuckLake format 1.0 reserves for inlined data (row_id, begin_snapshot, "
			       "end_snapshot); create the lake with DUCKLAKE_VERSION '1.1' to inline it";
		}
	}
	return std::string();
}

void CheckReservedColumnNames(const std::vector<LakeColumn> &columns, const std::string &format_version) {
	for (auto &column : columns) {
		auto name = duckdb::StringUtil::Lower(column.name);
		if (format_version == "1.0") {
			// every writer puts these hidden columns into the Parquet files it writes; a user column of the same
			// name would make the file's row ids ambiguous to any reader
			if (name == "_ducklake_internal_row_id" || name == "_ducklake_internal_snapshot_id") {
				throw duckdb::BinderException("Column name \"%s\" is not allowed: DuckLake writes a hidden column of "
				                              "this name into its Parquet files",
				                              column.name);
			}
		} else if (duckdb::StringUtil::StartsWith(name, "_ducklake_")) {
			throw duckdb::BinderException("Column name \"%s\" is not allowed: DuckLake format %s reserves the "
			                              "_ducklake_ prefix for internal columns",
			                              column.name, format_version);
		}
	}
}

bool HasNulInNestedValues(duckdb::ColumnDataCollection &rows, duckdb::idx_t column_count) {
	duckdb::vector<duckdb::column_t> nested;
	for (duckdb::idx_t col = 0; col < column_count && col < rows.ColumnCount(); col++) {
		if (rows.Types()[col].IsNested()) {
			nested.push_back(col);
		}
	}
	if (nested.empty()) {
		return false;
	}
	for (auto &chunk : rows.Chunks(nested)) {
		for (duckdb::idx_t col = 0; col < chunk.ColumnCount(); col++) {
			for (duckdb::idx_t row = 0; row < chunk.size(); row++) {
				auto value = chunk.GetValue(col, row);
				if (!value.IsNull() && value.ToString().find('\0') != std::string::npos) {
					return true;
				}
			}
		}
	}
	return false;
}

} // namespace inlake

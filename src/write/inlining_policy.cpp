#include "write/inlining_policy.hpp"

#include "duckdb/common/exception.hpp"
#include "duckdb/common/exception/binder_exception.hpp"
#include "duckdb/common/string_util.hpp"

namespace inlake {

std::string InliningBlocker(const std::vector<LakeColumn> &columns, const std::string &format_version) {
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
	if (format_version == "1.0") {
		return;
	}
	for (auto &column : columns) {
		if (duckdb::StringUtil::StartsWith(duckdb::StringUtil::Lower(column.name), "_ducklake_")) {
			throw duckdb::BinderException("Column name \"%s\" is not allowed: DuckLake format %s reserves the "
			                              "_ducklake_ prefix for internal columns",
			                              column.name, format_version);
		}
	}
}

} // namespace inlake

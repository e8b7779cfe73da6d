//===----------------------------------------------------------------------===//
// ducklake_column rows <-> LakeColumn trees. The catalog stores nested types
// as a parent row ("struct", "list", "map") plus child rows pointing at it via
// parent_column; the layers above want one LakeColumn per top-level column
// with its children and a full LogicalType. Shared by every backend.
//===----------------------------------------------------------------------===//
#pragma once

#include "common/lake_column.hpp"

#include <vector>

namespace inlake {

struct ColumnRow {
	int64_t table_id = -1;
	int64_t column_id = -1;
	int64_t column_order = 0;
	std::string column_name;
	std::string column_type;
	std::string default_value;
	bool has_default = false;
	std::string initial_default;
	bool has_initial_default = false;
	bool nulls_allowed = true;
	int64_t parent_column = -1;
};

//! Builds the top-level columns (ordered by column_order) from the rows of one table.
std::vector<LakeColumn> BuildColumnTrees(const std::vector<ColumnRow> &rows);
//! Flattens columns into rows: parents first, children with parent_column set.
std::vector<ColumnRow> FlattenColumnTrees(int64_t table_id, const std::vector<LakeColumn> &columns);
//! Rebuilds the LogicalType of nested columns from their children (leaf types kept).
duckdb::LogicalType ColumnTypeFromChildren(const std::string &type_name, const std::vector<LakeColumn> &children);

} // namespace inlake

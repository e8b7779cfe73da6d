#include "metadata/column_rows.hpp"

#include "common/lake_type_names.hpp"

#include "duckdb/common/exception.hpp"

#include <algorithm>
#include <map>

namespace inlake {
using duckdb::LogicalType;

LogicalType ColumnTypeFromChildren(const std::string &type_name, const std::vector<LakeColumn> &children) {
	if (type_name == "struct") {
		duckdb::child_list_t<LogicalType> fields;
		for (auto &child : children) {
			fields.emplace_back(child.name, child.type);
		}
		return LogicalType::STRUCT(std::move(fields));
	}
	if (type_name == "list") {
		if (children.size() != 1) {
			throw duckdb::InvalidInputException("DuckLake list column needs exactly one child column");
		}
		return LogicalType::LIST(children[0].type);
	}
	if (type_name == "map") {
		if (children.size() != 2) {
			throw duckdb::InvalidInputException("DuckLake map column needs a key and a value child column");
		}
		return LogicalType::MAP(children[0].type, children[1].type);
	}
	return FromLakeTypeName(type_name);
}

static LakeColumn BuildOne(const ColumnRow &row, const std::map<int64_t, std::vector<const ColumnRow *>> &by_parent) {
	LakeColumn column;
	column.column_id = row.column_id;
	column.name = row.column_name;
	column.nulls_allowed = row.nulls_allowed;
	if (row.has_default) {
		column.default_sql = row.default_value;
	}
	column.has_initial_default = row.has_initial_default;
	if (row.has_initial_default) {
		column.initial_default = row.initial_default;
	}
	auto entry = by_parent.find(row.column_id);
	if (entry != by_parent.end()) {
		for (auto child : entry->second) {
			column.children.push_back(BuildOne(*child, by_parent));
		}
	}
	column.type = ColumnTypeFromChildren(row.column_type, column.children);
	return column;
}

std::vector<LakeColumn> BuildColumnTrees(const std::vector<ColumnRow> &rows) {
	std::map<int64_t, std::vector<const ColumnRow *>> by_parent;
	for (auto &row : rows) {
		by_parent[row.parent_column].push_back(&row);
	}
	for (auto &entry : by_parent) {
		std::sort(entry.second.begin(), entry.second.end(),
		          [](const ColumnRow *a, const ColumnRow *b) { return a->column_order < b->column_order; });
	}
	std::vector<LakeColumn> result;
	auto roots = by_parent.find(-1);
	if (roots == by_parent.end()) {
		return result;
	}
	for (auto root : roots->second) {
		result.push_back(BuildOne(*root, by_parent));
	}
	return result;
}

static void FlattenOne(int64_t table_id, const LakeColumn &column, int64_t order, int64_t parent,
                       std::vector<ColumnRow> &result) {
	ColumnRow row;
	row.table_id = table_id;
	row.column_id = column.column_id;
	row.column_order = order;
	row.column_name = column.name;
	row.column_type = ToLakeTypeName(column.type);
	row.has_default = !column.default_sql.empty();
	row.default_value = column.default_sql;
	row.has_initial_default = column.has_initial_default;
	row.initial_default = column.initial_default;
	row.nulls_allowed = column.nulls_allowed;
	row.parent_column = parent;
	result.push_back(row);
	for (size_t i = 0; i < column.children.size(); i++) {
		FlattenOne(table_id, column.children[i], int64_t(i), column.column_id, result);
	}
}

std::vector<ColumnRow> FlattenColumnTrees(int64_t table_id, const std::vector<LakeColumn> &columns) {
	std::vector<ColumnRow> result;
	for (size_t i = 0; i < columns.size(); i++) {
		FlattenOne(table_id, columns[i], int64_t(i), -1, result);
	}
	return result;
}

} // namespace inlake

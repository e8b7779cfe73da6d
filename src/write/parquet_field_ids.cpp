#include "write/parquet_field_ids.hpp"

#include "duckdb/common/exception.hpp"
#include "duckdb/parser/keyword_helper.hpp"

namespace inlake {

using duckdb::LogicalType;
using duckdb::LogicalTypeId;
using duckdb::Value;

static constexpr const char *DUCKDB_FIELD_ID_KEY = "__duckdb_field_id";

static bool IsRepeated(const LogicalType &type) {
	auto id = type.id();
	return id == LogicalTypeId::LIST || id == LogicalTypeId::MAP || id == LogicalTypeId::ARRAY;
}

static bool HasChildFieldIds(const LakeColumn &column) {
	auto id = column.type.id();
	return (id == LogicalTypeId::LIST || id == LogicalTypeId::MAP || id == LogicalTypeId::STRUCT) &&
	       !column.children.empty();
}

std::vector<std::string> ParquetChildNames(const LakeColumn &column) {
	std::vector<std::string> names;
	switch (column.type.id()) {
	case LogicalTypeId::LIST:
	case LogicalTypeId::ARRAY:
		names.emplace_back("element");
		break;
	case LogicalTypeId::MAP:
		names.emplace_back("key");
		names.emplace_back("value");
		break;
	case LogicalTypeId::STRUCT:
		for (auto &child : duckdb::StructType::GetChildTypes(column.type)) {
			names.push_back(child.first);
		}
		break;
	default:
		break;
	}
	if (!column.children.empty() && names.size() != column.children.size()) {
		throw duckdb::InvalidInputException("Column \"%s\" of type %s has %llu child columns, expected %llu",
		                                    column.name, column.type.ToString(), column.children.size(),
		                                    names.size());
	}
	return names;
}

static Value FieldIdValue(const LakeColumn &column) {
	auto field_id = Value::INTEGER(duckdb::NumericCast<int32_t>(column.column_id));
	if (!HasChildFieldIds(column)) {
		return field_id;
	}
	duckdb::child_list_t<Value> entries;
	entries.emplace_back(DUCKDB_FIELD_ID_KEY, std::move(field_id));
	auto names = ParquetChildNames(column);
	for (duckdb::idx_t i = 0; i < column.children.size(); i++) {
		entries.emplace_back(names[i], FieldIdValue(column.children[i]));
	}
	return Value::STRUCT(std::move(entries));
}

std::vector<HiddenParquetColumn> RowIdAndSnapshotColumns() {
	return {{"_ducklake_internal_row_id", 2147483540}, {"_ducklake_internal_snapshot_id", 2147483539}};
}

Value BuildFieldIdsOption(const std::vector<LakeColumn> &columns, const std::vector<HiddenParquetColumn> &hidden) {
	duckdb::child_list_t<Value> entries;
	for (auto &column : columns) {
		entries.emplace_back(column.name, FieldIdValue(column));
	}
	for (auto &column : hidden) {
		entries.emplace_back(column.name, Value::INTEGER(column.field_id));
	}
	return Value::STRUCT(std::move(entries));
}

std::string FieldIdsOptionSql(const Value &field_ids) {
	if (field_ids.type().id() != duckdb::LogicalTypeId::STRUCT) {
		return field_ids.ToSQLString();
	}
	auto &child_types = duckdb::StructType::GetChildTypes(field_ids.type());
	auto &children = duckdb::StructValue::GetChildren(field_ids);
	std::string sql = "{";
	for (duckdb::idx_t i = 0; i < children.size(); i++) {
		sql += (i > 0 ? ", " : "") + duckdb::KeywordHelper::WriteQuoted(child_types[i].first, '\'') + ": " +
		       FieldIdsOptionSql(children[i]);
	}
	return sql + "}";
}

static void CollectPaths(const LakeColumn &column, const std::string &parquet_name, const std::string &prefix,
                         duckdb::idx_t depth, bool under_repeated, std::vector<ParquetStatsPath> &result) {
	std::string key = prefix.empty() ? std::string() : prefix + ".";
	key += duckdb::KeywordHelper::WriteQuoted(parquet_name, '"');
	bool is_leaf = !column.type.IsNested();
	result.push_back(ParquetStatsPath {key, &column, depth, under_repeated, is_leaf});
	if (is_leaf || column.children.empty()) {
		return;
	}
	auto names = ParquetChildNames(column);
	bool child_repeated = under_repeated || IsRepeated(column.type);
	for (duckdb::idx_t i = 0; i < column.children.size(); i++) {
		CollectPaths(column.children[i], names[i], key, depth + 1, child_repeated, result);
	}
}

std::vector<ParquetStatsPath> CollectStatsPaths(const std::vector<LakeColumn> &columns) {
	std::vector<ParquetStatsPath> result;
	for (auto &column : columns) {
		CollectPaths(column, column.name, std::string(), 0, false, result);
	}
	return result;
}

} // namespace inlake

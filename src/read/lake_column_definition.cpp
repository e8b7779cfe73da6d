#include "read/lake_column_definition.hpp"

#include "common/initial_default.hpp"

#include "duckdb/parser/expression/constant_expression.hpp"

namespace inlake {

using namespace duckdb;

static MultiFileColumnDefinition DefinitionWithId(const string &name, const LogicalType &type, int64_t field_id) {
	MultiFileColumnDefinition result(name, type);
	result.identifier = Value::INTEGER(NumericCast<int32_t>(field_id));
	result.default_expression = make_uniq<ConstantExpression>(Value(type));
	return result;
}

MultiFileColumnDefinition LakeColumnDefinition(const LakeColumn &column, bool emit_map_key_value) {
	auto result = DefinitionWithId(column.name, column.type, column.column_id);
	result.default_expression = make_uniq<ConstantExpression>(InitialDefaultValue(column));
	for (auto &child : column.children) {
		result.children.push_back(LakeColumnDefinition(child, emit_map_key_value));
	}
	if (column.type.id() == LogicalTypeId::MAP && emit_map_key_value) {
		MultiFileColumnDefinition key_value("key_value", LogicalTypeId::INVALID);
		key_value.children = std::move(result.children);
		result.children.clear();
		result.children.push_back(std::move(key_value));
	}
	return result;
}

std::vector<MultiFileColumnDefinition> LakeColumnDefinitions(const std::vector<LakeColumn> &columns,
                                                             bool emit_map_key_value) {
	std::vector<MultiFileColumnDefinition> result;
	for (auto &column : columns) {
		result.push_back(LakeColumnDefinition(column, emit_map_key_value));
	}
	return result;
}

MultiFileColumnDefinition RowIdColumnDefinition() {
	return DefinitionWithId("_ducklake_internal_row_id", LogicalType::BIGINT, LAKE_ROW_ID_FIELD_ID);
}

MultiFileColumnDefinition SnapshotIdColumnDefinition() {
	return DefinitionWithId("_ducklake_internal_snapshot_id", LogicalType::BIGINT, LAKE_SNAPSHOT_ID_FIELD_ID);
}

} // namespace inlake

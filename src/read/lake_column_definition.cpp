#include "read/lake_column_definition.hpp"

#include "duckdb/parser/expression/cast_expression.hpp"
#include "duckdb/parser/expression/constant_expression.hpp"
#include "duckdb/parser/parser.hpp"

namespace inlake {

using namespace duckdb;

static MultiFileColumnDefinition DefinitionWithId(const string &name, const LogicalType &type, int64_t field_id) {
	MultiFileColumnDefinition result(name, type);
	result.identifier = Value::INTEGER(NumericCast<int32_t>(field_id));
	result.default_expression = make_uniq<ConstantExpression>(Value(type));
	return result;
}

Value MissingColumnValue(const LakeColumn &column) {
	if (column.initial_default_sql.empty()) {
		return Value(column.type);
	}
	try {
		auto expressions = Parser::ParseExpressionList(column.initial_default_sql);
		if (expressions.size() != 1) {
			return Value(column.type);
		}
		auto *expression = expressions[0].get();
		optional_ptr<CastExpression> cast;
		if (expression->GetExpressionClass() == ExpressionClass::CAST) {
			cast = &expression->Cast<CastExpression>();
			expression = cast->child.get();
		}
		if (expression->GetExpressionClass() != ExpressionClass::CONSTANT) {
			return Value(column.type);
		}
		auto value = expression->Cast<ConstantExpression>().value;
		// the value as the default wrote it (CAST('-1.5' AS FLOAT)), then as the column's type now: a column
		// widened since (FLOAT to DOUBLE) reads the widened FLOAT, not the text read as a DOUBLE
		if (cast && cast->cast_type.id() != LogicalTypeId::USER) {
			value = value.DefaultCastAs(cast->cast_type);
		}
		return value.DefaultCastAs(column.type);
	} catch (std::exception &) {
		return Value(column.type);
	}
}

MultiFileColumnDefinition LakeColumnDefinition(const LakeColumn &column, bool emit_map_key_value) {
	auto result = DefinitionWithId(column.name, column.type, column.column_id);
	result.default_expression = make_uniq<ConstantExpression>(MissingColumnValue(column));
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

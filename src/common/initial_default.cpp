#include "common/initial_default.hpp"

#include "duckdb/parser/expression/cast_expression.hpp"
#include "duckdb/parser/expression/constant_expression.hpp"
#include "duckdb/parser/parser.hpp"

namespace inlake {
using duckdb::LogicalType;
using duckdb::LogicalTypeId;
using duckdb::Value;

std::string InitialDefaultText(const Value &value) {
	if (value.IsNull()) {
		return std::string();
	}
	if (value.type().id() == LogicalTypeId::FLOAT) {
		return value.DefaultCastAs(LogicalType::DOUBLE).ToString();
	}
	return value.ToString();
}

//! A SQL constant as inlake wrote it before: a literal, or a CAST of one (NULL when it is neither).
static Value LegacyConstant(const LakeColumn &column) {
	auto expressions = duckdb::Parser::ParseExpressionList(column.initial_default);
	if (expressions.size() != 1) {
		return Value(column.type);
	}
	auto *expression = expressions[0].get();
	duckdb::optional_ptr<duckdb::CastExpression> cast;
	if (expression->GetExpressionClass() == duckdb::ExpressionClass::CAST) {
		cast = &expression->Cast<duckdb::CastExpression>();
		expression = cast->child.get();
	}
	if (expression->GetExpressionClass() != duckdb::ExpressionClass::CONSTANT) {
		return Value(column.type);
	}
	auto value = expression->Cast<duckdb::ConstantExpression>().value;
	if (cast && cast->cast_type.id() != LogicalTypeId::USER) {
		value = value.DefaultCastAs(cast->cast_type);
	}
	return value.DefaultCastAs(column.type);
}

Value InitialDefaultValue(const LakeColumn &column) {
	if (column.initial_default.empty()) {
		return Value(column.type);
	}
	try {
		Value result;
		std::string error;
		if (Value(column.initial_default).DefaultTryCastAs(column.type, result, &error)) {
			return result;
		}
		return LegacyConstant(column);
	} catch (std::exception &) {
		return Value(column.type);
	}
}

} // namespace inlake

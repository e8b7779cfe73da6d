#include "common/initial_default.hpp"

#include "duckdb/parser/expression/cast_expression.hpp"
#include "duckdb/parser/expression/constant_expression.hpp"
#include "duckdb/parser/parser.hpp"

namespace inlake {
using duckdb::LogicalType;
using duckdb::LogicalTypeId;
using duckdb::Value;

LogicalType InitialDefaultTextType(const LogicalType &type) {
	if (type.IsJSONType()) {
		return LogicalType::VARCHAR;
	}
	switch (type.id()) {
	case LogicalTypeId::LIST:
		return LogicalType::LIST(InitialDefaultTextType(duckdb::ListType::GetChildType(type)));
	case LogicalTypeId::ARRAY:
		return LogicalType::ARRAY(InitialDefaultTextType(duckdb::ArrayType::GetChildType(type)),
		                          duckdb::ArrayType::GetSize(type));
	case LogicalTypeId::MAP:
		return LogicalType::MAP(InitialDefaultTextType(duckdb::MapType::KeyType(type)),
		                        InitialDefaultTextType(duckdb::MapType::ValueType(type)));
	case LogicalTypeId::STRUCT: {
		duckdb::child_list_t<LogicalType> children;
		for (auto &child : duckdb::StructType::GetChildTypes(type)) {
			children.emplace_back(child.first, InitialDefaultTextType(child.second));
		}
		return LogicalType::STRUCT(std::move(children));
	}
	default:
		return type;
	}
}

std::string InitialDefaultText(const Value &value) {
	if (value.IsNull()) {
		return std::string();
	}
	if (value.type().id() == LogicalTypeId::FLOAT) {
		return value.DefaultCastAs(LogicalType::DOUBLE).ToString();
	}
	return value.DefaultCastAs(InitialDefaultTextType(value.type())).ToString();
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
	if (!column.has_initial_default) {
		return Value(column.type);
	}
	try {
		Value text_typed, result;
		std::string error;
		if (Value(column.initial_default).DefaultTryCastAs(InitialDefaultTextType(column.type), text_typed, &error) &&
		    text_typed.DefaultTryCastAs(column.type, result, &error)) {
			return result;
		}
		return LegacyConstant(column);
	} catch (std::exception &) {
		return Value(column.type);
	}
}

} // namespace inlake

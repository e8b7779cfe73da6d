#include "metadata/filter_sql.hpp"

#include "duckdb/planner/filter/conjunction_filter.hpp"
#include "duckdb/planner/filter/constant_filter.hpp"
#include "duckdb/planner/filter/in_filter.hpp"

namespace inlake {
using namespace duckdb; // NOLINT

namespace {

bool IsPlainType(const LogicalType &type) {
	// Nested values have no SQL literal that compares the same way everywhere.
	return !type.IsNested() && type.id() != LogicalTypeId::VARIANT;
}

//! The SQL operator of a comparison; nullptr for one plain SQL cannot write the same way everywhere.
const char *ComparisonOperator(ExpressionType type) {
	switch (type) {
	case ExpressionType::COMPARE_EQUAL:
		return "=";
	case ExpressionType::COMPARE_NOTEQUAL:
		return "<>";
	case ExpressionType::COMPARE_LESSTHAN:
		return "<";
	case ExpressionType::COMPARE_GREATERTHAN:
		return ">";
	case ExpressionType::COMPARE_LESSTHANOREQUALTO:
		return "<=";
	case ExpressionType::COMPARE_GREATERTHANOREQUALTO:
		return ">=";
	default:
		return nullptr;
	}
}

//! A constant as one operand: its literal in parentheses, so that a sign never joins the operator before it
//! (PostgreSQL reads `"a"!=-2` as the operator `!=-`).
std::string Operand(const Value &value) {
	return "(" + value.ToSQLString() + ")";
}

} // namespace

void TableFilterToSql(const TableFilter &filter, const std::string &column_sql, std::vector<std::string> &conditions) {
	switch (filter.filter_type) {
	case TableFilterType::CONSTANT_COMPARISON: {
		auto &constant = filter.Cast<ConstantFilter>();
		auto op = ComparisonOperator(constant.comparison_type);
		if (op && !constant.constant.IsNull() && IsPlainType(constant.constant.type())) {
			conditions.push_back(column_sql + " " + op + " " + Operand(constant.constant));
		}
		break;
	}
	case TableFilterType::IS_NULL:
		conditions.push_back(column_sql + " IS NULL");
		break;
	case TableFilterType::IS_NOT_NULL:
		conditions.push_back(column_sql + " IS NOT NULL");
		break;
	case TableFilterType::IN_FILTER: {
		auto &in = filter.Cast<InFilter>();
		std::string list;
		for (auto &value : in.values) {
			if (value.IsNull() || !IsPlainType(value.type())) {
				return;
			}
			list += (list.empty() ? "" : ", ") + Operand(value);
		}
		if (!list.empty()) {
			conditions.push_back(column_sql + " IN (" + list + ")");
		}
		break;
	}
	case TableFilterType::CONJUNCTION_AND:
		// each part a condition of its own (the caller ANDs them): a part left out only widens the selection
		for (auto &child : filter.Cast<ConjunctionAndFilter>().child_filters) {
			TableFilterToSql(*child, column_sql, conditions);
		}
		break;
	default:
		break;
	}
}

} // namespace inlake

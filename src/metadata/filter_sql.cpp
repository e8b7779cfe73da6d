#include "metadata/filter_sql.hpp"

#include "duckdb/planner/filter/conjunction_filter.hpp"
#include "duckdb/planner/filter/constant_filter.hpp"
#include "duckdb/planner/filter/in_filter.hpp"

namespace inlake {
using namespace duckdb; // NOLINT

static bool IsPlainType(const LogicalType &type) {
	// Nested values have no SQL literal that compares the same way everywhere.
	return !type.IsNested() && type.id() != LogicalTypeId::VARIANT;
}

void TableFilterToSql(const TableFilter &filter, const std::string &column_sql, std::vector<std::string> &conditions) {
	switch (filter.filter_type) {
	case TableFilterType::CONSTANT_COMPARISON: {
		auto &constant = filter.Cast<ConstantFilter>();
		if (IsPlainType(constant.constant.type())) {
			conditions.push_back(constant.ToString(column_sql));
		}
		break;
	}
	case TableFilterType::IS_NULL:
	case TableFilterType::IS_NOT_NULL:
		conditions.push_back(filter.ToString(column_sql));
		break;
	case TableFilterType::IN_FILTER: {
		auto &in = filter.Cast<InFilter>();
		std::string list;
		for (auto &value : in.values) {
			if (!IsPlainType(value.type())) {
				return;
			}
			list += (list.empty() ? "" : ", ") + value.ToSQLString();
		}
		conditions.push_back(column_sql + " IN (" + list + ")");
		break;
	}
	case TableFilterType::CONJUNCTION_AND:
		for (auto &child : filter.Cast<ConjunctionAndFilter>().child_filters) {
			TableFilterToSql(*child, column_sql, conditions);
		}
		break;
	default:
		break;
	}
}

} // namespace inlake

#include "read/float_equality_filter.hpp"

#include "duckdb/planner/filter/conjunction_filter.hpp"
#include "duckdb/planner/filter/constant_filter.hpp"

namespace inlake {
using namespace duckdb;

//! The children of a conjunction with FloatEqualityAsRange applied to each; false when none changed.
static bool RangesInChildren(const vector<unique_ptr<TableFilter>> &children, vector<unique_ptr<TableFilter>> &result) {
	bool changed = false;
	for (auto &child : children) {
		auto range = FloatEqualityAsRange(*child);
		changed = changed || range;
		result.push_back(range ? std::move(range) : child->Copy());
	}
	return changed;
}

unique_ptr<TableFilter> FloatEqualityAsRange(const TableFilter &filter) {
	switch (filter.filter_type) {
	case TableFilterType::CONSTANT_COMPARISON: {
		auto &comparison = filter.Cast<ConstantFilter>();
		if (comparison.comparison_type != ExpressionType::COMPARE_EQUAL) {
			return nullptr;
		}
		auto range = make_uniq<ConjunctionAndFilter>();
		range->child_filters.push_back(
		    make_uniq<ConstantFilter>(ExpressionType::COMPARE_GREATERTHANOREQUALTO, comparison.constant));
		range->child_filters.push_back(
		    make_uniq<ConstantFilter>(ExpressionType::COMPARE_LESSTHANOREQUALTO, comparison.constant));
		return std::move(range);
	}
	case TableFilterType::CONJUNCTION_AND: {
		auto result = make_uniq<ConjunctionAndFilter>();
		if (!RangesInChildren(filter.Cast<ConjunctionAndFilter>().child_filters, result->child_filters)) {
			return nullptr;
		}
		return std::move(result);
	}
	case TableFilterType::CONJUNCTION_OR: {
		auto result = make_uniq<ConjunctionOrFilter>();
		if (!RangesInChildren(filter.Cast<ConjunctionOrFilter>().child_filters, result->child_filters)) {
			return nullptr;
		}
		return std::move(result);
	}
	default:
		return nullptr;
	}
}

} // namespace inlake

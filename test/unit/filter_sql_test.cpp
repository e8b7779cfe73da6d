// Units for TableFilterToSql: pushed-down filters rendered for the catalog databases, with spaced operators and
// parenthesised constants (a negative constant never joins the operator: PostgreSQL read "a"!=-2 as !=-).
#include "metadata/filter_sql.hpp"

#include "duckdb/planner/filter/conjunction_filter.hpp"
#include "duckdb/planner/filter/constant_filter.hpp"
#include "duckdb/planner/filter/in_filter.hpp"
#include "duckdb/planner/filter/null_filter.hpp"

#include <gtest/gtest.h>

using namespace inlake;
using duckdb::ExpressionType;
using duckdb::Value;

namespace {

std::vector<std::string> Render(const duckdb::TableFilter &filter) {
	std::vector<std::string> conditions;
	TableFilterToSql(filter, "\"a\"", conditions);
	return conditions;
}

} // namespace

TEST(TableFilterToSql, EveryComparisonWithANegativeConstant) {
	std::vector<std::pair<ExpressionType, std::string>> cases = {
	    {ExpressionType::COMPARE_EQUAL, "\"a\" = (-2)"},
	    {ExpressionType::COMPARE_NOTEQUAL, "\"a\" <> (-2)"},
	    {ExpressionType::COMPARE_LESSTHAN, "\"a\" < (-2)"},
	    {ExpressionType::COMPARE_GREATERTHAN, "\"a\" > (-2)"},
	    {ExpressionType::COMPARE_LESSTHANOREQUALTO, "\"a\" <= (-2)"},
	    {ExpressionType::COMPARE_GREATERTHANOREQUALTO, "\"a\" >= (-2)"},
	};
	for (auto &entry : cases) {
		duckdb::ConstantFilter filter(entry.first, Value::INTEGER(-2));
		EXPECT_EQ(Render(filter), std::vector<std::string> {entry.second});
	}
	duckdb::ConstantFilter smallest(ExpressionType::COMPARE_NOTEQUAL, Value::BIGINT(-9223372036854775807LL - 1));
	EXPECT_EQ(Render(smallest), std::vector<std::string> {"\"a\" <> (-9223372036854775808)"});
}

TEST(TableFilterToSql, NullChecksInListsAndConjunctions) {
	EXPECT_EQ(Render(duckdb::IsNullFilter()), std::vector<std::string> {"\"a\" IS NULL"});
	EXPECT_EQ(Render(duckdb::IsNotNullFilter()), std::vector<std::string> {"\"a\" IS NOT NULL"});
	duckdb::InFilter in(duckdb::vector<Value> {Value::INTEGER(-2), Value::INTEGER(3)});
	EXPECT_EQ(Render(in), std::vector<std::string> {"\"a\" IN ((-2), (3))"});
	duckdb::ConjunctionAndFilter both;
	both.child_filters.push_back(duckdb::make_uniq<duckdb::ConstantFilter>(ExpressionType::COMPARE_GREATERTHAN,
	                                                                        Value::INTEGER(-5)));
	both.child_filters.push_back(duckdb::make_uniq<duckdb::IsNotNullFilter>());
	EXPECT_EQ(Render(both), (std::vector<std::string> {"\"a\" > (-5)", "\"a\" IS NOT NULL"}));
}

TEST(TableFilterToSql, LeavesOutWhatItCannotWrite) {
	// a nested constant, and OR: the reader applies the complete filter anyway
	duckdb::ConstantFilter nested(ExpressionType::COMPARE_EQUAL, Value::LIST({Value::INTEGER(1)}));
	EXPECT_TRUE(Render(nested).empty());
	duckdb::ConjunctionOrFilter either;
	either.child_filters.push_back(duckdb::make_uniq<duckdb::IsNullFilter>());
	EXPECT_TRUE(Render(either).empty());
}

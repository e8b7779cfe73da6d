// Units for the small text formats the catalog layer reads and writes:
// ducklake_snapshot_changes.changes_made, CREATE TABLE option clauses, option
// validation and DuckLake type names.
#include "catalog/option_registry.hpp"
#include "catalog/table_options_clause.hpp"
#include "common/lake_type_names.hpp"
#include "transaction/change_set.hpp"

#include "duckdb/common/exception.hpp"

#include <gtest/gtest.h>

using namespace inlake;

TEST(ChangeSet, RoundTripsQuotedNamesWithCommasAndQuotes) {
	ChangeSet changes;
	changes.Add("created_table", ChangeSet::QuoteName("s,1") + "." + ChangeSet::QuoteName("my \"t\""));
	changes.AddId("inlined_insert", 7);
	changes.AddId("inlined_insert", 7); // duplicates are kept once
	auto text = changes.ToString();
	EXPECT_EQ(text, "created_table:\"s,1\".\"my \"\"t\"\"\",inlined_insert:7");
	auto parsed = ChangeSet::Parse(text);
	ASSERT_EQ(parsed.size(), 2u);
	EXPECT_EQ(parsed[0].kind, "created_table");
	EXPECT_EQ(parsed[0].value, "\"s,1\".\"my \"\"t\"\"\"");
	EXPECT_EQ(parsed[1].kind, "inlined_insert");
	EXPECT_EQ(parsed[1].value, "7");
}

TEST(TableOptionsClause, ReadsWithClauseAndShellMarker) {
	auto options = ParseTableOptionsClause("CREATE TABLE t (a INT, b VARCHAR DEFAULT 'x,y') WITH "
	                                       "(data_inlining_row_limit = 100, auto_compact = 'false')");
	ASSERT_EQ(options.size(), 2u);
	EXPECT_EQ(options[0].first, "data_inlining_row_limit");
	EXPECT_EQ(options[0].second, "100");
	EXPECT_EQ(options[1].second, "false");
	auto marker = ParseTableOptionsClause("CREATE TABLE t /*+inlake_with(data_inlining_row_limit = 5)*/ AS SELECT 1");
	ASSERT_EQ(marker.size(), 1u);
	EXPECT_EQ(marker[0].second, "5");
}

TEST(TableOptionsClause, IgnoresCommonTableExpressionsOfCtas) {
	EXPECT_TRUE(ParseTableOptionsClause("CREATE TABLE t AS WITH c AS (SELECT 1) SELECT * FROM c").empty());
	EXPECT_TRUE(ParseTableOptionsClause("CREATE TABLE t (a VARCHAR DEFAULT 'WITH (x = 1)')").empty());
	EXPECT_THROW(ParseTableOptionsClause("CREATE TABLE t (a INT) WITH (novalue)"), std::exception);
}

TEST(OptionRegistry, ValidatesKeysScopesAndValues) {
	EXPECT_EQ(CanonicalOptionKey("DATA_INLINING_ROW_LIMIT", OptionScope::TABLE), "data_inlining_row_limit");
	EXPECT_THROW(CanonicalOptionKey("nope", OptionScope::GLOBAL), duckdb::InvalidInputException);
	EXPECT_THROW(CanonicalOptionKey("expire_older_than", OptionScope::TABLE), duckdb::InvalidInputException);
	EXPECT_EQ(ValidateOptionValue("data_inlining_row_limit", duckdb::Value::INTEGER(5)), "5");
	EXPECT_THROW(ValidateOptionValue("data_inlining_row_limit", duckdb::Value::INTEGER(-1)),
	             duckdb::InvalidInputException);
	EXPECT_THROW(ValidateOptionValue("data_inlining_row_limit", duckdb::Value::DOUBLE(1.5)),
	             duckdb::InvalidInputException);
	EXPECT_EQ(ValidateOptionValue("auto_compact", duckdb::Value("FALSE")), "false");
	EXPECT_THROW(ValidateOptionValue("auto_compact", duckdb::Value("maybe")), duckdb::InvalidInputException);
}

TEST(LakeTypeNames, MapsDuckDBTypesBothWays) {
	using duckdb::LogicalType;
	EXPECT_EQ(ToLakeTypeName(LogicalType::INTEGER), "int32");
	EXPECT_EQ(ToLakeTypeName(LogicalType::DECIMAL(18, 3)), "decimal(18,3)");
	EXPECT_EQ(ToLakeTypeName(LogicalType::TIMESTAMP_TZ), "timestamptz");
	EXPECT_EQ(ToLakeTypeName(LogicalType::JSON()), "json");
	EXPECT_EQ(FromLakeTypeName("decimal(18,3)"), LogicalType::DECIMAL(18, 3));
	EXPECT_EQ(FromLakeTypeName("uint64"), LogicalType::UBIGINT);
	EXPECT_THROW(FromLakeTypeName("int256"), duckdb::InvalidInputException);
	EXPECT_THROW(ToLakeTypeName(LogicalType::BIT), duckdb::NotImplementedException);
}

// Tests of InlinedRowsColumnStats (src/write/inlined_rows_stats): the statistics of rows a commit inlines must be
// the ones DuckDB itself gives for the same values (min/max leave NaN out), whichever path computes them (a typed
// pass for plain columns, a pass over Values for the rest).
#include "write/inlined_rows_stats.hpp"

#include "duckdb.hpp"

#include <gtest/gtest.h>

using namespace duckdb;
using inlake::FileColumnStatsRecord;
using inlake::LakeColumn;

namespace {

class InlinedRowsStatsTest : public ::testing::Test {
protected:
	InlinedRowsStatsTest() : db(nullptr), con(db) {
	}

	//! The statistics of the rows of `select`, one column per result column (column ids 1, 2, ...)
	std::vector<FileColumnStatsRecord> StatsOf(const string &select) {
		auto result = con.Query(select);
		EXPECT_FALSE(result->HasError()) << result->GetError();
		std::vector<LakeColumn> columns;
		for (idx_t i = 0; i < result->types.size(); i++) {
			LakeColumn column;
			column.column_id = int64_t(i + 1);
			column.name = result->names[i];
			column.type = result->types[i];
			columns.push_back(column);
		}
		auto &rows = result->Collection();
		return inlake::InlinedRowsColumnStats(columns, rows);
	}

	//! What DuckDB says of column `name` of `rows`: count, NULL count, NaN, min and max without NaN
	string Expected(const string &rows, const string &name) {
		auto nan = "isnan(TRY_CAST(" + name + " AS DOUBLE))";
		auto result = con.Query("SELECT count(*)::VARCHAR || ',' || (count(*) - count(" + name + "))::VARCHAR || ',' || "
		                        "coalesce(bool_or(" + nan + "), false)::VARCHAR || ',' || coalesce(min(" + name +
		                        ") FILTER (WHERE NOT coalesce(" + nan + ", false))::VARCHAR, '-') || ',' || "
		                        "coalesce(max(" + name + ") FILTER (WHERE NOT coalesce(" + nan +
		                        ", false))::VARCHAR, '-') FROM (" + rows + ")");
		EXPECT_FALSE(result->HasError()) << result->GetError();
		return result->GetValue(0, 0).ToString();
	}

	static string Actual(const FileColumnStatsRecord &record) {
		return std::to_string(record.value_count) + "," + std::to_string(record.null_count) + "," +
		       (record.contains_nan ? "true" : "false") + "," + (record.has_min_max ? record.min_value : "-") + "," +
		       (record.has_min_max ? record.max_value : "-");
	}

	DuckDB db;
	Connection con;
};

TEST_F(InlinedRowsStatsTest, PlainColumnsMatchDuckDB) {
	// 3000 rows: two chunks, NULLs, NaN, -0.0 and 0.0, equal values, strings of one to a few bytes
	string rows = "SELECT CASE WHEN i % 7 = 0 THEN NULL ELSE (i * 37) % 1001 - 500 END::INTEGER AS a, "
	              "CASE WHEN i % 11 = 0 THEN 'nan'::DOUBLE WHEN i % 13 = 0 THEN -0.0 ELSE i * 0.5 - 3 END AS b, "
	              "CASE WHEN i % 5 = 0 THEN NULL ELSE 'v' || ((i * 7919) % 3000)::VARCHAR END AS c, "
	              "(DATE '2020-01-01' + (i % 400)::INTEGER) AS d, "
	              "(i % 3 = 0) AS e, "
	              "((i * 13) % 1000 - 400)::DECIMAL(9, 2) AS f, "
	              "(TIMESTAMP '2021-05-01 10:00:00' + to_seconds(i * 97)) AS g, "
	              "CASE WHEN i % 17 = 0 THEN 'nan'::FLOAT ELSE (i % 50)::FLOAT / 3 END AS h, "
	              "(i % 200)::UTINYINT AS k, "
	              "('\\x' || lpad(to_hex(i % 256), 2, '0'))::BLOB AS l "
	              "FROM range(3000) t(i)";
	auto stats = StatsOf(rows);
	std::vector<string> names {"a", "b", "c", "d", "e", "f", "g", "h", "k", "l"};
	ASSERT_EQ(stats.size(), names.size());
	for (idx_t i = 0; i < names.size(); i++) {
		SCOPED_TRACE(names[i]);
		EXPECT_EQ(stats[i].column_id, int64_t(i + 1));
		EXPECT_EQ(Actual(stats[i]), Expected(rows, names[i]));
	}
}

TEST_F(InlinedRowsStatsTest, OnlyNullsAndOnlyNaNHaveNoBounds) {
	auto stats = StatsOf("SELECT NULL::BIGINT AS a, 'nan'::DOUBLE AS b FROM range(3)");
	ASSERT_EQ(stats.size(), 2u);
	EXPECT_EQ(Actual(stats[0]), "3,3,false,-,-");
	EXPECT_EQ(Actual(stats[1]), "3,0,true,-,-");
}

TEST_F(InlinedRowsStatsTest, LongStringsAreBoundedByTheirPrefix) {
	// a value longer than the bound limit: its prefix below, the prefix raised in its last byte above
	auto stats = StatsOf("SELECT * FROM (VALUES (repeat('b', 300)), ('a'), (repeat('b', 10))) t(s)");
	ASSERT_EQ(stats.size(), 1u);
	ASSERT_TRUE(stats[0].has_min_max);
	EXPECT_EQ(stats[0].min_value, "a");
	EXPECT_EQ(stats[0].max_value, string(255, 'b') + "c");
	// JSON is no VARCHAR to cut: a long JSON value leaves the column without bounds
	auto json = StatsOf("SELECT ('\"' || repeat('j', 300) || '\"')::JSON AS j UNION ALL SELECT '1'::JSON");
	ASSERT_EQ(json.size(), 1u);
	EXPECT_FALSE(json[0].has_min_max);
}

} // namespace

// Tests of DirectTableWriter (src/metadata/duckdb): appends and keyed updates of catalog tables through
// DuckDB's storage API, inside a connection's open transaction, checked with plain SQL afterwards.
#include "metadata/duckdb/direct_table_writer.hpp"

#include "duckdb.hpp"
#include "duckdb/main/client_context.hpp"

#include <gtest/gtest.h>

using namespace duckdb;
using inlake::DirectTableWriter;
using inlake::KeyedUpdate;

namespace {

class DirectTableWriterTest : public ::testing::Test {
protected:
	DirectTableWriterTest() : db(nullptr), connection(db), checker(db) {
		checker.Query("CREATE TABLE stats (table_id BIGINT PRIMARY KEY, n BIGINT, label VARCHAR, extra VARCHAR)");
		checker.Query("CREATE TABLE pairs (a BIGINT, b BIGINT, v VARCHAR)");
	}

	void Begin() {
		connection.context->transaction.BeginTransaction();
		connection.context->transaction.SetAutoCommit(false);
	}
	void Commit() {
		connection.context->transaction.Commit();
	}
	DirectTableWriter Writer() {
		return DirectTableWriter(*connection.context, "memory", "main");
	}

	DuckDB db;
	Connection connection;
	Connection checker;
};

TEST_F(DirectTableWriterTest, AppendedRowsBecomeVisibleAtCommitWithTrailingColumnsNull) {
	Begin();
	Writer().AppendValues("stats", {{Value::BIGINT(1), Value::BIGINT(10), Value("one")},
	                                {Value::BIGINT(2), Value::INTEGER(20), Value(LogicalType::VARCHAR)}});
	EXPECT_EQ(checker.Query("SELECT count(*) FROM stats")->GetValue(0, 0).GetValue<int64_t>(), 0)
	    << "uncommitted rows are visible to another connection";
	Commit();
	auto result = checker.Query("SELECT table_id, n, label, extra FROM stats ORDER BY table_id");
	ASSERT_EQ(result->RowCount(), 2u);
	EXPECT_EQ(result->GetValue(1, 0).GetValue<int64_t>(), 10);
	EXPECT_EQ(result->GetValue(2, 0).ToString(), "one");
	EXPECT_TRUE(result->GetValue(3, 0).IsNull());
	EXPECT_EQ(result->GetValue(1, 1).GetValue<int64_t>(), 20) << "an INTEGER value is cast to the BIGINT column";
	EXPECT_TRUE(result->GetValue(2, 1).IsNull());
}

TEST_F(DirectTableWriterTest, RollbackDiscardsAppendsAndUpdates) {
	checker.Query("INSERT INTO stats VALUES (1, 10, 'one', NULL)");
	Begin();
	auto writer = Writer();
	writer.AppendValues("stats", {{Value::BIGINT(2), Value::BIGINT(20), Value("two")}});
	writer.UpdateByKey("stats", {"table_id"}, {"n"}, {KeyedUpdate {{1}, {Value::BIGINT(11)}}});
	connection.context->transaction.Rollback(nullptr);
	auto result = checker.Query("SELECT count(*), sum(n)::BIGINT FROM stats");
	EXPECT_EQ(result->GetValue(0, 0).GetValue<int64_t>(), 1);
	EXPECT_EQ(result->GetValue(1, 0).GetValue<int64_t>(), 10);
}

TEST_F(DirectTableWriterTest, PrimaryKeyViolationFailsTheCommit) {
	checker.Query("INSERT INTO stats VALUES (1, 10, 'one', NULL)");
	Begin();
	bool failed = false;
	try {
		Writer().AppendValues("stats", {{Value::BIGINT(1), Value::BIGINT(99), Value("dup")}});
		Commit();
	} catch (std::exception &) {
		failed = true;
	}
	if (connection.context->transaction.HasActiveTransaction()) {
		connection.context->transaction.Rollback(nullptr);
	}
	EXPECT_TRUE(failed) << "a duplicate primary key was accepted";
	EXPECT_EQ(checker.Query("SELECT count(*) FROM stats")->GetValue(0, 0).GetValue<int64_t>(), 1);
}

TEST_F(DirectTableWriterTest, UpdateByKeyChangesOnlyMatchingRowsAndCountsMatches) {
	checker.Query("INSERT INTO pairs VALUES (1, 1, 'a'), (1, 2, 'b'), (2, 1, 'c'), (NULL, 1, 'null key')");
	Begin();
	auto matched = Writer().UpdateByKey("pairs", {"a", "b"}, {"v"},
	                                    {KeyedUpdate {{1, 2}, {Value("B")}}, KeyedUpdate {{2, 1}, {Value("C")}},
	                                     KeyedUpdate {{3, 3}, {Value("none")}}});
	Commit();
	ASSERT_EQ(matched.size(), 3u);
	EXPECT_EQ(matched[0], 1u);
	EXPECT_EQ(matched[1], 1u);
	EXPECT_EQ(matched[2], 0u);
	auto result = checker.Query("SELECT string_agg(v, ',' ORDER BY a NULLS LAST, b) FROM pairs");
	EXPECT_EQ(result->GetValue(0, 0).ToString(), "a,B,C,null key");
}

TEST_F(DirectTableWriterTest, UpdateSeesRowsAppendedInTheSameTransaction) {
	Begin();
	auto writer = Writer();
	writer.AppendValues("stats", {{Value::BIGINT(7), Value::BIGINT(1), Value("new")}});
	auto matched = writer.UpdateByKey("stats", {"table_id"}, {"n", "label"},
	                                  {KeyedUpdate {{7}, {Value::BIGINT(2), Value("updated")}}});
	Commit();
	EXPECT_EQ(matched[0], 1u);
	auto result = checker.Query("SELECT n, label FROM stats WHERE table_id = 7");
	ASSERT_EQ(result->RowCount(), 1u);
	EXPECT_EQ(result->GetValue(0, 0).GetValue<int64_t>(), 2);
	EXPECT_EQ(result->GetValue(1, 0).ToString(), "updated");
}

} // namespace

TEST_F(DirectTableWriterTest, FailedAppendLeavesNoIndexEntriesBehind) {
	// rows 5 and 6 are indexed before the duplicate 6 fails the append: their entries must go again
	Begin();
	bool failed = false;
	try {
		Writer().AppendValues("stats", {{Value::BIGINT(5), Value::BIGINT(1)},
		                                {Value::BIGINT(6), Value::BIGINT(2)},
		                                {Value::BIGINT(6), Value::BIGINT(3)}});
	} catch (std::exception &) {
		failed = true;
	}
	EXPECT_TRUE(failed) << "a duplicate primary key within one append was accepted";
	connection.context->transaction.Rollback(nullptr);
	// the same keys go in cleanly afterwards, and the failed rows never became visible
	Begin();
	Writer().AppendValues("stats", {{Value::BIGINT(5), Value::BIGINT(10)}, {Value::BIGINT(6), Value::BIGINT(20)}});
	Commit();
	auto result = checker.Query("SELECT string_agg(table_id || ':' || n, ',' ORDER BY table_id) FROM stats");
	EXPECT_EQ(result->GetValue(0, 0).ToString(), "5:10,6:20");
}

TEST_F(DirectTableWriterTest, AppendedRowsAreInvisibleToOtherTransactionsUntilCommit) {
	Begin();
	Writer().AppendValues("stats", {{Value::BIGINT(7), Value::BIGINT(70)}});
	EXPECT_EQ(checker.Query("SELECT count(*) FROM stats")->GetValue(0, 0).GetValue<int64_t>(), 0);
	Commit();
	EXPECT_EQ(checker.Query("SELECT count(*) FROM stats")->GetValue(0, 0).GetValue<int64_t>(), 1);
}

TEST_F(DirectTableWriterTest, AppendOfACollectionCastsAndKeepsEveryChunk) {
	// 5,000 rows: three chunks of the collection, appended in one go (checks, index entries, rows); the
	// collection's INTEGER and BIGINT columns are cast to the table's BIGINT and VARCHAR, as an INSERT would
	vector<LogicalType> types {LogicalType::INTEGER, LogicalType::BIGINT, LogicalType::VARCHAR,
	                           LogicalType::VARCHAR};
	ColumnDataCollection rows(Allocator::DefaultAllocator(), types);
	DataChunk chunk;
	chunk.Initialize(Allocator::DefaultAllocator(), types);
	for (int64_t i = 0; i < 5000; i++) {
		chunk.SetValue(0, chunk.size(), Value::INTEGER(int32_t(i)));
		chunk.SetValue(1, chunk.size(), Value::BIGINT(i * 2));
		chunk.SetValue(2, chunk.size(), Value("row " + std::to_string(i)));
		chunk.SetValue(3, chunk.size(), Value(LogicalType::VARCHAR));
		chunk.SetCardinality(chunk.size() + 1);
		if (chunk.size() == STANDARD_VECTOR_SIZE) {
			rows.Append(chunk);
			chunk.Reset();
		}
	}
	rows.Append(chunk);
	Begin();
	Writer().Append("stats", rows);
	Commit();
	auto result = checker.Query("SELECT count(*), count(DISTINCT table_id), sum(n), min(label), max(label), "
	                            "count(extra) FROM stats");
	EXPECT_EQ(result->GetValue(0, 0).GetValue<int64_t>(), 5000);
	EXPECT_EQ(result->GetValue(1, 0).GetValue<int64_t>(), 5000);
	EXPECT_EQ(result->GetValue(2, 0).GetValue<int64_t>(), 4999 * 5000);
	EXPECT_EQ(result->GetValue(3, 0).ToString(), "row 0");
	EXPECT_EQ(result->GetValue(4, 0).ToString(), "row 999");
	EXPECT_EQ(result->GetValue(5, 0).GetValue<int64_t>(), 0);
	// the primary key index holds every appended row: a duplicate of the last chunk's rows fails
	Begin();
	bool failed = false;
	try {
		Writer().AppendValues("stats", {{Value::BIGINT(4999), Value::BIGINT(1)}});
	} catch (std::exception &) {
		failed = true;
	}
	EXPECT_TRUE(failed) << "a row of the third chunk is missing from the primary key index";
	connection.context->transaction.Rollback(nullptr);
}

TEST_F(DirectTableWriterTest, AppendOfACollectionWithAViolationAppendsNothing) {
	vector<LogicalType> types {LogicalType::BIGINT, LogicalType::BIGINT, LogicalType::VARCHAR, LogicalType::VARCHAR};
	ColumnDataCollection rows(Allocator::DefaultAllocator(), types);
	DataChunk chunk;
	chunk.Initialize(Allocator::DefaultAllocator(), types);
	for (int64_t id : {1, 2, 1}) {
		chunk.SetValue(0, chunk.size(), Value::BIGINT(id));
		chunk.SetValue(1, chunk.size(), Value::BIGINT(id));
		chunk.SetValue(2, chunk.size(), Value("x"));
		chunk.SetValue(3, chunk.size(), Value("y"));
		chunk.SetCardinality(chunk.size() + 1);
	}
	rows.Append(chunk);
	Begin();
	bool failed = false;
	try {
		Writer().Append("stats", rows);
	} catch (std::exception &) {
		failed = true;
	}
	EXPECT_TRUE(failed) << "a duplicate primary key within one appended collection was accepted";
	connection.context->transaction.Rollback(nullptr);
	EXPECT_EQ(checker.Query("SELECT count(*) FROM stats")->GetValue(0, 0).GetValue<int64_t>(), 0);
}

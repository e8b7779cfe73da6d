// Tests of the one-step commit statement's text cache (src/metadata/sql/inlined_insert_statement): the parameters
// InlinedInsertParameters builds without the text are those InlinedInsertStatement binds, in the same order, and
// commits of one shape (InlinedInsertShape) get the same text.
#include "metadata/sql/inlined_insert_statement.hpp"
#include "metadata/postgres/postgres_dialect.hpp"

#include <gtest/gtest.h>

using namespace duckdb;
using inlake::InlinedInsertCommit;

namespace {

//! Rows of (BIGINT, VARCHAR, DOUBLE) with the two trailing columns a transaction's rows carry (row id, snapshot)
ColumnDataCollection Rows(int64_t first, int64_t count) {
	vector<LogicalType> types {LogicalType::BIGINT, LogicalType::VARCHAR, LogicalType::DOUBLE, LogicalType::BIGINT,
	                           LogicalType::BIGINT};
	ColumnDataCollection rows(Allocator::DefaultAllocator(), types);
	DataChunk chunk;
	chunk.Initialize(Allocator::DefaultAllocator(), types);
	for (int64_t i = first; i < first + count; i++) {
		chunk.SetValue(0, chunk.size(), Value::BIGINT(i));
		chunk.SetValue(1, chunk.size(), i % 3 == 0 ? Value(LogicalType::VARCHAR) : Value("row " + std::to_string(i)));
		chunk.SetValue(2, chunk.size(), Value::DOUBLE(double(i) / 4));
		chunk.SetValue(3, chunk.size(), Value::BIGINT(i - first));
		chunk.SetValue(4, chunk.size(), Value::BIGINT(0));
		chunk.SetCardinality(chunk.size() + 1);
	}
	rows.Append(chunk);
	return rows;
}

InlinedInsertCommit Commit(const ColumnDataCollection &first, const ColumnDataCollection &second, int64_t base) {
	InlinedInsertCommit commit;
	commit.base_snapshot_id = base;
	int64_t table_id = 7;
	for (auto *rows : {&first, &second}) {
		InlinedInsertCommit::Table table;
		table.table_id = table_id;
		table.schema_version = 3;
		table.inlined_table = "ducklake_inlined_data_" + std::to_string(table_id) + "_3";
		table.column_types = {LogicalType::BIGINT, LogicalType::VARCHAR, LogicalType::DOUBLE};
		table.rows = rows;
		for (idx_t i = 0; i < rows->Count(); i++) {
			table.row_offsets.push_back(int64_t(i));
		}
		table.new_row_count = int64_t(rows->Count());
		commit.tables.push_back(std::move(table));
		table_id++;
	}
	commit.changes.changes_made = "inlined_insert:7,inlined_insert:8";
	commit.changes.author = "someone";
	commit.changes.has_author = true;
	return commit;
}

TEST(InlinedInsertStatementTest, ParametersWithoutTheTextAreTheStatementsOwn) {
	inlake::PostgresDialect dialect;
	auto first = Rows(100, 10);
	auto second = Rows(5, 3);
	auto commit = Commit(first, second, 41);
	auto statement = inlake::InlinedInsertStatement(commit, dialect, "\"public\".");
	auto parameters = inlake::InlinedInsertParameters(commit, dialect);
	ASSERT_EQ(parameters.size(), statement.parameters.size());
	for (size_t i = 0; i < parameters.size(); i++) {
		EXPECT_TRUE(Value::NotDistinctFrom(parameters[i], statement.parameters[i]))
		    << "parameter " << i + 1 << ": " << parameters[i].ToString() << " vs "
		    << statement.parameters[i].ToString();
	}
	// the text binds exactly that many markers
	EXPECT_NE(statement.sql.find("$" + std::to_string(parameters.size())), std::string::npos);
	EXPECT_EQ(statement.sql.find("$" + std::to_string(parameters.size() + 1)), std::string::npos);
}

//! Column statistics changes of every kind: table 7's column 1 widened, its column 2 only gaining NULLs, table 8's
//! column 2 losing its bounds
void AddColumnStatsChanges(InlinedInsertCommit &commit) {
	inlake::ColumnStatsChange widen;
	widen.expected.column_id = widen.updated.column_id = 1;
	widen.expected.has_min_max = widen.updated.has_min_max = true;
	widen.expected.min_value = "100";
	widen.expected.max_value = "109";
	widen.updated.min_value = "100";
	widen.updated.max_value = "120";
	widen.bounds = inlake::ColumnStatsChange::Bounds::WIDEN;
	inlake::ColumnStatsChange nulls;
	nulls.expected.column_id = nulls.updated.column_id = 2;
	nulls.updated.contains_null = true;
	inlake::ColumnStatsChange unknown;
	unknown.expected.column_id = unknown.updated.column_id = 2;
	unknown.expected.has_min_max = true;
	unknown.expected.min_value = "a";
	unknown.expected.max_value = "b";
	unknown.bounds = inlake::ColumnStatsChange::Bounds::UNKNOWN;
	commit.tables[0].column_stats_changes = {widen, nulls};
	commit.tables[1].column_stats_changes = {unknown};
}

TEST(InlinedInsertStatementTest, ColumnStatsChangesBindInTheStatementsOrder) {
	inlake::PostgresDialect dialect;
	auto first = Rows(100, 10);
	auto second = Rows(5, 3);
	auto commit = Commit(first, second, 41);
	AddColumnStatsChanges(commit);
	auto statement = inlake::InlinedInsertStatement(commit, dialect, "p.");
	auto parameters = inlake::InlinedInsertParameters(commit, dialect);
	ASSERT_EQ(parameters.size(), statement.parameters.size());
	for (size_t i = 0; i < parameters.size(); i++) {
		EXPECT_TRUE(Value::NotDistinctFrom(parameters[i], statement.parameters[i])) << "parameter " << i + 1;
	}
	// the widened bounds are set only where the row still holds those they grew from (checked with the others)
	EXPECT_NE(statement.sql.find("AND column_id = 1 AND min_value = CAST($2 AS VARCHAR) AND max_value = CAST($3 AS VARCHAR)"), std::string::npos);
	EXPECT_NE(statement.sql.find("min_value = NULL, max_value = NULL FROM snap WHERE table_id = 8 AND column_id = 2"),
	          std::string::npos);
	// another kind of change is another shape
	auto keep = commit;
	keep.tables[1].column_stats_changes[0].bounds = inlake::ColumnStatsChange::Bounds::KEEP;
	EXPECT_NE(inlake::InlinedInsertShape(commit, dialect), inlake::InlinedInsertShape(keep, dialect));
}

TEST(InlinedInsertStatementTest, OneShapeOneText) {
	inlake::PostgresDialect dialect;
	auto a1 = Rows(100, 10), a2 = Rows(5, 3);
	auto b1 = Rows(900, 10), b2 = Rows(70, 3);
	auto c1 = Rows(900, 11);
	auto a = Commit(a1, a2, 41), b = Commit(b1, b2, 57), c = Commit(c1, b2, 57);
	EXPECT_EQ(inlake::InlinedInsertShape(a, dialect), inlake::InlinedInsertShape(b, dialect));
	EXPECT_EQ(inlake::InlinedInsertStatement(a, dialect, "p.").sql, inlake::InlinedInsertStatement(b, dialect, "p.").sql);
	// another row count is another shape, and another text
	EXPECT_NE(inlake::InlinedInsertShape(a, dialect), inlake::InlinedInsertShape(c, dialect));
	EXPECT_NE(inlake::InlinedInsertStatement(a, dialect, "p.").sql, inlake::InlinedInsertStatement(c, dialect, "p.").sql);
	auto changed = b;
	changed.tables[1].schema_version = 4;
	changed.tables[1].inlined_table = "ducklake_inlined_data_8_4";
	EXPECT_NE(inlake::InlinedInsertShape(b, dialect), inlake::InlinedInsertShape(changed, dialect));
}

} // namespace

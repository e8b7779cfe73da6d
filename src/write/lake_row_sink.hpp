//===----------------------------------------------------------------------===//
// LakeRowSink: where the rows of one statement's insert into one lake table
// go (INSERT, CREATE TABLE AS, the insert half of UPDATE and MERGE).
//
// The decision is made per statement: rows are held back while the statement
// has written at most the table's effective data_inlining_row_limit; the
// first row beyond it sends everything to Parquet files instead. Finish()
// hands the result (inlined rows or written files) to the transaction.
// NOT NULL columns are checked on every appended chunk.
//
// A sink made with `keep_row_ids` takes chunks with one more trailing BIGINT
// column, the row id each row keeps (the new versions of rows an UPDATE
// rewrites): inlined rows carry it, Parquet files store it in
// _ducklake_internal_row_id.
//
// One statement may append through several sinks at once, one per thread
// (SharedRowSink, write/shared_row_sink.hpp): they then share a
// StatementRows, so that the inlining decision is about the statement's rows,
// not one thread's, and the sinks touch the transaction under its lock.
//===----------------------------------------------------------------------===//
#pragma once

#include "duckdb/common/types/column/column_data_collection.hpp"
#include "duckdb/common/types/data_chunk.hpp"

#include <atomic>
#include <mutex>

namespace duckdb {
class ClientContext;
}

namespace inlake {

class LakeTableEntry;
class PartitionedFileWriter;
struct WrittenDataFile;

//! What the sinks of one statement on several threads share.
struct StatementRows {
	//! Rows appended to any of them so far
	std::atomic<duckdb::idx_t> count {0};
	//! Held while a sink reads the transaction (its options, the inlining limit) or registers with it
	std::recursive_mutex transaction_lock;
};

class LakeRowSink {
public:
	//! `statement`: shared with the statement's other sinks (nullptr: this sink is the statement's only one)
	explicit LakeRowSink(LakeTableEntry &table, bool keep_row_ids = false, StatementRows *statement = nullptr);
	~LakeRowSink();

	//! Appends rows whose columns are the table's columns, in order.
	void Append(duckdb::ClientContext &context, duckdb::DataChunk &chunk);
	//! Registers the statement's rows with the transaction.
	void Finish(duckdb::ClientContext &context);

	//! For SharedRowSink, when this thread's sink is done: closes its files (appended to `files`) ...
	void CloseFiles(std::vector<WrittenDataFile> &files);
	//! ... and hands the rows it still holds back for inlining to `target`, the statement's sink that decides
	//! about them at the end (under the statement's transaction lock).
	void HandOverHeldBack(duckdb::ClientContext &context, LakeRowSink &target);

	duckdb::idx_t RowCount() const {
		return row_count;
	}

private:
	void DecideInlining(duckdb::ClientContext &context);
	void StartParquet(duckdb::ClientContext &context);
	//! Sends checked rows to the buffer or a file, given the statement's rows so far
	void Route(duckdb::ClientContext &context, duckdb::DataChunk &chunk, duckdb::idx_t statement_rows);
	//! The statement's rows so far (all sinks of a shared statement)
	duckdb::idx_t StatementRowCount() const;

	LakeTableEntry &table;
	bool keep_row_ids;
	StatementRows *statement;
	bool inline_decided = false;
	//! The table is partitioned and its catalog cannot store a NUL in a partition value (checked per chunk)
	bool refuse_nul_partition_values = false;
	int64_t inlining_limit = 0;
	//! Why the table cannot be inlined at all (empty: it can)
	std::string inlining_blocker;
	//! Rows held back while the statement may still be inlined
	duckdb::unique_ptr<duckdb::ColumnDataCollection> buffer;
	duckdb::unique_ptr<PartitionedFileWriter> writer;
	duckdb::idx_t row_count = 0;
};

//! Throws a ConstraintException when a NOT NULL column of the table holds a NULL.
void CheckNotNull(LakeTableEntry &table, duckdb::DataChunk &chunk);

} // namespace inlake

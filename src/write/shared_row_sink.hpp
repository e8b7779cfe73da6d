//===----------------------------------------------------------------------===//
// SharedRowSink: the rows of one statement's insert into one lake table,
// appended by every thread of a parallel sink at once (UPDATE's new row
// versions, MERGE's inserts and updates, INSERT without insertion order), in
// no particular order.
//
// Each thread appends to a LakeRowSink of its own (Local), which writes its
// own Parquet files of about target_file_size, so the Parquet writing runs on
// every thread. The inlining decision stays the statement's: the local sinks
// count into one StatementRows, and hold rows back only while the statement
// as a whole is within the table's inlining limit. When a thread is done,
// Combine takes its files and hands the rows it still holds back to the
// statement's own sink, which at Finish inlines them (a statement within the
// limit) or writes them to a file with the rest; then every file is
// registered with the transaction. Nothing reaches the catalog before COMMIT.
//===----------------------------------------------------------------------===//
#pragma once

#include "write/lake_row_sink.hpp"
#include "write/parquet_file_writer.hpp"

#include <memory>
#include <vector>

namespace inlake {

class SharedRowSink {
public:
	SharedRowSink(LakeTableEntry &table, bool keep_row_ids = false);
	//! Removes the files of a statement that failed before Finish
	~SharedRowSink();
	SharedRowSink(const SharedRowSink &) = delete;
	SharedRowSink &operator=(const SharedRowSink &) = delete;

	//! A sink for one thread (see LakeRowSink; `keep_row_ids` as given here)
	std::unique_ptr<LakeRowSink> Local();
	//! Collects a thread's sink once it has appended its last rows (any thread; may run concurrently).
	void Combine(duckdb::ClientContext &context, LakeRowSink &local);
	//! Registers the statement's rows with the transaction (after every Combine).
	void Finish(duckdb::ClientContext &context);

	//! Rows appended to the statement's sinks
	duckdb::idx_t RowCount() const {
		return statement.count.load();
	}

private:
	LakeTableEntry &table;
	bool keep_row_ids;
	StatementRows statement;
	//! Decides about the rows the threads held back, and registers everything
	LakeRowSink rows_held_back;
	//! The files the threads wrote (under statement.transaction_lock), until Finish registers them
	std::vector<WrittenDataFile> files;
	//! The statement's context (for removing the files of a failed statement)
	duckdb::ClientContext *context = nullptr;
};

} // namespace inlake

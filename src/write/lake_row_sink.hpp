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
//===----------------------------------------------------------------------===//
#pragma once

#include "duckdb/common/types/column/column_data_collection.hpp"
#include "duckdb/common/types/data_chunk.hpp"

namespace duckdb {
class ClientContext;
}

namespace inlake {

class LakeTableEntry;
class PartitionedFileWriter;

class LakeRowSink {
public:
	explicit LakeRowSink(LakeTableEntry &table, bool keep_row_ids = false);
	~LakeRowSink();

	//! Appends rows whose columns are the table's columns, in order.
	void Append(duckdb::ClientContext &context, duckdb::DataChunk &chunk);
	//! Registers the statement's rows with the transaction.
	void Finish(duckdb::ClientContext &context);

	duckdb::idx_t RowCount() const {
		return row_count;
	}

private:
	void DecideInlining(duckdb::ClientContext &context);
	void StartParquet(duckdb::ClientContext &context);

	LakeTableEntry &table;
	bool keep_row_ids;
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

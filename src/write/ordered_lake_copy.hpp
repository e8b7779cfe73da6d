//===----------------------------------------------------------------------===//
// The ordered lake copy: DuckDB's own Parquet writer with what a lake write
// needs around it, as a copy function DuckDB's PhysicalBatchCopyToFile runs.
// The batch copy does the parallel work (it gathers the rows of each batch,
// prepares row groups on every thread and flushes them in insertion order);
// this function decides where each prepared row group goes, and an
// OrderedCopyTarget says where the files are written and takes the result.
//
// Contract:
//  * Row groups are written in insertion order. When the current file has
//    reached options.target_file_size, the next row group starts a new file
//    (DuckDB's COPY cannot both rotate files and keep the order).
//  * Inlining (InliningLimit() > 0): a batch of at most the limit is held back
//    unprepared. While every row so far fits within the limit nothing is
//    written; if the statement ends so, the held-back rows are the result.
//    Otherwise they are written, in order, ahead of the next row group.
//  * Per batch, on the preparing thread: CheckRows (NOT NULL), the encoding of
//    columns DuckDB cannot write exactly, nested value counts, and TrackBatch
//    over the rows including the TrackingColumns() trailing columns, which
//    are not written. At the flush, in order, RowsWritten says which file and
//    position each batch's rows got.
//  * The files (or held-back rows) go to HandOver at the end; a failed
//    statement leaves no file behind.
//  * Two ways in: a plan (OrderedLakeCopyBindData + PhysicalBatchCopyToFile),
//    or SQL on any connection of the database:
//      COPY (query) TO '<unused path>' (FORMAT __inlake_lake_files,
//                                       TARGET '<RegisterOrderedCopyTarget token>')
//    where DuckDB picks the batch copy when the query supports batch indexes
//    and otherwise sinks the rows on one thread.
//===----------------------------------------------------------------------===//
#pragma once

#include "write/parquet_file_writer.hpp"

#include "duckdb/common/types/column/column_data_collection.hpp"
#include "duckdb/function/copy_function.hpp"

#include <memory>
#include <string>
#include <vector>

namespace inlake {

//! What a target remembers about one batch's rows (TrackBatch), handed back at the flush.
struct OrderedCopyTracking {
	virtual ~OrderedCopyTracking() = default;
};

class OrderedCopyTarget {
public:
	virtual ~OrderedCopyTarget() = default;

	//! Called first, by whichever operator starts first (possibly several times, from several threads).
	//! Returns false when the rows are to be dropped (CREATE TABLE IF NOT EXISTS of an existing table).
	virtual bool Resolve(duckdb::ClientContext &context) = 0;
	//! Valid once Resolve returned true; columns + hidden columns are what the copy writes
	virtual const ParquetWriteOptions &Options() const = 0;
	virtual int64_t InliningLimit() const {
		return 0;
	}
	//! Trailing input columns the copy passes to TrackBatch but does not write
	virtual duckdb::idx_t TrackingColumns() const {
		return 0;
	}
	//! Throws when rows break a constraint of the table
	virtual void CheckRows(duckdb::DataChunk &chunk) {
	}
	virtual std::unique_ptr<OrderedCopyTracking> TrackBatch(duckdb::ColumnDataCollection &rows) {
		return nullptr;
	}
	//! The batch's rows are rows [position, position + count) of file `file_index` (0-based, in write order)
	virtual void RowsWritten(OrderedCopyTracking *tracking, duckdb::idx_t file_index, duckdb::idx_t position) {
	}
	virtual void HandOver(std::vector<WrittenDataFile> files,
	                      duckdb::unique_ptr<duckdb::ColumnDataCollection> held_back) = 0;
};

duckdb::CopyFunction OrderedLakeCopyFunction();
duckdb::unique_ptr<duckdb::FunctionData> OrderedLakeCopyBindData(std::shared_ptr<OrderedCopyTarget> target);

//! Makes `target` reachable from SQL COPY ... (FORMAT __inlake_lake_files, TARGET token) while the returned
//! registration lives.
class OrderedCopyRegistration {
public:
	explicit OrderedCopyRegistration(std::shared_ptr<OrderedCopyTarget> target);
	~OrderedCopyRegistration();
	const std::string &Token() const {
		return token;
	}

private:
	std::string token;
};

} // namespace inlake

//===----------------------------------------------------------------------===//
// FlushCopyTarget: where the parallel flush's COPY (maintenance/
// inlined_rows_copy.hpp) writes a table's inlined rows through the ordered
// lake copy, and what it learns about each file on the way.
//
// Contract:
//  * The copy's input ends with three tracking columns (row id, begin
//    snapshot, end snapshot) that are not written; the written columns are
//    `options.columns` plus, for a partial flush, the hidden row id and
//    snapshot columns.
//  * Per written file, in write order: its smallest row id and begin snapshot
//    range, and the positions (with their end snapshots) of the rows that
//    were deleted while inlined. Batches are summarized on the preparing
//    threads; positions are assigned in order as batches are written.
//===----------------------------------------------------------------------===//
#pragma once

#include "write/ordered_lake_copy.hpp"

#include <mutex>
#include <utility>

namespace inlake {

struct FlushedFileRows {
	int64_t min_row_id = 0;
	int64_t min_snapshot = 0;
	int64_t max_snapshot = 0;
	//! (position in the file, end snapshot) of the rows deleted while inlined, by position
	std::vector<std::pair<int64_t, int64_t>> deleted;
	bool any = false;
};

class FlushCopyTarget : public OrderedCopyTarget {
public:
	explicit FlushCopyTarget(ParquetWriteOptions options);

	bool Resolve(duckdb::ClientContext &context) override {
		return true;
	}
	const ParquetWriteOptions &Options() const override {
		return options;
	}
	duckdb::idx_t TrackingColumns() const override {
		return 3;
	}
	std::unique_ptr<OrderedCopyTracking> TrackBatch(duckdb::ColumnDataCollection &rows) override;
	void RowsWritten(OrderedCopyTracking *tracking, duckdb::idx_t file_index, duckdb::idx_t position) override;
	void HandOver(std::vector<WrittenDataFile> files,
	              duckdb::unique_ptr<duckdb::ColumnDataCollection> held_back) override;

	//! After the COPY: the files written and what each holds (same order)
	std::vector<WrittenDataFile> files;
	std::vector<FlushedFileRows> file_rows;

private:
	ParquetWriteOptions options;
	std::mutex lock;
};

} // namespace inlake

//===----------------------------------------------------------------------===//
// FlushCopyTarget: where the parallel flush's COPY (maintenance/
// inlined_rows_copy.hpp) writes a table's inlined rows through the ordered
// lake copy, and what it learns about each file on the way.
//
// Contract:
//  * The written columns are `options.columns` plus, for a partial flush
//    (`options.write_row_id_and_snapshot`), the hidden row id and snapshot
//    columns. How each batch is summarized (FlushTracking):
//    - TRACKING_COLUMNS: the copy's input ends with three more columns (row
//      id, begin snapshot, end snapshot) that are not written; needed when
//      some flushed rows were deleted while inlined;
//    - HIDDEN_COLUMNS: no deletions; row ids and snapshots are read from the
//      written hidden columns;
//    - NONE: no deletions and a plain file (one snapshot, `plain_snapshot`,
//      row ids following from positions); batches only count.
//    The last two pass the batches to the Parquet writer as they are.
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

enum class FlushTracking { TRACKING_COLUMNS, HIDDEN_COLUMNS, NONE };

class FlushCopyTarget : public OrderedCopyTarget {
public:
	FlushCopyTarget(ParquetWriteOptions options, FlushTracking tracking, int64_t plain_snapshot);

	bool Resolve(duckdb::ClientContext &context) override {
		return true;
	}
	const ParquetWriteOptions &Options() const override {
		return options;
	}
	duckdb::idx_t TrackingColumns() const override {
		return tracking == FlushTracking::TRACKING_COLUMNS ? 3 : 0;
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
	FlushTracking tracking;
	int64_t plain_snapshot;
	std::mutex lock;
};

} // namespace inlake

//===----------------------------------------------------------------------===//
// RowSetCursor: reads chosen columns of one row set (a ScanRowSet: the
// table's columns, then row id and snapshot id) chunk by chunk. Beyond those
// stored columns it computes the row set's file_row_number (the row's position
// in the row set, counted before any filter), filename (ScanRowSet::name) and
// file_index (given by the scan): see RowSetColumns.
//
// An in-memory row set is scanned directly. A lazily loaded one (committed
// inlined rows) runs its loader when the cursor is made, handing it the
// filters pushed on table columns and the columns read, and then reads the
// loader's stream. The loader may drop rows that fail a pushed filter; the
// caller applies every filter itself (ScanFilterEvaluator) except those the
// cursor reports as applied (AppliedFilterKeys: the loader's stream kept only the rows
// passing those, evaluated as DuckDB does).
//
// ScanFilterEvaluator: the filters DuckDB pushed into a scan (and removed from
// the plan), evaluated on the scan's output chunks. Optional and dynamic
// filters are hints and are not applied.
//===----------------------------------------------------------------------===//
#pragma once

#include "read/lake_scan.hpp"

#include "duckdb/common/types/column/column_data_collection.hpp"
#include "duckdb/common/types/data_chunk.hpp"
#include "duckdb/execution/expression_executor.hpp"
#include "duckdb/planner/table_filter.hpp"

#include <functional>
#include <memory>
#include <vector>

namespace inlake {

//! The columns of a row set for a table of `table_columns` columns: the table's, the stored row id and snapshot
//! id, then the computed ones
struct RowSetColumns {
	static duckdb::column_t RowId(duckdb::idx_t table_columns) {
		return table_columns;
	}
	static duckdb::column_t SnapshotId(duckdb::idx_t table_columns) {
		return table_columns + 1;
	}
	static duckdb::column_t FileRowNumber(duckdb::idx_t table_columns) {
		return table_columns + 2;
	}
	static duckdb::column_t FileName(duckdb::idx_t table_columns) {
		return table_columns + 3;
	}
	static duckdb::column_t FileIndex(duckdb::idx_t table_columns) {
		return table_columns + 4;
	}
	//! The stored columns (the table's, row id, snapshot id)
	static duckdb::idx_t StoredCount(duckdb::idx_t table_columns) {
		return table_columns + 2;
	}
	//! The computed columns' types, in order
	static duckdb::vector<duckdb::LogicalType> ComputedTypes();
	//! The row set column of one of the scan's virtual column ids, or an invalid index if it is not one
	static duckdb::optional_idx OfVirtualColumn(duckdb::column_t column_id, duckdb::idx_t table_columns);
};

class RowSetCursor {
public:
	//! `row_set_types`: the types of all the row set's columns (RowSetTypes). `columns`: the row set columns to
	//! read, in output order (indexes into row_set_types); if empty, column 0 is read to count rows. `pushed`:
	//! filters on table columns, for a loader. `file_index`: what the file_index column shows.
	RowSetCursor(const ScanRowSet &row_set, const duckdb::vector<duckdb::LogicalType> &row_set_types,
	             duckdb::vector<duckdb::column_t> columns, const std::vector<ColumnFilter> &pushed,
	             duckdb::idx_t file_index);

	//! The types of the chunks Next fills
	const duckdb::vector<duckdb::LogicalType> &Types() const {
		return read_types;
	}
	//! Fills `chunk` (initialised with Types()) with the next rows; false, with an empty chunk, at the end
	bool Next(duckdb::DataChunk &chunk);
	//! Rows read so far, and the row set's size (0 when only estimated)
	duckdb::idx_t RowsRead() const {
		return rows_read;
	}
	duckdb::idx_t KnownCount() const {
		return rows ? rows->Count() : 0;
	}
	//! The filter set keys (`pushed_keys[i]` is filter i of `pushed`'s) of the filters every row the cursor
	//! returns passes: the caller need not evaluate those
	std::vector<duckdb::idx_t> AppliedFilterKeys(const std::vector<duckdb::idx_t> &pushed_keys) const;

private:
	//! Fills the output column `output_index` of `chunk` from the stored chunk or computes it
	void FillColumn(duckdb::DataChunk &chunk, duckdb::idx_t output_index, duckdb::idx_t count);

	std::shared_ptr<duckdb::ColumnDataCollection> rows;
	duckdb::ColumnDataScanState scan_state;
	std::unique_ptr<RowStream> stream;
	//! The stored columns read: `stored_columns` of the collection, or all of the stream's
	duckdb::DataChunk stored_chunk;
	duckdb::vector<duckdb::column_t> stored_columns;
	//! Per output column: the row set column, and for a stored one its vector in stored_chunk
	duckdb::vector<duckdb::column_t> read_columns;
	duckdb::vector<duckdb::idx_t> stored_sources;
	duckdb::vector<duckdb::LogicalType> read_types;
	duckdb::idx_t stored_count = 0;
	std::string name;
	duckdb::idx_t file_index = 0;
	duckdb::idx_t rows_read = 0;
};

//! The filters among `filters` that a loader may apply early: those on a plain table column.
//! `table_column_of(key)` is the table column a filter key reads, or `table_column_count` or more when the
//! key reads something else (row id, snapshot id, a computed column).
//! `keys`, if given, gets the filter set key of each filter returned.
std::vector<ColumnFilter> TableColumnFilters(duckdb::optional_ptr<duckdb::TableFilterSet> filters,
                                             duckdb::idx_t table_column_count,
                                             const std::function<duckdb::idx_t(duckdb::idx_t key)> &table_column_of,
                                             std::vector<duckdb::idx_t> *keys = nullptr);

//! The types of a row set's columns (stored and computed) for a table with these columns
duckdb::vector<duckdb::LogicalType> RowSetTypes(const std::vector<LakeColumn> &columns);

class ScanFilterEvaluator {
public:
	ScanFilterEvaluator() = default;
	//! `filters` are keyed by output column index; `output_types` are the types of the scan's output chunks;
	//! the filters under `skipped_keys` are not evaluated
	ScanFilterEvaluator(duckdb::ClientContext &context, duckdb::optional_ptr<duckdb::TableFilterSet> filters,
	                    const duckdb::vector<duckdb::LogicalType> &output_types,
	                    const std::vector<duckdb::idx_t> &skipped_keys = {});
	//! Keeps the rows of `output` that pass every filter; returns their count
	duckdb::idx_t Apply(duckdb::DataChunk &output);

private:
	duckdb::unique_ptr<duckdb::Expression> expression;
	duckdb::unique_ptr<duckdb::ExpressionExecutor> executor;
};

} // namespace inlake

//===----------------------------------------------------------------------===//
// RowSetReader: a BaseFileReader over one in-memory row set (a
// ColumnDataCollection of the table's columns followed by row id and snapshot
// id), so that rows not in Parquet files flow through the same multi-file scan
// as the data files.
//
// Its columns carry field ids like the table's (the row id and snapshot id
// columns carry the reserved ids), so DuckDB's column mapper maps them the same
// way as a Parquet file's. The reader honours the mapped column_ids
// (projection), the per-column expression_map, and the pushed-down filters
// (which DuckDB removed from the plan, see ScanFilterEvaluator; those the
// cursor's loader applied are not evaluated again). The rows
// come from a RowSetCursor.
//
// The whole row set is one scan unit: exactly one thread wins
// TryInitializeScan and scans it to the end.
//===----------------------------------------------------------------------===//
#pragma once

#include "read/lake_scan.hpp"
#include "read/row_set_cursor.hpp"

#include "duckdb/common/multi_file/base_file_reader.hpp"
#include "duckdb/common/types/column/column_data_collection.hpp"
#include "duckdb/common/types/data_chunk.hpp"
#include "duckdb/execution/expression_executor.hpp"

#include <atomic>
#include <memory>
#include <unordered_map>

namespace inlake {

class RowSetReader : public duckdb::BaseFileReader {
public:
	//! `table_column_count`: the row set's leading table columns (filters on them may be pushed into a loader)
	RowSetReader(duckdb::OpenFileInfo file, const ScanRowSet &row_set, duckdb::idx_t table_column_count,
	             duckdb::vector<duckdb::MultiFileColumnDefinition> columns);

	bool TryInitializeScan(duckdb::ClientContext &context, duckdb::GlobalTableFunctionState &gstate,
	                       duckdb::LocalTableFunctionState &lstate) override;
	void Scan(duckdb::ClientContext &context, duckdb::GlobalTableFunctionState &global_state,
	          duckdb::LocalTableFunctionState &local_state, duckdb::DataChunk &chunk) override;
	double GetProgressInFile(duckdb::ClientContext &context) override;
	duckdb::string GetReaderType() const override {
		return "inlake rows";
	}
	//! file_row_number is computed by the cursor (filename and file_index are constants of the mapping)
	void AddVirtualColumn(duckdb::column_t virtual_column_id) override;

private:
	void InitializeScanState(duckdb::ClientContext &context, const duckdb::vector<duckdb::LogicalType> &output_types);
	//! The filters pushed on table columns, which a loader may apply early; `keys` gets their filter set keys
	std::vector<ColumnFilter> PushedTableFilters(std::vector<duckdb::idx_t> &keys);
	//! Fills the output columns from one scanned chunk
	void ProjectColumns(duckdb::DataChunk &output);
	duckdb::column_t RowSetColumn(duckdb::column_t local_id) const;

	const ScanRowSet &row_set;
	duckdb::idx_t table_column_count;
	std::atomic<bool> claimed {false};
	std::atomic<bool> initialized {false};
	std::unique_ptr<RowSetCursor> cursor;
	//! Local column id of each virtual column the mapping added -> its row set column
	std::unordered_map<duckdb::column_t, duckdb::column_t> virtual_columns;
	duckdb::DataChunk scan_chunk;
	//! Per output column: the expression_map entry to evaluate (or nullptr)
	duckdb::vector<duckdb::unique_ptr<duckdb::ExpressionExecutor>> column_executors;
	ScanFilterEvaluator filter;
};

} // namespace inlake

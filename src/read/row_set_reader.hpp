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
// (which DuckDB removed from the plan): each is turned into an expression with
// TableFilter::ToExpression and evaluated with an ExpressionExecutor. Optional
// and dynamic filters are hints and are not applied.
//
// A lazily loaded row set (committed inlined rows) runs its loader when the
// scan starts, handing it the pushed filters on table columns; the loader's
// stream is read chunk by chunk.
//
// The whole row set is one scan unit: exactly one thread wins
// TryInitializeScan and scans it to the end.
//===----------------------------------------------------------------------===//
#pragma once

#include "read/lake_scan.hpp"

#include "duckdb/common/multi_file/base_file_reader.hpp"
#include "duckdb/common/types/column/column_data_collection.hpp"
#include "duckdb/common/types/data_chunk.hpp"
#include "duckdb/execution/expression_executor.hpp"

#include <atomic>
#include <memory>

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

private:
	void InitializeScanState(duckdb::ClientContext &context, const duckdb::vector<duckdb::LogicalType> &output_types);
	void InitializeFilter(duckdb::ClientContext &context, const duckdb::vector<duckdb::LogicalType> &output_types);
	//! Fills the output columns from one scanned chunk
	void ProjectColumns(duckdb::DataChunk &output);
	//! Applies the filters to the output; returns the surviving row count
	duckdb::idx_t ApplyFilter(duckdb::DataChunk &output);

	//! Runs the loader of a lazily loaded row set, handing it the pushed filters on table columns
	void LoadRows();
	//! Fills scan_chunk with the next rows of the collection or the stream; false at the end
	bool NextScanChunk();

	//! In-memory rows, or else the stream the loader returned
	std::shared_ptr<duckdb::ColumnDataCollection> rows;
	RowSetLoader loader;
	std::unique_ptr<RowStream> stream;
	duckdb::DataChunk stream_chunk;
	//! The row set's columns the scan reads, in scan_chunk order
	duckdb::vector<duckdb::column_t> stream_column_ids;
	duckdb::idx_t table_column_count;
	std::atomic<bool> claimed {false};
	bool initialized = false;
	std::atomic<duckdb::idx_t> rows_scanned {0};
	duckdb::ColumnDataScanState scan_state;
	duckdb::DataChunk scan_chunk;
	//! Per output column: the expression_map entry to evaluate (or nullptr)
	duckdb::vector<duckdb::unique_ptr<duckdb::ExpressionExecutor>> column_executors;
	duckdb::vector<duckdb::LogicalType> scanned_types;
	duckdb::unique_ptr<duckdb::Expression> filter_expression;
	duckdb::unique_ptr<duckdb::ExpressionExecutor> filter_executor;
};

} // namespace inlake

//===----------------------------------------------------------------------===//
// RowStream: rows handed over one chunk at a time, so that a scan of inlined
// rows reads them straight out of the catalog database's storage instead of
// materialising them first.
//
// A stream's columns are fixed by whoever creates it (for inlined rows: the
// table's current columns, then row id and begin snapshot); columns the reader
// said it does not need may come back as NULL constants.
//===----------------------------------------------------------------------===//
#pragma once

#include "duckdb/common/types/column/column_data_collection.hpp"
#include "duckdb/common/types/data_chunk.hpp"

#include <memory>

namespace inlake {

class RowStream {
public:
	virtual ~RowStream() = default;
	//! Fills `chunk` (initialised with the stream's column types) with the next rows; returns false, with an
	//! empty chunk, when there are no more.
	virtual bool Next(duckdb::DataChunk &chunk) = 0;
	//! Whether every row the stream returns passes filter `index` of the filters it was made with (a loader's
	//! `filters`, InlinedRowFilter::column_filters) exactly as DuckDB evaluates it, so that the reader need
	//! not evaluate it again; false for an index beyond them (a stream made without filters applies none). By
	//! default no filter is.
	virtual bool AppliesFilter(duckdb::idx_t index) const {
		return false;
	}
};

//! The rows of a collection, which the stream keeps alive.
class CollectionRowStream : public RowStream {
public:
	explicit CollectionRowStream(std::shared_ptr<duckdb::ColumnDataCollection> rows_p) : rows(std::move(rows_p)) {
		rows->InitializeScan(state);
	}
	bool Next(duckdb::DataChunk &chunk) override {
		chunk.Reset();
		return rows->Scan(state, chunk) && chunk.size() > 0;
	}

private:
	std::shared_ptr<duckdb::ColumnDataCollection> rows;
	duckdb::ColumnDataScanState state;
};

} // namespace inlake

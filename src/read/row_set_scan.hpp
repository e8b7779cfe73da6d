//===----------------------------------------------------------------------===//
// The scan of a lake table that has no data files at the snapshot read: only
// row sets (committed inlined rows, the transaction's own rows).
//
// It reads the row sets straight through RowSetCursor, without read_parquet's
// multi-file machinery, which for a few thousand inlined rows costs as much
// as the rows themselves. It offers what the full scan offers on row sets:
// projection and filter pushdown (filters handed to the loaders and applied
// to every chunk), the virtual columns rowid and snapshot_id, column
// statistics and cardinality for the optimizer, and batch indexes (one per row
// set, in order) so that insertion order is kept.
//
// Like the full scan's bind data, its bind data does not support DuckDB's
// statement cache: a prepared statement re-binds on every execution, so it
// always reads the current snapshot's sources.
//===----------------------------------------------------------------------===//
#pragma once

#include "read/lake_scan.hpp"

namespace inlake {

//! The scan function for a spec without data files; fills bind_data.
duckdb::TableFunction GetRowSetScanFunction(std::shared_ptr<LakeScanSpec> spec,
                                            duckdb::unique_ptr<duckdb::FunctionData> &bind_data);

} // namespace inlake

//===----------------------------------------------------------------------===//
// LakeScanColumnStatistics: bounds of one table column over everything a lake
// scan can return (its data files' column stats and its row sets' bounds),
// for DuckDB's optimizer (the scan function's `statistics` callback).
//
// Returns nullptr (no statistics) unless every source has bounds for the
// column: a file without stats for it (written before the column was added),
// the transaction's own rows, or a type without usable bounds (see
// common/column_bounds.hpp) make the bounds unknown. Deleted rows only make
// the bounds wider than needed, never wrong.
//===----------------------------------------------------------------------===//
#pragma once

#include "read/lake_scan.hpp"

namespace inlake {

duckdb::unique_ptr<duckdb::BaseStatistics> LakeScanColumnStatistics(const LakeScanSpec &spec, duckdb::idx_t column);

} // namespace inlake

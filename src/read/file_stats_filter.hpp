//===----------------------------------------------------------------------===//
// File skipping by column stats: decides, from a data file's per-column
// min/max/null stats in the catalog, that no row of the file can pass a set of
// pushed-down table filters. The stats are turned into DuckDB BaseStatistics
// and each filter is asked TableFilter::CheckStatistics, so every filter kind
// DuckDB can check against a zonemap (=, <, <=, >, >=, IN, IS [NOT] NULL,
// AND/OR) prunes files. Floating point columns are never pruned (the catalog
// stats do not say whether a file holds NaN). The file's partition values are
// checked first (read/partition_filter.hpp).
//===----------------------------------------------------------------------===//
#pragma once

#include "read/lake_scan.hpp"

#include "duckdb/planner/table_filter.hpp"

namespace inlake {

//! filters are keyed by position in column_ids; column_ids index spec.columns
//! (virtual column ids are ignored). True when the file can be skipped.
bool FileCannotMatch(const LakeScanSpec &spec, const ScanDataFile &file,
                     const duckdb::vector<duckdb::column_t> &column_ids, const duckdb::TableFilterSet &filters);

} // namespace inlake

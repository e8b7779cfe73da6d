//===----------------------------------------------------------------------===//
// Column bounds: the min/max statistics the lake's scan hands DuckDB's
// optimizer (perfect-hash aggregates, filters that cannot match, join order).
//
// Bounds must hold for every row a scan can return, so the lake only derives
// them for types whose values order without surprises and whose text form
// round-trips through the catalog: integers and DATE. (Floating point has NaN
// above every number; strings would need collation-aware handling.)
//===----------------------------------------------------------------------===//
#pragma once

#include "duckdb/common/types/value.hpp"
#include "duckdb/storage/statistics/base_statistics.hpp"

namespace inlake {

bool HasValueBounds(const duckdb::LogicalType &type);

//! Statistics of `type` with these bounds (cast to `type`) and NULLs present or absent; nullptr if a bound
//! does not cast.
duckdb::unique_ptr<duckdb::BaseStatistics> BoundsStatistics(const duckdb::LogicalType &type, const duckdb::Value &min,
                                                           const duckdb::Value &max, bool has_null);

} // namespace inlake

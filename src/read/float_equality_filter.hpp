//===----------------------------------------------------------------------===//
// Equality filters on FLOAT and DOUBLE columns, pushed into a Parquet file as
// ranges.
//
// DuckDB 1.4.4's Parquet reader skips a row group when the hash of an
// equality filter's constant is missing from the column's bloom filter. For
// floating-point values it hashes the bits, so `d = 0` skips a row group whose
// zeros are all -0.0 (and `d = 'nan'` one whose NaNs have the other sign):
// values that compare equal, and that the same query finds in inlined rows or
// with the bloom filter left out. `d >= c AND d <= c` selects exactly the same
// rows (-0.0 and 0.0 compare equal; NaN is the largest value and equals NaN),
// still prunes row groups by their min/max, and is never checked against the
// bloom filter (only equality comparisons are).
//===----------------------------------------------------------------------===//
#pragma once

#include "duckdb/planner/table_filter.hpp"

namespace inlake {

//! `filter` (on a FLOAT or DOUBLE column) with each equality comparison, also inside AND and OR, made the range
//! described above; nullptr when it holds none.
duckdb::unique_ptr<duckdb::TableFilter> FloatEqualityAsRange(const duckdb::TableFilter &filter);

} // namespace inlake

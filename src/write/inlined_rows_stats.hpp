//===----------------------------------------------------------------------===//
// Column statistics of rows a commit inlines, in the form a data file's
// statistics take (ducklake_file_column_stats), so that the table's running
// statistics (ducklake_table_column_stats) cover inlined rows as they cover
// files: the spec makes the table's min/max lower and upper bounds of every
// value in the table, and other DuckLake readers prune by them.
//
// One record per column id, nested fields included (a STRUCT's fields, a
// LIST's "element", a MAP's "key" and "value"), with value and NULL counts,
// whether a NaN was seen, and min/max as text that casts back to the column's
// type (the text the Parquet writer's statistics give: Value::ToString).
// A string or blob longer than kMaxInlinedBoundBytes is bounded by its prefix
// of that length, below, and by that prefix cut after its last byte that can
// be raised, raised, above (as DuckDB's Parquet writer truncates long
// bounds); when no byte can be raised (text of only non-ASCII characters) it
// has no upper bound, and a long JSON value (an alias of VARCHAR) has none at
// all: a prefix of it is no JSON, and bounds must cast to the column's type. Bounds
// are left out (has_min_max false while values exist) for those, for nested
// columns, and for types a data file stores in another form (their Parquet
// order is not the type's).
//===----------------------------------------------------------------------===//
#pragma once

#include "common/lake_column.hpp"
#include "metadata/metadata_records.hpp"

#include "duckdb/common/types/column/column_data_collection.hpp"

#include <vector>

namespace inlake {

constexpr size_t kMaxInlinedBoundBytes = 256;

//! Whether `value` is a FLOAT or DOUBLE NaN (bounds leave NaN out; contains_nan says it is there)
bool IsNanValue(const duckdb::Value &value);
//! Statistics of the first `columns.size()` columns of `rows` (the table's columns, in order).
std::vector<FileColumnStatsRecord> InlinedRowsColumnStats(const std::vector<LakeColumn> &columns,
                                                          duckdb::ColumnDataCollection &rows);

} // namespace inlake

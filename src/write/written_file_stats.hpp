//===----------------------------------------------------------------------===//
// Turns the statistics DuckDB's Parquet writer reports for one written file
// (CopyFunctionFileStatistics, as COPY ... RETURN_STATS shows them) into a
// WrittenDataFile.
//
// Contract:
//  * One WrittenColumnStats per top-level column and per nested leaf column
//    that has a LakeColumn (hidden columns get none).
//  * Leaves not below a LIST/MAP/ARRAY: value_count = record count, NULL
//    count from the Parquet statistics. Top-level nested columns and leaves
//    below a LIST/MAP/ARRAY: counts from the NestedValueCounter.
//  * min/max are DuckDB's string form of the column's type (BLOBs in
//    Value::ToString's escaped form); has_min_max is false when the writer
//    reported none, for nested columns, and for columns written as text
//    (write/parquet_value_encoding.hpp: text order is not the type's order).
//  * column_size_bytes of a nested column is the sum over its leaves.
//===----------------------------------------------------------------------===//
#pragma once

#include "write/nested_value_counter.hpp"
#include "write/parquet_field_ids.hpp"
#include "write/parquet_file_writer.hpp"

#include "duckdb/function/copy_function.hpp"

namespace inlake {

WrittenDataFile ConvertWrittenFileStats(const duckdb::CopyFunctionFileStatistics &stats,
                                        const std::vector<ParquetStatsPath> &paths,
                                        const std::unordered_map<int64_t, NestedCounts> &nested_counts);

//! The smallest value of the hidden _ducklake_internal_row_id column the writer reports, -1 when the file has no
//! such column or no statistics for it.
int64_t WrittenMinRowId(const duckdb::CopyFunctionFileStatistics &stats);

} // namespace inlake

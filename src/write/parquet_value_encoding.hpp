//===----------------------------------------------------------------------===//
// Lossless Parquet encoding of the types DuckDB 1.4.4's Parquet writer cannot
// hold exactly.
//
// DuckDB writes HUGEINT/UHUGEINT as DOUBLE (values beyond 2^53 change, the
// extremes cannot be read back), TIMETZ without its offset, and INTERVAL as
// Parquet's unsigned (months, days, milliseconds) triple (negative intervals
// are refused, microseconds dropped), and it cannot write TIMESTAMP_S/_MS
// infinities (readers cannot convert them back either). A lake writes such
// columns, at any nesting depth, in another form in every data file (inserts
// and flushes):
//  * HUGEINT, UHUGEINT, TIMETZ: DuckDB's own text form (exact both ways);
//  * INTERVAL: "<months> months <days> days <micros> microseconds", exact for
//    every value (DuckDB's display form is not: it cannot parse its own
//    output near the microsecond limits);
//  * TIMESTAMP_S, TIMESTAMP_MS: as TIMESTAMP (microseconds), infinities kept.
// Readers cast the values back to the column's type (DuckDB's VARCHAR casts
// parse both text forms exactly); other DuckLake readers see VARCHAR (or
// TIMESTAMP) columns. Min/max statistics are not kept for such columns: text
// order is not the type's order.
//===----------------------------------------------------------------------===//
#pragma once

#include "duckdb/common/types/vector.hpp"
#include "duckdb/function/scalar_function.hpp"

namespace inlake {

//! The type a column of `type` is written to Parquet as (`type` itself when DuckDB writes it exactly).
duckdb::LogicalType ParquetStorageType(const duckdb::LogicalType &type);
//! Whether a column of `type` is written in another type than its own.
bool HasParquetStorageEncoding(const duckdb::LogicalType &type);
//! Writes `count` values of `source` into `result` (of ParquetStorageType(source's type)).
void EncodeForParquet(duckdb::Vector &source, duckdb::Vector &result, duckdb::idx_t count);

} // namespace inlake

//===----------------------------------------------------------------------===//
// Whether a table's rows can be inlined into the catalog at all.
//
// In format 1.0 the inlined tables name their bookkeeping columns row_id,
// begin_snapshot and end_snapshot, so a table with a user column of one of
// those names cannot be inlined; its small inserts go to Parquet instead and
// the writer logs a warning saying why. (Format 1.1 reserves the _ducklake_
// prefix instead and rejects such column names at CREATE TABLE.)
//
// A catalog whose text cannot hold a NUL character (PostgreSQL) stores nested
// values as text: a statement whose nested values hold one is written to
// Parquet instead of failing the transaction at COMMIT.
//===----------------------------------------------------------------------===//
#pragma once

#include "common/lake_column.hpp"

#include "duckdb/common/types/column/column_data_collection.hpp"

#include <string>
#include <vector>

namespace inlake {

//! Empty when the columns can be inlined; otherwise the reason they cannot (reserved names, or more columns than
//! the catalog database allows in a table, `max_table_columns`, with the 3 bookkeeping columns).
std::string InliningBlocker(const std::vector<LakeColumn> &columns, const std::string &format_version,
                            size_t max_table_columns);
//! Throws for column names the format reserves (1.1: the _ducklake_ prefix; 1.0: the names of the hidden
//! columns written into Parquet files, _ducklake_internal_row_id and _ducklake_internal_snapshot_id).
void CheckReservedColumnNames(const std::vector<LakeColumn> &columns, const std::string &format_version);

//! Whether a nested value among the first `column_count` columns of `rows` holds a NUL character in its text form.
bool HasNulInNestedValues(duckdb::ColumnDataCollection &rows, duckdb::idx_t column_count);

} // namespace inlake

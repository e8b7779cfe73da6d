//===----------------------------------------------------------------------===//
// Column definitions of the lake scan in DuckDB's multi-file terms.
//
// Every lake column becomes a MultiFileColumnDefinition whose identifier is
// its column id (the Parquet field id), so DuckDB's column mapper matches file
// columns by field id. Columns missing from a file read as NULL. The row id and
// snapshot id columns use the reserved field ids DuckLake writes into flushed
// files (_ducklake_internal_row_id / _ducklake_internal_snapshot_id).
//===----------------------------------------------------------------------===//
#pragma once

#include "common/lake_column.hpp"

#include "duckdb/common/multi_file/multi_file_data.hpp"

#include <vector>

namespace inlake {

//! Field id of the embedded row id column (MultiFileReader::ROW_ID_FIELD_ID)
constexpr int32_t LAKE_ROW_ID_FIELD_ID = 2147483540;
//! Field id of the embedded snapshot id column (MultiFileReader::LAST_UPDATED_SEQUENCE_NUMBER_ID)
constexpr int32_t LAKE_SNAPSHOT_ID_FIELD_ID = 2147483539;

//! The definition of one lake column. emit_map_key_value wraps MAP children in
//! a "key_value" entry, as the column mapper expects of a reader's own columns.
duckdb::MultiFileColumnDefinition LakeColumnDefinition(const LakeColumn &column, bool emit_map_key_value = false);
//! The definitions of all table columns
std::vector<duckdb::MultiFileColumnDefinition> LakeColumnDefinitions(const std::vector<LakeColumn> &columns,
                                                                     bool emit_map_key_value = false);
//! BIGINT column carrying the reserved row id field id
duckdb::MultiFileColumnDefinition RowIdColumnDefinition();
//! BIGINT column carrying the reserved snapshot id field id
duckdb::MultiFileColumnDefinition SnapshotIdColumnDefinition();

} // namespace inlake

//===----------------------------------------------------------------------===//
// Parquet field ids and column paths for lake columns.
//
// Contract:
//  * BuildFieldIdsOption returns the value of the Parquet copy function's
//    FIELD_IDS option for the given columns: a STRUCT mapping each column
//    name to its field id, or, for nested columns, to
//    {__duckdb_field_id: id, <child name>: ...}. LIST children are named
//    "element", MAP children "key" and "value" (the names DuckDB's writer
//    uses); STRUCT children use the struct type's field names. ARRAY columns
//    get a field id of their own only (DuckDB cannot set ids below ARRAY).
//  * Hidden columns (name, field id) are appended as plain entries;
//    RowIdAndSnapshotColumns are the two a flushed or merged file carries.
//  * CollectStatsPaths lists, per column (depth first), the key DuckDB's
//    written-file statistics use for it: the quoted names from the top-level
//    column down, joined by '.', e.g. "s"."a" or "l"."element".
//===----------------------------------------------------------------------===//
#pragma once

#include "common/lake_column.hpp"

#include "duckdb/common/types/value.hpp"

#include <string>
#include <utility>
#include <vector>

namespace inlake {

struct HiddenParquetColumn {
	std::string name;
	int32_t field_id;
};

//! One column (top-level or nested) as DuckDB's statistics name it.
struct ParquetStatsPath {
	//! The key of the column in CopyFunctionFileStatistics::column_statistics
	std::string stats_key;
	const LakeColumn *column;
	//! Depth 0: a top-level column
	duckdb::idx_t depth;
	//! Whether a LIST, MAP or ARRAY lies above this column
	bool under_repeated;
	bool is_leaf;
};

//! The hidden _ducklake_internal_row_id (field id 2147483540) and _ducklake_internal_snapshot_id (2147483539)
//! columns of a file that keeps each row's row id and insert snapshot, in that order.
std::vector<HiddenParquetColumn> RowIdAndSnapshotColumns();

duckdb::Value BuildFieldIdsOption(const std::vector<LakeColumn> &columns,
                                  const std::vector<HiddenParquetColumn> &hidden);

//! The FIELD_IDS option as SQL text for a COPY statement: struct keys (column names) quoted and escaped, which
//! Value::ToSQLString does not do (a column named it's would end the string).
std::string FieldIdsOptionSql(const duckdb::Value &field_ids);

//! The names DuckDB's Parquet writer gives to the children of a nested type.
std::vector<std::string> ParquetChildNames(const LakeColumn &column);

std::vector<ParquetStatsPath> CollectStatsPaths(const std::vector<LakeColumn> &columns);

} // namespace inlake

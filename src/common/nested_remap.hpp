//===----------------------------------------------------------------------===//
// Reading values stored under an older version of a column as its current
// version, by column and field id.
//
// After ALTER TABLE ADD/DROP/RENAME COLUMN s.f, rows stored before (inlined
// tables of older schema versions, a transaction's own rows) hold the
// column's old STRUCT/LIST/MAP layout. A field of the current layout takes
// the stored field with its id (whatever its name then), a field added since
// reads its initial default (or NULL), a field dropped since is not read.
// A dropped field re-added under the same name is a new field (a new id):
// equal types do not mean equal layouts, SameColumnLayout compares the ids.
// Leaves of different types (ALTER COLUMN TYPE) are cast.
//
// Parquet files need none of this: DuckDB's multi-file reader maps nested
// fields by field id (read/lake_column_definition.hpp).
//===----------------------------------------------------------------------===//
#pragma once

#include "common/lake_column.hpp"

#include "duckdb/common/types/vector.hpp"

#include <string>

namespace inlake {

//! Same type (field names included) and the same column ids at every nesting level
bool SameColumnLayout(const LakeColumn &a, const LakeColumn &b);

//! Writes `count` values of `source` (stored as `from`) into `target` (of `to`'s type) as `to`. `source` may be
//! flattened.
void RemapColumnVector(duckdb::Vector &source, const LakeColumn &from, const LakeColumn &to, duckdb::Vector &target,
                       duckdb::idx_t count);

//! The same as a DuckDB SQL expression over `expression` (a value stored as `from`), of `to`'s type.
std::string RemapColumnSql(const std::string &expression, const LakeColumn &from, const LakeColumn &to);

//! A text naming every column id of the column's layout, for cache keys ("3(4,5)")
std::string ColumnLayoutKey(const LakeColumn &column);

} // namespace inlake

//===----------------------------------------------------------------------===//
// DuckLake type names <-> DuckDB LogicalTypes.
//
// ToLakeTypeName gives the name stored in ducklake_column.column_type for a
// top-level or nested column ("int32", "decimal(10,2)", "struct", ...);
// nested types are stored as a parent row plus child rows, so their names are
// just "struct" / "list" / "map". FromLakeTypeName is the inverse for leaf
// types; nested types are rebuilt from their children by the caller.
// Types DuckLake cannot store (ENUM, UNION, ARRAY, BIT, ...) are a clear
// NotImplementedException naming the type.
//===----------------------------------------------------------------------===//
#pragma once

#include "duckdb/common/types.hpp"

#include <string>

namespace inlake {

std::string ToLakeTypeName(const duckdb::LogicalType &type);
//! Refuses, naming the column, a type (or a nested field type) that a lake table cannot hold: the types
//! DuckLake has no name for, and VARIANT, which DuckDB 1.4.4 can store neither in its own tables (inlined
//! rows) nor in Parquet.
void CheckStorableType(const std::string &column_name, const duckdb::LogicalType &type);
duckdb::LogicalType FromLakeTypeName(const std::string &name);

} // namespace inlake

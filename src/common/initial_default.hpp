//===----------------------------------------------------------------------===//
// The initial default of a column: what rows written before the column was
// added read in it (ducklake_column.initial_default).
//
// The catalog holds it as text, the value's DuckDB text form, as the DuckLake
// spec says and other DuckLake writers do ("1.5", "abc", "[1, 2]"); a reader
// casts that text to the column's type. FLOAT values are written with the
// digits of their DOUBLE widening, so that a column widened by ALTER TYPE
// DOUBLE later still reads the FLOAT default, as a native table does.
//===----------------------------------------------------------------------===//
#pragma once

#include "common/lake_column.hpp"

#include "duckdb/common/types/value.hpp"

#include <string>

namespace inlake {

//! The type whose text form initial defaults of `type` are written in: `type` with JSON replaced by VARCHAR
//! (DuckDB's text of a JSON[] value does not cast back to JSON[], it does to VARCHAR[] and from there).
duckdb::LogicalType InitialDefaultTextType(const duckdb::LogicalType &type);

//! The text ducklake_column.initial_default holds for `value` ("" for NULL, which the catalog stores as NULL:
//! LakeColumn::has_initial_default tells it from the empty string).
std::string InitialDefaultText(const duckdb::Value &value);

//! What rows written before `column` existed read in it, as the column's current type (NULL when it has no
//! initial default). inlake before 2026-12-02 wrote a SQL constant there (CAST('1.5' AS DOUBLE)): text that
//! does not cast to the type is read as such a constant.
duckdb::Value InitialDefaultValue(const LakeColumn &column);

} // namespace inlake

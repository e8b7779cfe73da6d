//===----------------------------------------------------------------------===//
// The text form of inlined values in catalogs that store a type as text
// (SQLite, PostgreSQL; docs/DEVELOPMENT.md lists what each stores as text), read back by DuckDB's cast of the text
// to the column's type (for nested text DuckDB 1.4.4 cannot read, such as a string holding a closing bracket below
// the first level, by a reader of exactly the text written here). A value is written as DuckDB's own cast to VARCHAR
// writes it, except INTERVAL, written "<months> months <days> days <micros>
// microseconds" (DuckDB's own text of an extreme interval does not read
// back), and nested values (LIST, ARRAY, STRUCT, MAP), written in DuckDB's
// nested text with every string quoted and escaped: DuckDB's own text leaves
// some strings unquoted that its reader then misreads.
//===----------------------------------------------------------------------===//
#pragma once

#include "duckdb/common/types/interval.hpp"
#include "duckdb/common/types/value.hpp"

#include <string>

namespace inlake {

//! An interval as text DuckDB's cast reads back exactly.
std::string InlinedIntervalText(const duckdb::interval_t &interval);
//! A non-NULL value as the VARCHAR that stores it.
duckdb::Value InlinedValueText(const duckdb::Value &value);
//! A stored value (text, or the value itself) back as `type`, exactly as it was written. Nested text is read by the
//! lake's own reader of the text InlinedValueText writes, falling back to DuckDB's cast for anything else.
duckdb::Value ValueFromInlinedText(const duckdb::Value &stored, const duckdb::LogicalType &type);

} // namespace inlake

//===----------------------------------------------------------------------===//
// The table options of a CREATE TABLE statement: `WITH (key = value, ...)`.
//
// DuckDB 1.4.4 parses `CREATE TABLE t (...) WITH (...)` but drops the options;
// the statement text still reaches the catalog (CreateInfo::sql), so the lake
// reads them from there. For `CREATE TABLE t WITH (...) AS SELECT`, which
// DuckDB cannot parse, the inlake shell moves the clause into a comment
// `/*+inlake_with(key = value, ...)*/` placed before AS, which DuckDB keeps
// in the statement text; both spellings are recognised here.
//===----------------------------------------------------------------------===//
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace inlake {

//! (key, value-as-written) pairs; values keep their quotes removed. Empty when there is no clause.
std::vector<std::pair<std::string, std::string>> ParseTableOptionsClause(const std::string &create_sql);
//! The comment marker the shell writes for CREATE TABLE ... WITH (...) AS SELECT.
extern const char *const kInlakeWithMarker;

} // namespace inlake

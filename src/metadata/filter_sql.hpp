//===----------------------------------------------------------------------===//
// TableFilterToSql: renders the parts of a pushed-down table filter that plain
// SQL can express exactly (constant comparisons, IS [NOT] NULL, IN lists, and
// ANDs of those) as conditions on `column_sql`, so that a scan of a catalog
// table (inlined rows) can push them into its query. Anything else is left
// out: the reader applies the complete filter afterwards.
//
// Rendered from the filter tree, in the SQL DuckDB, SQLite and PostgreSQL
// share: operators spaced, constants in parentheses (`"a" <> (-2)`; DuckDB's
// own "a"!=-2 is the operator !=- to PostgreSQL), `"a" IN ((1), (2))`,
// `"a" IS [NOT] NULL`; each part of an AND is a condition of its own.
//===----------------------------------------------------------------------===//
#pragma once

#include "duckdb/planner/table_filter.hpp"

#include <string>
#include <vector>

namespace inlake {

void TableFilterToSql(const duckdb::TableFilter &filter, const std::string &column_sql,
                      std::vector<std::string> &conditions);

} // namespace inlake

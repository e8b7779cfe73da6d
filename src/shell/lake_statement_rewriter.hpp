//===----------------------------------------------------------------------===//
// inlake shell: rewriting the lake's table-option statements DuckDB 1.4.4
// cannot parse.
//
// The functions here are pure text transformations of one statement (trimmed,
// without its `;`; comments before it are allowed); they need no connection.
// Keywords match case-insensitively, whitespace and comments between tokens
// are ignored, quoted identifiers are unquoted. A statement that is not
// exactly one of these forms does not match and must run unchanged.
//
// 1. RewriteCreateTableWithAs:
//      CREATE [OR REPLACE] TABLE [IF NOT EXISTS] name WITH (k = v, ...) AS query
//    becomes the same text with the option clause moved into the comment the
//    lake's catalog reads (catalog/table_options_clause.cpp):
//      CREATE [OR REPLACE] TABLE [IF NOT EXISTS] name /*+inlake_with(k = v, ...)*/ AS query
//    Everything else is byte-identical. `CREATE TABLE t (cols) WITH (...)`
//    (no AS) parses in DuckDB and does not match.
// 2. MatchAlterTableOptions:
//      ALTER TABLE [IF EXISTS] [catalog.][schema.]table SET (k = v, ...)
//      ALTER TABLE [IF EXISTS] [catalog.][schema.]table RESET (k, ...)
//    yields the name parts as written, whether IF EXISTS was given, and the
//    key/value list (each value is its SQL text, passed through as a
//    literal). OptionCalls then turns it
//    into one `CALL ducklake_set_option(...)` / `ducklake_reset_option(...)`
//    per key, once the caller resolved the catalog and schema.
//===----------------------------------------------------------------------===//
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace inlake {

//! True (with the rewritten text in `result`) when `sql` is CREATE TABLE ... WITH (...) AS ...
bool RewriteCreateTableWithAs(const std::string &sql, std::string &result);

//! A matched ALTER TABLE ... SET (...) / RESET (...)
struct AlterTableOptions {
	//! 1 to 3 parts: [catalog.][schema.]table, as written (unquoted)
	std::vector<std::string> name_parts;
	bool reset = false;
	//! ALTER TABLE IF EXISTS: a table that does not exist is no error (the caller checks)
	bool if_exists = false;
	//! key and value SQL text (the value is empty for RESET)
	std::vector<std::pair<std::string, std::string>> options;
};

//! True (with the statement's parts in `result`) when `sql` is ALTER TABLE ... SET|RESET (...)
bool MatchAlterTableOptions(const std::string &sql, AlterTableOptions &result);

//! One CALL statement per option of `alter`, aimed at table `schema`.`table` of lake `catalog`
std::vector<std::string> OptionCalls(const AlterTableOptions &alter, const std::string &catalog,
                                     const std::string &schema, const std::string &table);

} // namespace inlake

//===----------------------------------------------------------------------===//
// inlake shell: statement preprocessing hook.
//
// PreprocessStatement receives every single SQL statement (trimmed, without its
// terminating `;`) right before the shell hands it to DuckDB, and returns what
// to execute instead. This is where the lake's statements DuckDB 1.4.4 cannot
// parse are rewritten (lake_statement_rewriter.hpp):
// - CREATE TABLE name WITH (k = v, ...) AS query: one statement, the options
//   moved into the comment the lake's catalog reads;
// - ALTER TABLE [IF EXISTS] name SET (k = v, ...) / RESET (k, ...): one CALL
//   of ducklake_set_option / ducklake_reset_option per key. The table name is
//   resolved against the connection like DuckDB does (current database and
//   schema; `a.b` is catalog a when a is an attached database, else schema a).
//   With IF EXISTS, a table (or view) that is not there makes it run nothing,
//   as DuckDB's ALTER TABLE IF EXISTS (a database that is not attached is
//   still an error).
//   Several calls must apply atomically: outside an explicit transaction they
//   are wrapped in BEGIN TRANSACTION / COMMIT and `rollback_on_error` is set,
//   so the shell rolls back when one fails. Their results are not printed, as
//   for any ALTER TABLE.
// - INSTALL ducklake: nothing to run (the lake is built in; DuckDB would try
//   to download the upstream extension).
// - LOAD inlake, or LOAD of any path whose file is inlake.duckdb_extension:
//   nothing to run, and a notice that the shell has the lake built in (loading
//   the extension a second time would fail on functions that already exist).
// Any other statement comes back unchanged, as the only statement to run.
// Throws when the name resolution queries fail.
//===----------------------------------------------------------------------===//
#pragma once

#include "duckdb.hpp"

#include <string>
#include <vector>

namespace inlake {

struct PreprocessedStatement {
	//! The statements to run, in order; stop at the first one that fails
	std::vector<std::string> statements;
	//! When one fails, run ROLLBACK (the statements opened a transaction of their own)
	bool rollback_on_error = false;
	//! Don't print the statements' results
	bool quiet = false;
	//! A notice for the user (stderr), printed instead of running anything
	std::string notice;
};

PreprocessedStatement PreprocessStatement(duckdb::Connection &con, const std::string &sql);

} // namespace inlake

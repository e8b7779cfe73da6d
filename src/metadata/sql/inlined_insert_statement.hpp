//===----------------------------------------------------------------------===//
// InlinedInsertStatement: an InlinedInsertCommit as one SQL statement, for a
// dialect that allows INSERT and UPDATE inside WITH (PostgreSQL).
//
// Run under the lake's write lock, in a transaction of its own, it
//   - reads the latest snapshot and checks the commit's conditions (no
//     snapshot after the base drops or alters one of the tables; each table
//     has its stats row and the inlined table of its schema version);
//   - when they hold: inserts the next snapshot (the latest's schema version
//     and id counters: an insert changes none of them) and its changes row,
//     advances each table's record count and next row id, and inserts the rows
//     with ids from the old next row id and the new snapshot as their begin;
//   - returns one row, the new snapshot's id; none when a condition failed
//     (then nothing was written).
// A table's stats row that the update did not find makes the statement fail
// (division by zero) rather than commit a snapshot without its rows.
// Values are parameters (the dialect's encoding of inlined values), never
// spliced into the text.
//===----------------------------------------------------------------------===//
#pragma once

#include "metadata/inlined_insert_commit.hpp"
#include "metadata/sql/sql_dialect.hpp"

#include "duckdb/common/types/value.hpp"

#include <string>
#include <vector>

namespace inlake {

struct CatalogStatement {
	std::string sql;
	std::vector<duckdb::Value> parameters;
	//! The statement's rows found again from the id of the transaction that ran it ($1: txid_current()'s text),
	//! for a connection lost after COMMIT was sent (PostgreSQL: the rows the transaction inserted carry its id)
	std::string recovery_sql;
};

//! `prefix` qualifies the catalog tables' names.
CatalogStatement InlinedInsertStatement(const InlinedInsertCommit &commit, const SqlDialect &dialect,
                                        const std::string &prefix);

//! What the statement's text depends on (per table: its id, schema version, inlined table, row count, row-id
//! advance and column types): commits of one shape share the text and differ only in the parameters, so a
//! writer that commits the same shape again and again builds the text once (see InlinedInsertParameters).
std::string InlinedInsertShape(const InlinedInsertCommit &commit, const SqlDialect &dialect);

//! The statement's parameters alone, in the order its text binds them (what InlinedInsertStatement puts in
//! CatalogStatement::parameters), without building the text.
std::vector<duckdb::Value> InlinedInsertParameters(const InlinedInsertCommit &commit, const SqlDialect &dialect);

//! Parameters a statement may bind (PostgreSQL takes at most 65535); a larger commit is written the ordinary way.
constexpr size_t kMaxStatementParameters = 60000;

} // namespace inlake

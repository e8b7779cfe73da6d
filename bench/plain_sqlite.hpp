//===----------------------------------------------------------------------===//
// PlainSQLite: a plain SQLite database opened as a SQLite lake opens its
// catalog (WAL, synchronous=FULL, a busy timeout), with a table
// t (id INTEGER, name TEXT) that benchmarks insert TenRows into, one
// transaction (BEGIN IMMEDIATE ... COMMIT) per commit: what plain SQLite
// achieves for the same rows, beside a lake on a SQLite catalog.
//===----------------------------------------------------------------------===//
#pragma once

#include "lake_bench_parts.hpp"

#include <sqlite3.h>

#include <stdexcept>
#include <string>

namespace bench {

class PlainSQLite {
public:
	explicit PlainSQLite(const std::string &path) {
		if (sqlite3_open(path.c_str(), &db) != SQLITE_OK) {
			throw std::runtime_error("cannot open " + path);
		}
		sqlite3_busy_timeout(db, 60000);
		Exec("PRAGMA journal_mode = WAL");
		Exec("PRAGMA synchronous = FULL");
		Exec("CREATE TABLE IF NOT EXISTS t (id INTEGER, name TEXT)");
	}
	~PlainSQLite() {
		sqlite3_finalize(insert);
		sqlite3_close(db);
	}
	PlainSQLite(const PlainSQLite &) = delete;
	PlainSQLite &operator=(const PlainSQLite &) = delete;

	void Exec(const std::string &sql) {
		char *error = nullptr;
		if (sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &error) != SQLITE_OK) {
			std::string message = error ? error : "?";
			sqlite3_free(error);
			throw std::runtime_error(sql.substr(0, 200) + " -> " + message);
		}
	}
	//! TenRows(writer, commit) as SQL text in one transaction
	void Commit10(duckdb::idx_t writer, duckdb::idx_t commit) {
		Exec("BEGIN IMMEDIATE; INSERT INTO t VALUES " + TenRows(writer, commit) + "; COMMIT");
	}
	//! What a lake commit writes into its catalog (CatalogRowWrites), in one transaction; the tables must exist
	void CommitCatalogRows(duckdb::idx_t writer, duckdb::idx_t commit) {
		Exec("BEGIN IMMEDIATE; " + CatalogRowWrites(writer, commit) + "; COMMIT");
	}
	//! The same commit through a prepared 10-row INSERT with bound values.
	void Commit10Prepared(duckdb::idx_t writer, duckdb::idx_t commit) {
		if (!insert) {
			std::string sql = "INSERT INTO t VALUES (?, ?)";
			for (int i = 1; i < 10; i++) {
				sql += ", (?, ?)";
			}
			sqlite3_prepare_v2(db, sql.c_str(), -1, &insert, nullptr);
		}
		Exec("BEGIN IMMEDIATE");
		for (int i = 0; i < 10; i++) {
			auto id = TenRowsId(writer, commit, i);
			auto name = "row " + std::to_string(id);
			sqlite3_bind_int64(insert, 2 * i + 1, id);
			sqlite3_bind_text(insert, 2 * i + 2, name.c_str(), -1, SQLITE_TRANSIENT);
		}
		if (sqlite3_step(insert) != SQLITE_DONE) {
			throw std::runtime_error(std::string("plain SQLite insert failed: ") + sqlite3_errmsg(db));
		}
		sqlite3_reset(insert);
		Exec("COMMIT");
	}

private:
	sqlite3 *db = nullptr;
	sqlite3_stmt *insert = nullptr;
};

} // namespace bench

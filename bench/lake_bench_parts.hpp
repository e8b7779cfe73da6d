//===----------------------------------------------------------------------===//
// Pieces the catalog-backend benchmarks share (catalog_backends_bench for
// SQLite, postgres_bench for PostgreSQL): the ten rows a commit inserts, a
// DuckDB instance with inlake and one lake attached, a writer process's lake
// commits, and the comparison of queries over inlined rows between a lake on
// the backend and one on a DuckDB file.
//===----------------------------------------------------------------------===//
#pragma once

#include "bench_util.hpp"
#include "writer_processes.hpp"

#include "duckdb.hpp"
#include "inlake_extension.hpp"

#include <stdexcept>
#include <string>
#include <vector>

namespace bench {

//! The id of row `i` (0..9) of commit `commit` of writer `writer`: unique per writer
inline int64_t TenRowsId(duckdb::idx_t writer, duckdb::idx_t commit, duckdb::idx_t i) {
	return int64_t(writer * 1000000 + commit * 10 + i);
}

//! Ten rows for commit `commit` of writer `writer`, as VALUES text: (id, 'row <id>')
inline std::string TenRows(duckdb::idx_t writer, duckdb::idx_t commit) {
	std::string values;
	for (duckdb::idx_t i = 0; i < 10; i++) {
		auto id = std::to_string(TenRowsId(writer, commit, i));
		values += (i ? ", (" : "(") + id + ", 'row " + id + "')";
	}
	return values;
}

//! What a lake's inlined 10-row commit writes into its catalog, as plain SQL on tables of the same shape (the
//! rows with row id and snapshot, the table stats row updated, a snapshot row and its changes row), for a plain
//! client measuring the floor of those writes: the tables (`key_type`: the snapshot id's primary key type)...
inline std::string CatalogRowTables(const std::string &key_type) {
	return "CREATE TABLE ti (row_id BIGINT, begin_snapshot BIGINT, end_snapshot BIGINT, id BIGINT, name VARCHAR); "
	       "CREATE TABLE stats (table_id BIGINT, record_count BIGINT, next_row_id BIGINT, file_size_bytes BIGINT); "
	       "INSERT INTO stats VALUES (1, 0, 0, 0); "
	       "CREATE TABLE snap (snapshot_id " + key_type + " PRIMARY KEY, snapshot_time VARCHAR, schema_version BIGINT, "
	       "next_catalog_id BIGINT, next_file_id BIGINT); INSERT INTO snap VALUES (0, 'x', 0, 1, 0); "
	       "CREATE TABLE changes (snapshot_id BIGINT, changes_made VARCHAR, author VARCHAR, commit_message VARCHAR, "
	       "commit_extra_info VARCHAR)";
}

//! ... and the statements of one commit, between BEGIN and COMMIT
inline std::string CatalogRowWrites(duckdb::idx_t writer, duckdb::idx_t commit) {
	std::string values;
	for (duckdb::idx_t i = 0; i < 10; i++) {
		auto id = std::to_string(TenRowsId(writer, commit, i));
		values += (i ? ", (" : "(") + std::to_string(i) + ", " + id + ", 'row " + id + "')";
	}
	return "INSERT INTO ti SELECT (SELECT next_row_id FROM stats WHERE table_id = 1) + column1, "
	       "(SELECT max(snapshot_id) + 1 FROM snap), NULL, column2, column3 FROM (VALUES " + values + ") AS v; "
	       "UPDATE stats SET record_count = record_count + 10, next_row_id = next_row_id + 10 WHERE table_id = 1; "
	       "INSERT INTO snap SELECT max(snapshot_id) + 1, 'x', 1, 2, 0 FROM snap; "
	       "INSERT INTO changes SELECT max(snapshot_id), 'inlined_insert:1', NULL, NULL, NULL FROM snap";
}

//! A DuckDB instance with inlake loaded, `settings` run, and the lake of `attach` attached
struct LakeInstance {
	explicit LakeInstance(const std::string &attach, const std::vector<std::string> &settings = {})
	    : db(nullptr), con(db) {
		inlake::LoadInlake(*db.instance);
		for (auto &setting : settings) {
			Run(con, setting);
		}
		Run(con, attach);
	}
	duckdb::DuckDB db;
	duckdb::Connection con;
};

//! The floor under a lake commit: milliseconds per commit of the same 10-row INSERT (SQL text, autocommit) into a
//! table of an in-memory DuckDB database (no catalog, no disk), timed over `commits` commits. A lake commit costs
//! this plus its catalog database's commit; the ratio targets against plain databases cannot beat
//! (plain commit + this) / plain commit.
inline double NativeInsertMsPerCommit(duckdb::idx_t commits) {
	LakeInstance native("ATTACH ':memory:' AS lake");
	Run(native.con, "CREATE TABLE lake.t (id BIGINT, name VARCHAR)");
	double ms = 0;
	for (duckdb::idx_t commit = 0; commit < commits; commit++) {
		ms += TimeMs(native.con, "INSERT INTO lake.t VALUES " + TenRows(0, commit));
	}
	return ms / double(commits);
}

//! Adds the rows that show the floor of "plain / lake" commit-rate ratios: DuckDB's own INSERT rate and the best
//! ratio any catalog could reach beside a plain database committing at `plain_rate` commits/s.
inline void ReportInsertFloor(const std::string &plain, double plain_rate, duckdb::idx_t commits) {
	auto native_ms = NativeInsertMsPerCommit(commits);
	AddRow("DuckDB in-memory table, the same INSERT (no catalog, no disk), commits/s", Fmt("%.0f", 1000.0 / native_ms));
	auto plain_ms = plain_rate > 0 ? 1000.0 / plain_rate : 0;
	AddRow("floor of plain " + plain + " / lake: (plain commit + DuckDB INSERT) / plain commit",
	       Fmt("%.2fx", plain_ms > 0 ? (plain_ms + native_ms) / plain_ms : 0));
}

//! In a writer child: `commits` autocommit INSERTs of TenRows(writer, commit) into `table` (lake.<name>),
//! counting the commits, their latencies and the failures
inline void CommitLakeInserts(duckdb::Connection &con, const std::string &table, duckdb::idx_t writer,
                              duckdb::idx_t commits, WriterReport &report) {
	for (duckdb::idx_t commit = 0; commit < commits; commit++) {
		auto start = NowMs();
		auto result = con.Query("INSERT INTO " + table + " VALUES " + TenRows(writer, commit));
		if (result->HasError()) {
			report.failures++;
			report.errors.push_back(result->GetError());
			continue;
		}
		report.latencies_ms.push_back(NowMs() - start);
		report.commits++;
	}
}

//! Queries over the inlined rows of `table` (the same rows in both lakes) on the backend's lake beside the
//! DuckDB-file lake: count/sum and a filtered count, each the first after a commit (5 rounds, each inserting
//! TenRows(writer, first_commit + round) into both) and then the median of `reps` repetitions. The lakes must
//! answer alike; the ratios go to the report, labelled "<rows> inlined rows ... <backend> / DuckDB-file".
inline void CompareInlinedQueries(duckdb::Connection &backend_lake, duckdb::Connection &file_lake,
                                  const std::string &backend, const std::string &table, const std::string &rows,
                                  duckdb::idx_t writer, duckdb::idx_t first_commit, duckdb::idx_t reps) {
	auto commit = first_commit;
	for (auto &query : {"SELECT count(*), sum(id) FROM " + table,
	                    "SELECT count(*) FROM " + table + " WHERE id % 7 = 3 AND name LIKE 'row 1%'"}) {
		double first_backend = 0, first_file = 0;
		for (int round = 0; round < 5; round++, commit++) {
			auto insert = "INSERT INTO " + table + " VALUES " + TenRows(writer, commit);
			Run(backend_lake, insert);
			Run(file_lake, insert);
			first_backend += TimeMs(backend_lake, query);
			first_file += TimeMs(file_lake, query);
		}
		std::string backend_result, file_result;
		auto backend_ms = MedianQueryMs(backend_lake, query, reps, backend_result);
		auto file_ms = MedianQueryMs(file_lake, query, reps, file_result);
		if (backend_result != file_result) {
			throw std::runtime_error("the lakes answer differently: " + query);
		}
		auto label = query.substr(7, 22);
		AddRatio("query over " + rows + " inlined rows, first after a commit, " + backend + " / DuckDB-file: " + label,
		         first_backend / first_file, 3.0);
		AddRatio("query over " + rows + " inlined rows, repeated, " + backend + " / DuckDB-file: " + label,
		         backend_ms / file_ms, 3.0);
	}
}

} // namespace bench

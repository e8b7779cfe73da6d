//===----------------------------------------------------------------------===//
// commit_floor_bench: a lake's 10-row inlined commits on a SQLite and a
// PostgreSQL catalog against the floor the catalog database allows, in one
// run (issue 30).
//
// Every writer is a process of its own that opens its database once (a lake:
// a DuckDB instance, inlake, ATTACH; plain: a connection) and commits once
// before it says it is ready; the time that took is reported apart. Released
// together, the writers commit for a fixed time (--seconds) and report every
// commit's latency and when they began and ended. For each backend, in this
// order:
//   plain, 1 client     BEGIN; INSERT the same 10 rows; COMMIT on the same
//                       server / a SQLite file opened as the lake opens its
//                       catalog (WAL, synchronous=FULL)
//   native, 1 writer    the same INSERT (SQL text, autocommit) into a table of
//                       an in-memory DuckDB database: DuckDB's own cost of it
//   lake, 1 writer      the same INSERT into a lake table (inlined)
//   plain, catalog rows what that lake commit writes into its catalog (the 10 rows with row ids and snapshot,
//                       the table's stats row updated, a snapshot and a changes row), written by a plain client in
//                       one transaction (one round trip): the floor of any implementation of the spec
//   plain / lake with 4, then 16 clients, all into one table
//   PostgreSQL only: plain with 1 and 16 clients whose transactions also increment one counter row first, so
//                       that each commits after the one before (as a lake's snapshots do): how far strictly
//                       ordered commits scale on the server
// Then it checks that every lake commit arrived (10 rows each).
//
// Printed: latency p50 / mean / p99 and commits/s of each; the floor under a
// lake commit, plain + native (p50 and mean), and the lake's latency over it
// (target <= 1.15x); how N writers scale, lake (N writers' commits/s over one
// writer's) against plain (the same for N clients), target >= 0.8x of plain's
// scaling for N = 4 and 16; failed commits (target 0). Absolute times on a
// shared machine are noise: the ratios, all from one run, are the result.
//
// Usage: commit_floor_bench [--seconds S] [--backend sqlite|postgres|both] [--server CONNINFO] [--keep]
//   PostgreSQL: CONNINFO (or INLAKE_TEST_PG) names a server without dbname, e.g. one started by
//   `scripts/pg-cluster.sh start DIR --durable`; the bench creates two databases there and drops them.
//   Without a server, only SQLite runs.
//===----------------------------------------------------------------------===//
#include "bench_util.hpp"
#include "lake_bench_parts.hpp"
#include "plain_sqlite.hpp"
#include "writer_processes.hpp"

#include "duckdb.hpp"

#include <libpq-fe.h>

#include <cstdlib>
#include <filesystem>
#include <map>
#include <numeric>

using namespace duckdb; // NOLINT
using namespace bench;  // NOLINT

namespace {

struct Options {
	double seconds = 3;
	std::string backend = "both";
	std::string server;
	bool keep = false;
};

//! Commits may retry long enough for 16 writers (a setting before the attach)
const std::vector<std::string> kLakeSettings = {"SET ducklake_max_retry_count = 100"};

PGconn *ConnectPostgres(const std::string &conninfo) {
	auto conn = PQconnectdb(conninfo.c_str());
	if (PQstatus(conn) != CONNECTION_OK) {
		std::string error = PQerrorMessage(conn);
		PQfinish(conn);
		throw std::runtime_error("cannot connect to PostgreSQL (" + conninfo + "): " + error);
	}
	PQsetNoticeProcessor(
	    conn, [](void *, const char *) {}, nullptr);
	return conn;
}

std::string ExecPostgres(PGconn *conn, const std::string &sql) {
	auto result = PQexec(conn, sql.c_str());
	auto status = PQresultStatus(result);
	std::string value = status == PGRES_TUPLES_OK && PQntuples(result) > 0 ? PQgetvalue(result, 0, 0) : "";
	std::string error = PQerrorMessage(conn);
	PQclear(result);
	if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) {
		throw std::runtime_error(sql.substr(0, 200) + ": " + error);
	}
	return value;
}

//! One kind of writer's commits: `commit(index)` commits TenRows(writer, index) and throws on failure.
class Committer {
public:
	virtual ~Committer() = default;
	virtual void Commit(idx_t index) = 0;
};

class LakeCommitter : public Committer {
public:
	LakeCommitter(const std::string &attach, idx_t writer) : lake(attach, kLakeSettings), writer(writer) {
	}
	void Commit(idx_t index) override {
		auto result = lake.con.Query("INSERT INTO lake.t VALUES " + TenRows(writer, index));
		if (result->HasError()) {
			throw std::runtime_error(result->GetError());
		}
	}

private:
	LakeInstance lake;
	idx_t writer;
};

class NativeCommitter : public Committer {
public:
	explicit NativeCommitter(idx_t writer) : native("ATTACH ':memory:' AS lake"), writer(writer) {
		Run(native.con, "CREATE TABLE lake.t (id BIGINT, name VARCHAR)");
	}
	void Commit(idx_t index) override {
		Run(native.con, "INSERT INTO lake.t VALUES " + TenRows(writer, index));
	}

private:
	LakeInstance native;
	idx_t writer;
};

//! `catalog_rows`: writes what a lake commit writes into its catalog (CatalogRowWrites) instead of the 10 rows alone
class PlainSQLiteCommitter : public Committer {
public:
	PlainSQLiteCommitter(const std::string &path, idx_t writer, bool catalog_rows)
	    : plain(path), writer(writer), catalog_rows(catalog_rows) {
	}
	void Commit(idx_t index) override {
		if (catalog_rows) {
			plain.CommitCatalogRows(writer, index);
		} else {
			plain.Commit10(writer, index);
		}
	}

private:
	PlainSQLite plain;
	idx_t writer;
	bool catalog_rows;
};

//! `serial`: each transaction also increments the one row of table `counter` first, so that it waits for the
//! previous one to commit (its row lock is held through the commit's WAL flush): what a strictly ordered, gapless
//! sequence of commits, each seeing the one before (a lake's snapshots), allows plain PostgreSQL
//! `catalog_rows`: writes what a lake commit writes into its catalog (CatalogRowWrites), one round trip
class PlainPostgresCommitter : public Committer {
public:
	PlainPostgresCommitter(const std::string &conninfo, idx_t writer, bool serial, bool catalog_rows = false)
	    : conn(ConnectPostgres(conninfo)), writer(writer), serial(serial), catalog_rows(catalog_rows) {
	}
	~PlainPostgresCommitter() override {
		PQfinish(conn);
	}
	void Commit(idx_t index) override {
		if (catalog_rows) {
			ExecPostgres(conn, "BEGIN; " + CatalogRowWrites(writer, index) + "; COMMIT");
			return;
		}
		ExecPostgres(conn, std::string("BEGIN; ") + (serial ? "UPDATE counter SET n = n + 1; " : "") +
		                       "INSERT INTO t VALUES " + TenRows(writer, index) + "; COMMIT");
	}

private:
	PGconn *conn;
	idx_t writer;
	bool serial;
	bool catalog_rows;
};

//! --writer-child KIND TARGET WRITER SECONDS: opens, commits once, reports ready, commits for SECONDS.
int WriterChild(char **argv) {
	std::string kind = argv[2], target = argv[3];
	idx_t writer = std::stoull(argv[4]);
	double seconds = std::stod(argv[5]);
	WriterReport report;
	std::unique_ptr<Committer> committer;
	idx_t index = 0;
	try {
		auto start = NowMs();
		if (kind == "lake") {
			committer = std::make_unique<LakeCommitter>(target, writer);
		} else if (kind == "native") {
			committer = std::make_unique<NativeCommitter>(writer);
		} else if (kind == "plain-sqlite" || kind == "plain-sqlite-catalog-rows") {
			committer = std::make_unique<PlainSQLiteCommitter>(target, writer, kind == "plain-sqlite-catalog-rows");
		} else if (kind == "plain-postgres-catalog-rows") {
			committer = std::make_unique<PlainPostgresCommitter>(target, writer, false, true);
		} else if (kind == "plain-postgres" || kind == "plain-postgres-serial") {
			committer = std::make_unique<PlainPostgresCommitter>(target, writer, kind == "plain-postgres-serial");
		} else {
			throw std::runtime_error("unknown writer kind " + kind);
		}
		report.attach_ms = NowMs() - start;
		start = NowMs();
		committer->Commit(index++);
		report.first_commit_ms = NowMs() - start;
	} catch (std::exception &error) {
		printf("READY\n"); // the parent reads the failure from the report
		fflush(stdout);
		report.failures++;
		report.errors.push_back(std::string("setup: ") + error.what());
		ReportWriter(report);
		return 0;
	}
	WaitForStart();
	report.start_ms = NowMs();
	auto deadline = report.start_ms + seconds * 1000;
	while (true) {
		auto start = NowMs();
		if (start >= deadline) {
			break;
		}
		try {
			committer->Commit(index++);
			report.latencies_ms.push_back(NowMs() - start);
			report.commits++;
		} catch (std::exception &error) {
			report.failures++;
			if (report.errors.size() < 5) {
				report.errors.push_back(error.what());
			}
		}
	}
	report.end_ms = NowMs();
	ReportWriter(report);
	return 0;
}

double Mean(const std::vector<double> &values) {
	return values.empty() ? 0 : std::accumulate(values.begin(), values.end(), 0.0) / double(values.size());
}

//! A ratio row with a "<= target" verdict
void AddRatioAtMost(const std::string &name, double ratio, double target) {
	AddRow(name, Fmt("%.2fx", ratio), Fmt("<= %.2fx", target), ratio <= target ? "MET" : "NOT MET");
}

//! A ratio row with a ">= target" verdict
void AddRatioAtLeast(const std::string &name, double ratio, double target) {
	AddRow(name, Fmt("%.2fx", ratio), Fmt(">= %.2fx", target), ratio >= target ? "MET" : "NOT MET");
}

struct BackendTargets {
	std::string name;
	//! ATTACH statement of the lake (as `lake`), and the plain writers' kind and target
	std::string attach;
	std::string plain_kind;
	std::string plain_target;
	//! Plain writers whose commits are strictly ordered (PostgreSQL's counter row; empty: none measured)
	std::string serial_kind;
	//! A plain writer that writes what a lake commit writes into its catalog, and its database
	std::string catalog_rows_kind;
	std::string catalog_rows_target;
};

struct Measured {
	WriterRunResult run;
	std::vector<double> latencies;
	double rate = 0;
};

class BackendRun {
public:
	BackendRun(const Options &options, BackendTargets targets) : options(options), targets(std::move(targets)) {
	}

	void Run() {
		plain[1] = Writers(targets.plain_kind, targets.plain_target, 1);
		native = Writers("native", "-", 1);
		lake[1] = Writers("lake", targets.attach, 1);
		catalog_rows = Writers(targets.catalog_rows_kind, targets.catalog_rows_target, 1);
		for (idx_t writers : {4, 16}) {
			plain[writers] = Writers(targets.plain_kind, targets.plain_target, writers);
			lake[writers] = Writers("lake", targets.attach, writers);
		}
		if (!targets.serial_kind.empty()) {
			for (idx_t writers : {1, 16}) {
				serial[writers] = Writers(targets.serial_kind, targets.plain_target, writers);
			}
		}
		Report();
	}

	//! Lake commits made, the setup commits included (10 rows each)
	int64_t lake_commits = 0;

private:
	Measured Writers(const std::string &kind, const std::string &target, idx_t writers) {
		std::vector<std::vector<std::string>> args;
		for (idx_t w = 0; w < writers; w++) {
			args.push_back({kind, target, std::to_string(next_writer++), Fmt("%.3f", options.seconds)});
		}
		Measured measured;
		measured.run = RunWriterProcesses(args);
		measured.latencies = measured.run.Latencies();
		measured.rate = measured.run.CommitsPerSecondOfSpan();
		for (auto &writer : measured.run.writers) {
			for (auto &error : writer.errors) {
				fprintf(stderr, "%s %s writer: %s\n", targets.name.c_str(), kind.c_str(), error.c_str());
			}
			failures += writer.failures;
		}
		if (kind == "lake") {
			for (auto &writer : measured.run.writers) {
				lake_commits += writer.commits + (writer.first_commit_ms >= 0 ? 1 : 0);
			}
		}
		return measured;
	}

	std::string Latency(const Measured &measured) {
		auto &l = measured.latencies;
		return Fmt("%.3f", Percentile(l, 0.5)) + " / " + Fmt("%.3f", Mean(l)) + " / " + Fmt("%.3f", Percentile(l, 0.99));
	}

	std::string Setup(const Measured &measured) {
		std::vector<double> attach, first;
		for (auto &writer : measured.run.writers) {
			attach.push_back(writer.attach_ms);
			first.push_back(writer.first_commit_ms);
		}
		return Fmt("%.1f", Percentile(attach, 0.5)) + " / " + Fmt("%.1f", Percentile(first, 0.5));
	}

	void Report() {
		auto &b = targets.name;
		AddRow(b + ": lake writer's open (DuckDB, inlake, ATTACH) / first commit, ms (median of 16, not timed below)",
		       Setup(lake[16]));
		AddRow(b + ": plain client's open / first commit, ms", Setup(plain[16]));
		AddRow(b + ": plain, 1 client: latency p50 / mean / p99 ms", Latency(plain[1]));
		AddRow("DuckDB in-memory table, the same INSERT: latency p50 / mean / p99 ms", Latency(native));
		AddRow(b + ": lake, 1 writer: latency p50 / mean / p99 ms", Latency(lake[1]));
		auto floor_p50 = Percentile(plain[1].latencies, 0.5) + Percentile(native.latencies, 0.5);
		auto floor_mean = Mean(plain[1].latencies) + Mean(native.latencies);
		AddRow(b + ": floor = plain + DuckDB INSERT, p50 / mean ms",
		       Fmt("%.3f", floor_p50) + " / " + Fmt("%.3f", floor_mean));
		AddRatioAtMost(b + ": lake 1 writer / floor, p50", Percentile(lake[1].latencies, 0.5) / floor_p50, 1.15);
		AddRatioAtMost(b + ": lake 1 writer / floor, mean", Mean(lake[1].latencies) / floor_mean, 1.15);
		// what the spec makes a lake commit write, written by a plain client: the floor of any implementation
		AddRow(b + ": plain, 1 client, writing a lake commit's catalog rows: latency p50 / mean / p99 ms",
		       Latency(catalog_rows));
		auto rows_floor_p50 = Percentile(catalog_rows.latencies, 0.5) + Percentile(native.latencies, 0.5);
		AddRow(b + ": floor with the catalog rows = that + DuckDB INSERT, p50 ms", Fmt("%.3f", rows_floor_p50));
		AddRow(b + ": lake 1 writer / floor with the catalog rows, p50",
		       Fmt("%.2fx", Percentile(lake[1].latencies, 0.5) / rows_floor_p50));
		for (idx_t writers : {1, 4, 16}) {
			AddRow(b + ": " + std::to_string(writers) + (writers == 1 ? " writer" : " writers") +
			           ": commits/s plain / lake",
			       Fmt("%.0f", plain[writers].rate) + " / " + Fmt("%.0f", lake[writers].rate));
		}
		for (idx_t writers : {4, 16}) {
			auto plain_scaling = plain[writers].rate / plain[1].rate;
			auto lake_scaling = lake[writers].rate / lake[1].rate;
			auto label = b + ": " + std::to_string(writers) + " writers / 1, commits/s";
			AddRow(label + ": plain / lake", Fmt("%.2fx", plain_scaling) + " / " + Fmt("%.2fx", lake_scaling));
			AddRatioAtLeast(label + ": lake's scaling / plain's", lake_scaling / plain_scaling, 0.8);
			AddRow(b + ": lake, " + std::to_string(writers) + " writers: latency p50 / mean / p99 ms",
			       Latency(lake[writers]));
		}
		if (!serial.empty()) {
			AddRow(b + ": plain, each commit after the one before (a counter row): 16 clients / 1, commits/s",
			       Fmt("%.2fx", serial[16].rate / serial[1].rate) + " (" + Fmt("%.0f", serial[16].rate) + " / " +
			           Fmt("%.0f", serial[1].rate) + ")");
		}
		AddRow(b + ": failed commits (lake and plain)", std::to_string(failures), "0",
		       failures == 0 ? "MET" : "NOT MET");
	}

	const Options &options;
	BackendTargets targets;
	idx_t next_writer = 1;
	std::map<idx_t, Measured> plain, lake, serial;
	Measured native, catalog_rows;
	int64_t failures = 0;
};

//! Every lake commit's 10 rows are there, no more, no fewer.
void CheckRows(const std::string &backend, const std::string &attach, int64_t commits) {
	LakeInstance check(attach, kLakeSettings);
	auto count = Run(check.con, "SELECT count(*), count(DISTINCT id) FROM lake.t");
	auto rows = count->GetValue(0, 0).GetValue<int64_t>();
	auto distinct = count->GetValue(1, 0).GetValue<int64_t>();
	bool ok = rows == commits * 10 && distinct == rows;
	AddRow(backend + ": lake rows after the run / expected (10 per commit), distinct ids",
	       std::to_string(rows) + " / " + std::to_string(commits * 10) + ", " + std::to_string(distinct), "equal",
	       ok ? "MET" : "NOT MET");
}

void SQLiteBackend(const Options &options, const std::string &dir) {
	BackendTargets targets;
	targets.name = "SQLite";
	targets.attach = "ATTACH 'ducklake:sqlite:" + dir + "/lake.sqlite' AS lake (DATA_PATH '" + dir +
	                 "/lake_files/', DATA_INLINING_ROW_LIMIT 10)";
	targets.plain_kind = "plain-sqlite";
	targets.plain_target = dir + "/plain.sqlite";
	targets.catalog_rows_kind = "plain-sqlite-catalog-rows";
	targets.catalog_rows_target = dir + "/plain_catalog_rows.sqlite";
	{
		LakeInstance setup(targets.attach, kLakeSettings);
		Run(setup.con, "CREATE TABLE lake.t (id BIGINT, name VARCHAR)");
		PlainSQLite plain(targets.plain_target);
		PlainSQLite rows(targets.catalog_rows_target);
		rows.Exec(CatalogRowTables("INTEGER")); // (an INTEGER key is the row id, as in a SQLite catalog)
	}
	BackendRun run(options, targets);
	run.Run();
	CheckRows(targets.name, targets.attach, run.lake_commits);
}

void PostgresBackend(const Options &options, const std::string &dir) {
	auto admin = ConnectPostgres(options.server + " dbname=postgres");
	auto suffix = std::to_string(getpid());
	auto lake_db = "inlake_floor_lake_" + suffix, plain_db = "inlake_floor_plain_" + suffix;
	AddRow("PostgreSQL server: fsync / synchronous_commit",
	       ExecPostgres(admin, "SHOW fsync") + " / " + ExecPostgres(admin, "SHOW synchronous_commit"));
	ExecPostgres(admin, "CREATE DATABASE " + lake_db);
	ExecPostgres(admin, "CREATE DATABASE " + plain_db);
	try {
		BackendTargets targets;
		targets.name = "PostgreSQL";
		targets.attach = "ATTACH 'ducklake:postgres:" + options.server + " dbname=" + lake_db +
		                 "' AS lake (DATA_PATH '" + dir + "/pg_files/', DATA_INLINING_ROW_LIMIT 10)";
		targets.plain_kind = "plain-postgres";
		targets.serial_kind = "plain-postgres-serial";
		targets.plain_target = options.server + " dbname=" + plain_db;
		targets.catalog_rows_kind = "plain-postgres-catalog-rows";
		targets.catalog_rows_target = targets.plain_target;
		{
			LakeInstance setup(targets.attach, kLakeSettings);
			Run(setup.con, "CREATE TABLE lake.t (id BIGINT, name VARCHAR)");
			auto plain = ConnectPostgres(targets.plain_target);
			ExecPostgres(plain, "CREATE TABLE t (id BIGINT, name VARCHAR)");
			ExecPostgres(plain, "CREATE TABLE counter (n BIGINT); INSERT INTO counter VALUES (0)");
			ExecPostgres(plain, CatalogRowTables("BIGINT"));
			PQfinish(plain);
		}
		BackendRun run(options, targets);
		run.Run();
		CheckRows(targets.name, targets.attach, run.lake_commits);
	} catch (...) {
		ExecPostgres(admin, "DROP DATABASE IF EXISTS " + lake_db + " WITH (FORCE)");
		ExecPostgres(admin, "DROP DATABASE IF EXISTS " + plain_db + " WITH (FORCE)");
		PQfinish(admin);
		throw;
	}
	ExecPostgres(admin, "DROP DATABASE IF EXISTS " + lake_db + " WITH (FORCE)");
	ExecPostgres(admin, "DROP DATABASE IF EXISTS " + plain_db + " WITH (FORCE)");
	PQfinish(admin);
}

Options ParseOptions(int argc, char **argv) {
	Options options;
	if (auto server = getenv("INLAKE_TEST_PG")) {
		options.server = server;
	}
	for (int i = 1; i < argc; i++) {
		std::string arg = argv[i];
		if (arg == "--seconds" && i + 1 < argc) {
			options.seconds = std::stod(argv[++i]);
		} else if (arg == "--backend" && i + 1 < argc) {
			options.backend = argv[++i];
		} else if (arg == "--server" && i + 1 < argc) {
			options.server = argv[++i];
		} else if (arg == "--keep") {
			options.keep = true;
		} else {
			printf("usage: commit_floor_bench [--seconds S] [--backend sqlite|postgres|both] [--server CONNINFO] "
			       "[--keep]\n  (PostgreSQL: CONNINFO or INLAKE_TEST_PG, a server without dbname)\n");
			exit(arg == "--help" ? 0 : 2);
		}
	}
	if (options.backend != "sqlite" && options.backend != "postgres" && options.backend != "both") {
		fprintf(stderr, "--backend must be sqlite, postgres or both\n");
		exit(2);
	}
	if (options.backend == "postgres" && options.server.empty()) {
		fprintf(stderr, "--backend postgres needs --server CONNINFO (or INLAKE_TEST_PG)\n");
		exit(2);
	}
	return options;
}

} // namespace

int main(int argc, char **argv) {
	if (argc > 5 && std::string(argv[1]) == "--writer-child") {
		return WriterChild(argv);
	}
	auto options = ParseOptions(argc, argv);
	auto dir = MakeTempDir("inlake_commit_floor_");
	int rc = 0;
	try {
		if (options.backend != "postgres") {
			SQLiteBackend(options, dir);
		}
		if (options.backend != "sqlite") {
			if (options.server.empty()) {
				AddRow("PostgreSQL", "not run (no --server, no INLAKE_TEST_PG)");
			} else {
				PostgresBackend(options, dir);
			}
		}
		PrintReport();
	} catch (std::exception &error) {
		fprintf(stderr, "commit_floor_bench failed: %s\n", error.what());
		rc = 1;
	}
	if (options.keep) {
		printf("kept %s\n", dir.c_str());
	} else {
		std::filesystem::remove_all(dir);
	}
	return rc;
}

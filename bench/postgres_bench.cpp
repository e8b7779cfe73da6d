//===----------------------------------------------------------------------===//
// postgres_bench: a PostgreSQL catalog under concurrent writers, beside plain
// PostgreSQL, in one run (issue 12).
//
// 1. Writer processes (1, 4, 16), each its own DuckDB instance, committing
//    10-row inlined inserts into one shared lake table, then into a table
//    each; beside the same processes inserting the same rows through plain
//    libpq transactions (BEGIN; INSERT 10 rows; COMMIT) into a plain table.
//    Commits/s, commit latency p50/p99, failed commits.
// 2. Queries over the inlined rows the writers left: count/sum and a filtered
//    count on the PostgreSQL lake beside the same rows in a DuckDB-file lake
//    (the first query after a commit, and repeated).
// Absolute times on shared machines are noise: the ratios are the output.
// Usage: postgres_bench --server CONNINFO [--commits N] [--reps K]
//   CONNINFO: a PostgreSQL server without dbname (scripts/bench-postgres.sh starts a durable one); the bench
//   creates and drops its own databases.
//===----------------------------------------------------------------------===//
#include "bench_util.hpp"
#include "duckdb.hpp"
#include "lake_bench_parts.hpp"
#include "writer_processes.hpp"

#include <libpq-fe.h>

using namespace duckdb; // NOLINT
using namespace bench;  // NOLINT

namespace {

struct Options {
	std::string server;
	idx_t commits = 200;
	idx_t reps = 21;
};

PGconn *Connect(const std::string &conninfo) {
	auto conn = PQconnectdb(conninfo.c_str());
	if (PQstatus(conn) != CONNECTION_OK) {
		throw std::runtime_error("cannot connect to " + conninfo + ": " + PQerrorMessage(conn));
	}
	PQsetNoticeProcessor(
	    conn, [](void *, const char *) {}, nullptr);
	return conn;
}

void Exec(PGconn *conn, const std::string &sql) {
	auto result = PQexec(conn, sql.c_str());
	auto status = PQresultStatus(result);
	std::string error = PQerrorMessage(conn);
	PQclear(result);
	if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) {
		throw std::runtime_error(sql.substr(0, 200) + ": " + error);
	}
}

//! A lake whose commits retry long enough for 16 writers (settings before the attach)
const std::vector<std::string> kLakeSettings = {"SET ducklake_max_retry_count = 100"};

//! --writer-child lake|plain <attach or conninfo> <table> <writer> <commits>
int WriterChild(char **argv) {
	std::string kind = argv[2], target = argv[3], table = argv[4];
	idx_t writer = std::stoull(argv[5]), commits = std::stoull(argv[6]);
	WriterReport report;
	if (kind == "plain") {
		auto conn = Connect(target);
		WaitForStart();
		for (idx_t commit = 0; commit < commits; commit++) {
			auto start = NowMs();
			try {
				Exec(conn, "BEGIN; INSERT INTO " + table + " VALUES " + TenRows(writer, commit) + "; COMMIT");
				report.latencies_ms.push_back(NowMs() - start);
				report.commits++;
			} catch (std::exception &error) {
				report.failures++;
				report.errors.push_back(error.what());
			}
		}
		PQfinish(conn);
	} else {
		LakeInstance lake(target, kLakeSettings);
		WaitForStart();
		CommitLakeInserts(lake.con, "lake." + table, writer, commits, report);
	}
	ReportWriter(report);
	return 0;
}

struct Scenario {
	WriterRunResult lake;
	WriterRunResult plain;
};

//! `writers` processes, `commits` each, into one shared table or a table each.
Scenario RunScenario(const Options &options, const std::string &attach, const std::string &plain_conninfo,
                     idx_t writers, idx_t commits, bool table_each, idx_t first_writer) {
	std::vector<std::vector<std::string>> lake_args, plain_args;
	for (idx_t w = 0; w < writers; w++) {
		auto table = table_each ? "t" + std::to_string(w) : std::string("shared");
		auto id = std::to_string(first_writer + w);
		lake_args.push_back({"lake", attach, table, id, std::to_string(commits)});
		plain_args.push_back({"plain", plain_conninfo, table, id, std::to_string(commits)});
	}
	Scenario result;
	result.lake = RunWriterProcesses(lake_args);
	result.plain = RunWriterProcesses(plain_args);
	return result;
}

void Report(const std::string &label, const Scenario &scenario) {
	auto lake_latencies = scenario.lake.Latencies();
	AddRow(label + ": lake commits/s (failed)",
	       Fmt("%.0f", scenario.lake.CommitsPerSecond()) + " (" + std::to_string(scenario.lake.Failures()) + ")");
	AddRow(label + ": plain PostgreSQL commits/s", Fmt("%.0f", scenario.plain.CommitsPerSecond()));
	AddRow(label + ": lake commit p50 / p99 ms",
	       Fmt("%.2f", Percentile(lake_latencies, 0.5)) + " / " + Fmt("%.2f", Percentile(lake_latencies, 0.99)));
	for (auto &writer : scenario.lake.writers) {
		for (auto &error : writer.errors) {
			fprintf(stderr, "%s: failed commit: %s\n", label.c_str(), error.c_str());
			break;
		}
	}
}

void Benchmark(const Options &options) {
	auto dir = MakeTempDir("inlake_pg_bench_");
	auto admin = Connect(options.server + " dbname=postgres");
	auto lake_db = "inlake_bench_lake_" + std::to_string(getpid());
	auto plain_db = "inlake_bench_plain_" + std::to_string(getpid());
	Exec(admin, "CREATE DATABASE " + lake_db);
	Exec(admin, "CREATE DATABASE " + plain_db);
	auto attach = "ATTACH 'ducklake:postgres:" + options.server + " dbname=" + lake_db + "' AS lake (DATA_PATH '" +
	              dir + "/files/', DATA_INLINING_ROW_LIMIT 10)";
	auto plain_conninfo = options.server + " dbname=" + plain_db;
	{
		LakeInstance setup(attach, kLakeSettings);
		auto plain = Connect(plain_conninfo);
		for (idx_t t = 0; t < 16; t++) {
			Run(setup.con, "CREATE TABLE lake.t" + std::to_string(t) + " (id BIGINT, name VARCHAR)");
			Exec(plain, "CREATE TABLE t" + std::to_string(t) + " (id BIGINT, name VARCHAR)");
		}
		Run(setup.con, "CREATE TABLE lake.shared (id BIGINT, name VARCHAR)");
		Exec(plain, "CREATE TABLE shared (id BIGINT, name VARCHAR)");
		PQfinish(plain);
	}
	double one_rate = 0, four_rate = 0, sixteen_rate = 0, one_plain = 0, four_plain = 0, sixteen_plain = 0;
	int64_t failures = 0;
	idx_t first_writer = 1;
	for (bool table_each : {false, true}) {
		for (idx_t writers : {1, 4, 16}) {
			auto commits = std::max<idx_t>(options.commits / writers, 10);
			auto scenario = RunScenario(options, attach, plain_conninfo, writers, commits, table_each, first_writer);
			first_writer += writers;
			auto label = std::to_string(writers) + (writers == 1 ? " writer" : " writers") +
			             (table_each ? ", a table each" : ", one table");
			Report(label, scenario);
			failures += scenario.lake.Failures();
			if (!table_each) {
				(writers == 1 ? one_rate : writers == 4 ? four_rate : sixteen_rate) = scenario.lake.CommitsPerSecond();
				(writers == 1 ? one_plain : writers == 4 ? four_plain : sixteen_plain) =
				    scenario.plain.CommitsPerSecond();
			}
		}
	}
	// issue 12's targets
	AddRatio("1 writer: plain PostgreSQL / lake commit rate", one_plain / one_rate, 2.5);
	AddRatio("1 writer / 4 writers' total commit rate (one table)", one_rate / four_rate, 1.0 / 1.3);
	AddRatio("1 writer / 16 writers' total commit rate (one table)", one_rate / sixteen_rate, 1.0);
	AddRow("failed commits (all scenarios)", std::to_string(failures), "0", failures == 0 ? "MET" : "NOT MET");
	// what the machine allows: plain PostgreSQL's own scaling, and the floor DuckDB's INSERT puts under a commit
	AddRow("plain PostgreSQL: 1 writer / 4 writers' and / 16 writers' total commit rate (one table)",
	       Fmt("%.2fx", one_plain / four_plain) + " / " + Fmt("%.2fx", one_plain / sixteen_plain));
	ReportInsertFloor("PostgreSQL", one_plain, options.commits);

	// queries over the inlined rows of the shared table, beside the same rows in a DuckDB-file lake
	LakeInstance pg_lake(attach, kLakeSettings);
	LakeInstance file_lake("ATTACH 'ducklake:" + dir + "/file.ducklake' AS lake (DATA_PATH '" + dir +
	                       "/file_files/', DATA_INLINING_ROW_LIMIT 10)",
	                       kLakeSettings);
	Run(file_lake.con, "CREATE TABLE lake.shared (id BIGINT, name VARCHAR)");
	auto rows = Run(pg_lake.con, "SELECT id, name FROM lake.shared ORDER BY id");
	idx_t copied = 0;
	for (idx_t start = 0; start < rows->RowCount(); start += 10, copied++) {
		std::string values;
		for (idx_t r = start; r < std::min(rows->RowCount(), start + 10); r++) {
			values += (values.empty() ? "(" : ", (") + rows->GetValue(0, r).ToString() + ", '" +
			          rows->GetValue(1, r).ToString() + "')";
		}
		Run(file_lake.con, "INSERT INTO lake.shared VALUES " + values);
	}
	CompareInlinedQueries(pg_lake.con, file_lake.con, "PostgreSQL", "lake.shared", std::to_string(rows->RowCount()),
	                      900, 0, options.reps);
	Exec(admin, "DROP DATABASE IF EXISTS " + lake_db + " WITH (FORCE)");
	Exec(admin, "DROP DATABASE IF EXISTS " + plain_db + " WITH (FORCE)");
	PQfinish(admin);
	std::filesystem::remove_all(dir);
}

} // namespace

int main(int argc, char **argv) {
	if (argc > 6 && std::string(argv[1]) == "--writer-child") {
		return WriterChild(argv);
	}
	Options options;
	for (int i = 1; i + 1 < argc; i += 2) {
		std::string arg = argv[i];
		if (arg == "--server") {
			options.server = argv[i + 1];
		} else if (arg == "--commits") {
			options.commits = std::stoull(argv[i + 1]);
		} else if (arg == "--reps") {
			options.reps = std::stoull(argv[i + 1]);
		}
	}
	if (options.server.empty()) {
		fprintf(stderr, "usage: postgres_bench --server CONNINFO [--commits N] [--reps K] "
		                "(scripts/bench-postgres.sh starts a server)\n");
		return 2;
	}
	try {
		Benchmark(options);
		PrintReport();
	} catch (std::exception &error) {
		fprintf(stderr, "postgres_bench failed: %s\n", error.what());
		return 1;
	}
	return 0;
}

//===----------------------------------------------------------------------===//
// catalog_backends_bench: a SQLite catalog against the DuckDB-file catalog
// and against plain SQLite, in one process and one run (issue 11).
//
// 1. One writer: N autocommit INSERTs of 10 rows (inlined) into a lake on a
//    DuckDB-file catalog, a lake on a SQLite catalog, and a plain SQLite
//    table (libsqlite3, WAL, synchronous=FULL: what the SQLite lake uses),
//    driven round-robin so machine noise hits them alike; once as SQL text
//    per commit (DuckDB parses, binds and plans each INSERT; SQLite parses
//    its own), once as prepared statements with bound values on both sides.
//    Commits/s each, and the ratios.
// 2. Writer processes on one SQLite lake: 1 and 4 processes (each its own
//    DuckDB instance), beside 1 and 4 processes writing a plain SQLite
//    table: total commits/s, every commit checked to have arrived.
// 3. Reading the inlined rows the commits left: count/sum and a filtered
//    count over the SQLite lake against the DuckDB-file lake: the first
//    query after a commit, and the median of --reps repetitions.
// Absolute times on shared machines are noise: the ratios are the output.
// Usage: catalog_backends_bench [--commits N] [--reps K] [--keep]
//===----------------------------------------------------------------------===//
#include "bench_util.hpp"
#include "lake_bench_parts.hpp"
#include "plain_sqlite.hpp"
#include "writer_processes.hpp"
#include "duckdb.hpp"

#include <cstring>
#include <filesystem>
#include <thread>

using namespace duckdb; // NOLINT
using namespace bench;  // NOLINT

namespace {

struct Options {
	idx_t commits = 300;
	idx_t reps = 21;
	bool keep = false;
};

Options ParseOptions(int argc, char **argv) {
	Options options;
	for (int i = 1; i < argc; i++) {
		std::string arg = argv[i];
		if (arg == "--commits" && i + 1 < argc) {
			options.commits = std::stoull(argv[++i]);
		} else if (arg == "--reps" && i + 1 < argc) {
			options.reps = std::stoull(argv[++i]);
		} else if (arg == "--keep") {
			options.keep = true;
		} else {
			printf("usage: catalog_backends_bench [--commits N] [--reps K] [--keep]\n");
			exit(arg == "--help" ? 0 : 1);
		}
	}
	return options;
}

double CommitsPerSecond(idx_t commits, double ms) {
	return ms > 0 ? double(commits) * 1000.0 / ms : 0;
}

//! A prepared 10-row INSERT into lake.t.
unique_ptr<PreparedStatement> PrepareTenRows(Connection &con) {
	std::string sql = "INSERT INTO lake.t VALUES ($1, $2)";
	for (int i = 1; i < 10; i++) {
		sql += ", ($" + std::to_string(2 * i + 1) + ", $" + std::to_string(2 * i + 2) + ")";
	}
	auto prepared = con.Prepare(sql);
	if (prepared->HasError()) {
		throw std::runtime_error(prepared->GetError());
	}
	return prepared;
}

double TimePreparedMs(PreparedStatement &prepared, idx_t writer, idx_t commit) {
	duckdb::vector<Value> values;
	for (idx_t i = 0; i < 10; i++) {
		auto id = TenRowsId(writer, commit, i);
		values.push_back(Value::BIGINT(id));
		values.push_back(Value("row " + std::to_string(id)));
	}
	auto start = NowMs();
	auto result = prepared.Execute(values);
	if (result->HasError()) {
		throw std::runtime_error(result->GetError());
	}
	return NowMs() - start;
}

void OneWriter(const Options &options, const std::string &dir) {
	LakeInstance duckdb_lake("ATTACH 'ducklake:" + dir + "/d.ducklake' AS lake (DATA_PATH '" + dir +
	                         "/d_files/', DATA_INLINING_ROW_LIMIT 10)");
	LakeInstance sqlite_lake("ATTACH 'ducklake:sqlite:" + dir + "/s.sqlite' AS lake (DATA_PATH '" + dir +
	                         "/s_files/', DATA_INLINING_ROW_LIMIT 10)");
	PlainSQLite plain(dir + "/plain.sqlite");
	for (auto *lake : {&duckdb_lake, &sqlite_lake}) {
		Run(lake->con, "CREATE TABLE lake.t (id BIGINT, name VARCHAR)");
	}
	double duckdb_ms = 0, sqlite_ms = 0, plain_ms = 0;
	for (idx_t commit = 0; commit < options.commits; commit++) {
		auto insert = "INSERT INTO lake.t VALUES " + TenRows(0, commit);
		duckdb_ms += TimeMs(duckdb_lake.con, insert);
		sqlite_ms += TimeMs(sqlite_lake.con, insert);
		auto start = NowMs();
		plain.Commit10(0, commit);
		plain_ms += NowMs() - start;
	}
	auto duckdb_rate = CommitsPerSecond(options.commits, duckdb_ms);
	auto sqlite_rate = CommitsPerSecond(options.commits, sqlite_ms);
	auto plain_rate = CommitsPerSecond(options.commits, plain_ms);
	AddRow("1 writer, SQL text: DuckDB-file lake, commits/s", Fmt("%.0f", duckdb_rate));
	AddRow("1 writer, SQL text: SQLite lake, commits/s", Fmt("%.0f", sqlite_rate));
	AddRow("1 writer, SQL text: plain SQLite, commits/s", Fmt("%.0f", plain_rate));
	// issue 11's target: one writer at least 0.5x plain SQLite's commits/s
	AddRatio("1 writer, SQL text: plain SQLite / SQLite lake commit rate", plain_rate / sqlite_rate, 2.0);
	ReportInsertFloor("SQLite", plain_rate, options.commits);

	auto duckdb_prepared = PrepareTenRows(duckdb_lake.con);
	auto sqlite_prepared = PrepareTenRows(sqlite_lake.con);
	duckdb_ms = sqlite_ms = plain_ms = 0;
	for (idx_t commit = options.commits; commit < 2 * options.commits; commit++) {
		duckdb_ms += TimePreparedMs(*duckdb_prepared, 0, commit);
		sqlite_ms += TimePreparedMs(*sqlite_prepared, 0, commit);
		auto start = NowMs();
		plain.Commit10Prepared(0, commit);
		plain_ms += NowMs() - start;
	}
	duckdb_rate = CommitsPerSecond(options.commits, duckdb_ms);
	sqlite_rate = CommitsPerSecond(options.commits, sqlite_ms);
	plain_rate = CommitsPerSecond(options.commits, plain_ms);
	AddRow("1 writer, prepared: DuckDB-file lake, commits/s", Fmt("%.0f", duckdb_rate));
	AddRow("1 writer, prepared: SQLite lake, commits/s", Fmt("%.0f", sqlite_rate));
	AddRow("1 writer, prepared: plain SQLite, commits/s", Fmt("%.0f", plain_rate));
	AddRatio("1 writer, prepared: plain SQLite / SQLite lake commit rate", plain_rate / sqlite_rate, 2.0);

	// reading what the commits left inlined: the first query after a commit, then repeated
	CompareInlinedQueries(sqlite_lake.con, duckdb_lake.con, "SQLite", "lake.t", std::to_string(options.commits * 20),
	                      1, 2 * options.commits, options.reps);
}

//! --writer-child lake|plain <database path> <data path> <writer> <commits>: one writer process's commits.
int WriterChild(int argc, char **argv) {
	if (argc < 7) {
		return 2;
	}
	std::string kind = argv[2], path = argv[3], data_path = argv[4];
	idx_t writer = std::stoull(argv[5]), commits = std::stoull(argv[6]);
	WriterReport report;
	if (kind == "plain") {
		PlainSQLite plain(path);
		WaitForStart();
		for (idx_t commit = 0; commit < commits; commit++) {
			auto start = NowMs();
			plain.Commit10(writer, commit);
			report.latencies_ms.push_back(NowMs() - start);
			report.commits++;
		}
	} else {
		LakeInstance lake("ATTACH 'ducklake:sqlite:" + path + "' AS lake (DATA_PATH '" + data_path +
		                  "', DATA_INLINING_ROW_LIMIT 10)");
		WaitForStart();
		CommitLakeInserts(lake.con, "lake.t", writer, commits, report);
	}
	ReportWriter(report);
	return 0;
}

WriterRunResult RunWriters(const std::string &kind, const std::string &path, const std::string &data_path,
                           idx_t writers, idx_t commits_each, idx_t first_writer) {
	std::vector<std::vector<std::string>> args;
	for (idx_t w = 0; w < writers; w++) {
		args.push_back({kind, path, data_path, std::to_string(first_writer + w), std::to_string(commits_each)});
	}
	auto result = RunWriterProcesses(args);
	if (result.Failures() > 0) {
		throw std::runtime_error("a writer's commit failed: " + result.writers[0].errors.front());
	}
	return result;
}

void WriterProcesses(const Options &options, const std::string &dir) {
	auto lake_path = dir + "/many.sqlite", data_path = dir + "/many_files/";
	{
		LakeInstance setup("ATTACH 'ducklake:sqlite:" + lake_path + "' AS lake (DATA_PATH '" + data_path + "')");
		Run(setup.con, "CREATE TABLE lake.t (id BIGINT, name VARCHAR)");
	}
	auto plain_path = dir + "/many_plain.sqlite";
	auto one = RunWriters("lake", lake_path, data_path, 1, options.commits, 1);
	auto four = RunWriters("lake", lake_path, data_path, 4, options.commits / 4, 2);
	auto plain_one = RunWriters("plain", plain_path, "", 1, options.commits, 1);
	auto plain_four = RunWriters("plain", plain_path, "", 4, options.commits / 4, 2);
	LakeInstance check("ATTACH 'ducklake:sqlite:" + lake_path + "' AS lake (DATA_PATH '" + data_path + "')");
	auto count = Run(check.con, "SELECT count(*) FROM lake.t")->GetValue(0, 0).GetValue<int64_t>();
	if (count != (one.Commits() + four.Commits()) * 10) {
		throw std::runtime_error("rows lost: " + std::to_string(count));
	}
	AddRow("1 writer process: SQLite lake, commits/s", Fmt("%.0f", one.CommitsPerSecond()));
	AddRow("4 writer processes: SQLite lake, commits/s (all arrived)", Fmt("%.0f", four.CommitsPerSecond()));
	AddRow("4 writer processes: SQLite lake, commit p50 / p99 ms",
	       Fmt("%.2f", Percentile(four.Latencies(), 0.5)) + " / " + Fmt("%.2f", Percentile(four.Latencies(), 0.99)));
	AddRow("1 / 4 writer processes: plain SQLite, commits/s",
	       Fmt("%.0f", plain_one.CommitsPerSecond()) + " / " + Fmt("%.0f", plain_four.CommitsPerSecond()));
	// issue 11's target: 4 writers together at least as many commits/s as one
	AddRatio("1 writer / 4 writers' total commit rate, SQLite lake", one.CommitsPerSecond() / four.CommitsPerSecond(),
	         1.0);
}

} // namespace

int main(int argc, char **argv) {
	if (argc > 1 && std::string(argv[1]) == "--writer-child") {
		return WriterChild(argc, argv);
	}
	auto options = ParseOptions(argc, argv);
	auto dir = MakeTempDir("inlake_backends_bench_");
	int rc = 0;
	try {
		OneWriter(options, dir);
		WriterProcesses(options, dir);
		PrintReport();
	} catch (std::exception &error) {
		fprintf(stderr, "catalog_backends_bench failed: %s\n", error.what());
		rc = 1;
	}
	if (!options.keep) {
		std::filesystem::remove_all(dir);
	} else {
		printf("kept %s\n", dir.c_str());
	}
	return rc;
}

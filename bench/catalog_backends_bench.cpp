//===----------------------------------------------------------------------===//
// catalog_backends_bench: a SQLite catalog against the DuckDB-file catalog
// and against plain SQLite, in one process and one run (issue 11).
//
// 1. One writer: N autocommit INSERTs of 10 rows (inlined) into a lake on a
//    DuckDB-file catalog, a lake on a SQLite catalog, and a plain SQLite
//    table (libsqlite3, WAL, synchronous=FULL: what the SQLite lake uses),
//    driven round-robin so machine noise hits them alike. Commits/s each,
//    and the ratios.
// 2. Four writers on one SQLite lake (four DuckDB instances, as four
//    processes would be) against four plain SQLite connections: total
//    commits/s, every commit checked to have arrived.
// 3. Reading the inlined rows the commits left: count/sum and a filtered
//    count over the SQLite lake against the DuckDB-file lake (median of
//    --reps runs).
// Absolute times on shared machines are noise: the ratios are the output.
// Usage: catalog_backends_bench [--commits N] [--reps K] [--keep]
//===----------------------------------------------------------------------===//
#include "bench_util.hpp"
#include "duckdb.hpp"
#include "inlake_extension.hpp"

#include <sqlite3.h>

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

//! Ten rows for commit `commit` of writer `writer`, as VALUES text.
std::string TenRows(idx_t writer, idx_t commit) {
	std::string values;
	for (idx_t i = 0; i < 10; i++) {
		auto id = std::to_string((writer * 1000000) + commit * 10 + i);
		values += (i ? ", (" : "(") + id + ", 'row " + id + "')";
	}
	return values;
}

//! A plain SQLite database as the SQLite lake opens its catalog.
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
		sqlite3_close(db);
	}
	void Exec(const std::string &sql) {
		char *error = nullptr;
		if (sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &error) != SQLITE_OK) {
			std::string message = error ? error : "?";
			sqlite3_free(error);
			throw std::runtime_error(sql + " -> " + message);
		}
	}
	void Commit10(idx_t writer, idx_t commit) {
		Exec("BEGIN IMMEDIATE; INSERT INTO t VALUES " + TenRows(writer, commit) + "; COMMIT");
	}

private:
	sqlite3 *db = nullptr;
};

//! A DuckDB instance with inlake and one lake attached as `lake`.
struct LakeInstance {
	explicit LakeInstance(const std::string &attach) : db(nullptr), con(db) {
		inlake::LoadInlake(*db.instance);
		Run(con, attach);
	}
	DuckDB db;
	Connection con;
};

//! The one-writer SQLite lake rate, for the four-writer comparison
double one_writer_rate = 0;

double CommitsPerSecond(idx_t commits, double ms) {
	return ms > 0 ? double(commits) * 1000.0 / ms : 0;
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
	AddRow("1 writer: DuckDB-file lake, commits/s", Fmt("%.0f", duckdb_rate));
	AddRow("1 writer: SQLite lake, commits/s", Fmt("%.0f", sqlite_rate));
	AddRow("1 writer: plain SQLite, commits/s", Fmt("%.0f", plain_rate));
	// issue 11's target: one writer at least 0.5x plain SQLite's commits/s
	AddRatio("1 writer: plain SQLite / SQLite lake commit rate", plain_rate / sqlite_rate, 2.0);
	one_writer_rate = sqlite_rate;

	// reading what the commits left inlined
	for (auto &query : {std::string("SELECT count(*), sum(id) FROM lake.t"),
	                    std::string("SELECT count(*) FROM lake.t WHERE id % 7 = 3 AND name LIKE 'row 1%'")}) {
		std::string duckdb_result, sqlite_result;
		auto duckdb_query_ms = MedianQueryMs(duckdb_lake.con, query, options.reps, duckdb_result);
		auto sqlite_query_ms = MedianQueryMs(sqlite_lake.con, query, options.reps, sqlite_result);
		if (duckdb_result != sqlite_result) {
			throw std::runtime_error("the lakes answer differently: " + query);
		}
		AddRatio("query over " + std::to_string(options.commits * 10) +
		             " inlined rows, SQLite / DuckDB-file lake: " + query.substr(7, 22),
		         sqlite_query_ms / duckdb_query_ms, 3.0);
	}
}

void FourWriters(const Options &options, const std::string &dir) {
	const idx_t writers = 4;
	auto attach = "ATTACH 'ducklake:sqlite:" + dir + "/four.sqlite' AS lake (DATA_PATH '" + dir +
	              "/four_files/', DATA_INLINING_ROW_LIMIT 10)";
	{
		LakeInstance setup(attach);
		Run(setup.con, "CREATE TABLE lake.t (id BIGINT, name VARCHAR)");
	}
	std::vector<std::unique_ptr<LakeInstance>> lakes;
	std::vector<std::unique_ptr<PlainSQLite>> plains;
	for (idx_t w = 0; w < writers; w++) {
		lakes.push_back(make_uniq<LakeInstance>(attach));
		plains.push_back(make_uniq<PlainSQLite>(dir + "/four_plain.sqlite"));
	}
	auto per_writer = options.commits / writers;
	auto run_threads = [&](const std::function<void(idx_t)> &work) {
		auto start = NowMs();
		std::vector<std::thread> threads;
		for (idx_t w = 0; w < writers; w++) {
			threads.emplace_back(work, w);
		}
		for (auto &thread : threads) {
			thread.join();
		}
		return NowMs() - start;
	};
	std::string failure;
	std::mutex failure_lock;
	auto lake_ms = run_threads([&](idx_t w) {
		try {
			for (idx_t commit = 0; commit < per_writer; commit++) {
				Run(lakes[w]->con, "INSERT INTO lake.t VALUES " + TenRows(w + 1, commit));
			}
		} catch (std::exception &error) {
			std::lock_guard<std::mutex> guard(failure_lock);
			failure = error.what();
		}
	});
	auto plain_ms = run_threads([&](idx_t w) {
		for (idx_t commit = 0; commit < per_writer; commit++) {
			plains[w]->Commit10(w + 1, commit);
		}
	});
	if (!failure.empty()) {
		throw std::runtime_error("a writer failed: " + failure);
	}
	auto count = Run(lakes[0]->con, "SELECT count(*) FROM lake.t")->GetValue(0, 0).GetValue<int64_t>();
	if (count != int64_t(per_writer * writers * 10)) {
		throw std::runtime_error("rows lost: " + std::to_string(count));
	}
	auto lake_rate = CommitsPerSecond(per_writer * writers, lake_ms);
	auto plain_rate = CommitsPerSecond(per_writer * writers, plain_ms);
	AddRow("4 writers: SQLite lake, commits/s (all arrived)", Fmt("%.0f", lake_rate));
	AddRow("4 writers: plain SQLite, commits/s", Fmt("%.0f", plain_rate));
	AddRatio("4 writers: plain SQLite / SQLite lake commit rate", plain_rate / lake_rate, 0);
	// issue 11's target: 4 writers together at least as many commits/s as one
	AddRatio("1 writer / 4 writers' total commit rate, SQLite lake", one_writer_rate / lake_rate, 1.0);
}

} // namespace

int main(int argc, char **argv) {
	auto options = ParseOptions(argc, argv);
	auto dir = MakeTempDir("inlake_backends_bench_");
	int rc = 0;
	try {
		OneWriter(options, dir);
		FourWriters(options, dir);
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

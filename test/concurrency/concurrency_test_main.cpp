//===----------------------------------------------------------------------===//
// inlake_concurrency_test: many processes on one lake (issue 12's stress
// test; any backend that allows several processes: postgres, sqlite).
//
// Phase 1, concurrent work: W writer processes each commit N times 10 rows
// into the shared table s and 10 rows into a table of their own, and after
// every 5th commit delete one earlier row of theirs from s (a small delete);
// one process flushes the inlined rows again and again; one reads every
// snapshot it sees and checks it: each writer's rows there are exactly those
// of a prefix of its commits (a snapshot shows a commit whole or not at all).
// A commit that fails with a transaction conflict (a delete meeting a
// concurrent flush of the same rows) is run again; any other failure fails
// the test. Afterwards every committed row is present exactly once, row ids
// are unique, snapshot ids are 0..n without gaps or duplicates.
// Phase 2, kill -9: a writer process is killed at random moments while it
// commits; after each kill the rows present are exactly those of the commits
// it reported plus, at most, the one it was in (whole), and every snapshot has
// its changes row (no partial snapshot). The next writer goes on at once (a
// killed writer's lock is released).
//
// With --auto-flush-threshold R the shared table s gets inlined_flush_threshold R and there is no flusher
// process: the writers' own commits flush s automatically, racing each other (a flush that loses to another
// is skipped); no writer's commit may fail for it, and s must end with data files.
//
// Usage: inlake_concurrency_test --backend postgres|sqlite [--writers W] [--commits N] [--kills K] [--seed S]
//        [--auto-flush-threshold R]
//        [--inject-fault lost-commit]  (writer 1 leaves out one commit: the run must fail)
// PostgreSQL: the server in INLAKE_TEST_PG; a database of its own is created (and dropped) for the run.
//===----------------------------------------------------------------------===//
#include "duckdb.hpp"
#include "inlake_extension.hpp"
#include "writer_processes.hpp"

#include <csignal>
#include <cstdio>
#include <filesystem>
#include <libpq-fe.h>
#include <map>
#include <random>
#include <set>
#include <thread>

using namespace duckdb; // NOLINT
using bench::WriterReport;

namespace {

struct Config {
	std::string backend = "postgres";
	int writers = 8;
	int commits = 30;
	int kills = 6;
	uint64_t seed = 1;
	//! inlined_flush_threshold of table s (0: none, and a flusher process flushes)
	int auto_flush_threshold = 0;
};

//! A DuckDB instance with inlake and the lake attached as `lake`.
struct Lake {
	explicit Lake(const std::string &attach) : db(nullptr), con(db) {
		inlake::LoadInlake(*db.instance);
		Must("SET ducklake_max_retry_count = 100");
		Must(attach);
	}
	unique_ptr<MaterializedQueryResult> Must(const std::string &sql) {
		auto result = con.Query(sql);
		if (result->HasError()) {
			throw std::runtime_error(sql + ": " + result->GetError());
		}
		return result;
	}
	DuckDB db;
	Connection con;
};

bool IsConflict(const std::string &error) {
	return error.find("onflict") != std::string::npos;
}

//! Runs `sql` until it commits; conflicts are retried (counted), any other error is recorded as a failure.
bool CommitRetrying(Lake &lake, const std::string &sql, WriterReport &report, int *conflicts = nullptr) {
	for (int attempt = 0; attempt < 200; attempt++) {
		auto result = lake.con.Query(sql);
		if (!result->HasError()) {
			return true;
		}
		if (!IsConflict(result->GetError())) {
			report.failures++;
			report.errors.push_back(sql + ": " + result->GetError());
			return false;
		}
		if (conflicts) {
			(*conflicts)++;
		}
	}
	report.failures++;
	report.errors.push_back("gave up after 200 conflicts: " + sql);
	return false;
}

std::string InsertRows(const std::string &table, int writer, int commit) {
	std::string sql = "INSERT INTO lake." + table + " VALUES ";
	for (int j = 0; j < 10; j++) {
		sql += std::string(j ? ", " : "") + "(" + std::to_string(writer) + ", " + std::to_string(commit * 10 + j) +
		       ", 'w" + std::to_string(writer) + "')";
	}
	return sql;
}

//! The seq numbers of writer w's rows in s after its first `commits` commits and `deletes` deletes.
std::set<int> Expected(int commits, int deletes) {
	std::set<int> rows;
	for (int i = 1; i <= commits; i++) {
		for (int j = 0; j < 10; j++) {
			rows.insert(i * 10 + j);
		}
	}
	for (int d = 1; d <= deletes; d++) {
		rows.erase((d * 5 - 2) * 10); // the delete after commit 5d takes a row of commit 5d - 2
	}
	return rows;
}

//! Whether every writer said it is done (each leaves done_<w> in the run's folder when it ends).
bool WritersDone(const std::string &dir, int writers) {
	int done = 0;
	for (auto &entry : std::filesystem::directory_iterator(dir)) {
		done += entry.path().filename().string().rfind("done_", 0) == 0 ? 1 : 0;
	}
	return done >= writers;
}

int WriterChild(const std::string &attach, const std::string &dir, int writer, int commits) {
	WriterReport report;
	Lake lake(attach);
	bench::WaitForStart();
	// --inject-fault lost-commit: writer 1 leaves out its third insert into s, as a lost commit would (the checks
	// must see it: the test of the test)
	bool lose_one = std::getenv("INLAKE_CONCURRENCY_FAULT") != nullptr && writer == 1;
	for (int i = 1; i <= commits; i++) {
		auto start = bench::NowMs();
		bool skipped = lose_one && i == 3;
		if ((!skipped && !CommitRetrying(lake, InsertRows("s", writer, i), report)) ||
		    !CommitRetrying(lake, InsertRows("t" + std::to_string(writer), writer, i), report)) {
			break;
		}
		report.latencies_ms.push_back(bench::NowMs() - start);
		report.commits++;
		if (i % 5 == 0 && !CommitRetrying(lake,
		                                  "DELETE FROM lake.s WHERE w = " + std::to_string(writer) +
		                                      " AND seq = " + std::to_string((i - 2) * 10),
		                                  report)) {
			break;
		}
	}
	FILE *done = fopen((dir + "/done_" + std::to_string(writer)).c_str(), "w");
	if (done) {
		fclose(done);
	}
	bench::ReportWriter(report);
	return 0;
}

int FlusherChild(const std::string &attach, const std::string &dir, int writers) {
	WriterReport report;
	Lake lake(attach);
	bench::WaitForStart();
	while (!WritersDone(dir, writers)) {
		if (!CommitRetrying(lake, "CALL ducklake_flush_inlined_data('lake')", report)) {
			break;
		}
		report.commits++;
	}
	bench::ReportWriter(report);
	return 0;
}

//! Checks each snapshot it sees: every writer's rows there form a prefix of its commits.
int ReaderChild(const std::string &attach, const std::string &dir, int writers) {
	WriterReport report;
	Lake lake(attach);
	bench::WaitForStart();
	int64_t last_seen = -1;
	auto check = [&](int64_t version) {
		auto rows = lake.Must("SELECT w, seq FROM lake.s AT (VERSION => " + std::to_string(version) + ")");
		std::map<int, std::set<int>> by_writer;
		for (idx_t r = 0; r < rows->RowCount(); r++) {
			by_writer[rows->GetValue(0, r).GetValue<int>()].insert(rows->GetValue(1, r).GetValue<int>());
		}
		for (auto &entry : by_writer) {
			auto highest = *entry.second.rbegin() / 10;
			bool consistent = entry.second == Expected(highest, highest / 5) ||
			                  (highest % 5 == 0 && entry.second == Expected(highest, highest / 5 - 1));
			if (!consistent) {
				report.failures++;
				report.errors.push_back("snapshot " + std::to_string(version) + ": writer " +
				                        std::to_string(entry.first) + "'s rows are no prefix of its commits");
			}
		}
		report.commits++;
	};
	while (!WritersDone(dir, writers)) {
		auto latest = lake.Must("SELECT max(snapshot_id) FROM ducklake_snapshots('lake')")->GetValue(0, 0);
		auto version = latest.GetValue<int64_t>();
		if (version < last_seen) {
			report.failures++;
			report.errors.push_back("the latest snapshot went back from " + std::to_string(last_seen));
		}
		if (version != last_seen) {
			check(version);
			last_seen = version;
		}
	}
	bench::ReportWriter(report);
	return 0;
}

//! Phase 2's writer: commits 10-row inserts from `first` on, printing each commit once it returned.
int KillableChild(const std::string &attach, int first) {
	Lake lake(attach);
	printf("READY\n");
	fflush(stdout);
	for (int i = first;; i++) {
		lake.Must(InsertRows("k", 99, i));
		printf("COMMITTED %d\n", i);
		fflush(stdout);
	}
}

int Fail(const std::string &what) {
	fprintf(stderr, "FAIL: %s\n", what.c_str());
	return 1;
}

std::string PostgresServer() {
	auto conninfo = std::getenv("INLAKE_TEST_PG");
	return conninfo ? conninfo : "";
}

bool AdminQuery(const std::string &sql) {
	auto conn = PQconnectdb((PostgresServer() + " dbname=postgres").c_str());
	bool ok = PQstatus(conn) == CONNECTION_OK;
	if (ok) {
		PQsetNoticeProcessor(
		    conn, [](void *, const char *) {}, nullptr);
		auto result = PQexec(conn, sql.c_str());
		ok = PQresultStatus(result) == PGRES_COMMAND_OK;
		if (!ok) {
			fprintf(stderr, "%s: %s", sql.c_str(), PQerrorMessage(conn));
		}
		PQclear(result);
	}
	PQfinish(conn);
	return ok;
}

int CheckFinal(Lake &lake, const Config &config, const bench::WriterRunResult &run) {
	int failures = 0;
	for (auto &writer : run.writers) {
		for (auto &error : writer.errors) {
			fprintf(stderr, "FAIL: %s\n", error.c_str());
		}
		failures += int(writer.failures);
	}
	for (int w = 1; w <= config.writers; w++) {
		auto rows = lake.Must("SELECT seq FROM lake.s WHERE w = " + std::to_string(w));
		std::set<int> present;
		for (idx_t r = 0; r < rows->RowCount(); r++) {
			present.insert(rows->GetValue(0, r).GetValue<int>());
		}
		if (rows->RowCount() != present.size() || present != Expected(config.commits, config.commits / 5)) {
			failures += Fail("writer " + std::to_string(w) + "'s rows in s are not exactly what it committed");
		}
		auto own = lake.Must("SELECT count(*), count(DISTINCT seq) FROM lake.t" + std::to_string(w));
		if (own->GetValue(0, 0).GetValue<int64_t>() != config.commits * 10 ||
		    own->GetValue(1, 0).GetValue<int64_t>() != config.commits * 10) {
			failures += Fail("writer " + std::to_string(w) + "'s own table does not hold its rows once each");
		}
	}
	auto ids = lake.Must("SELECT count(*) = count(DISTINCT rowid) FROM lake.s")->GetValue(0, 0);
	if (!ids.GetValue<bool>()) {
		failures += Fail("row ids in s are not unique");
	}
	auto snapshots = lake.Must("SELECT count(*) = max(snapshot_id) + 1, count(DISTINCT snapshot_id) = count(*) "
	                           "FROM ducklake_snapshots('lake')");
	if (!snapshots->GetValue(0, 0).GetValue<bool>() || !snapshots->GetValue(1, 0).GetValue<bool>()) {
		failures += Fail("snapshot ids are not 0..n without gaps or duplicates");
	}
	return failures;
}

//! Phase 2: kill -9 a committing writer again and again; check after each kill.
int KillPhase(const std::string &attach, const Config &config) {
	std::mt19937_64 random(config.seed);
	int failures = 0;
	int next = 1;
	std::set<int> committed;
	for (int round = 0; round < config.kills; round++) {
		int out[2];
		if (pipe(out) != 0) {
			return Fail("pipe");
		}
		auto pid = fork();
		if (pid == 0) {
			dup2(out[1], STDOUT_FILENO);
			close(out[0]);
			auto first = std::to_string(next);
			execl("/proc/self/exe", "/proc/self/exe", "--killable-child", attach.c_str(), first.c_str(), nullptr);
			_exit(127);
		}
		close(out[1]);
		auto stream = fdopen(out[0], "r");
		char line[256];
		if (!fgets(line, sizeof(line), stream)) {
			return Fail("the killable writer did not start");
		}
		std::this_thread::sleep_for(std::chrono::milliseconds(50 + random() % 400));
		kill(pid, SIGKILL);
		waitpid(pid, nullptr, 0);
		int last = next - 1;
		while (fgets(line, sizeof(line), stream)) {
			int i;
			if (sscanf(line, "COMMITTED %d", &i) == 1) {
				committed.insert(i);
				last = std::max(last, i);
			}
		}
		fclose(stream);
		Lake lake(attach);
		auto rows = lake.Must("SELECT seq // 10, count(*) FROM lake.k GROUP BY ALL");
		std::set<int> present;
		for (idx_t r = 0; r < rows->RowCount(); r++) {
			auto commit = rows->GetValue(0, r).GetValue<int>();
			present.insert(commit);
			if (rows->GetValue(1, r).GetValue<int64_t>() != 10) {
				failures += Fail("a commit killed midway left part of its rows");
			}
		}
		for (auto commit : committed) {
			if (!present.count(commit)) {
				failures += Fail("commit " + std::to_string(commit) + " returned but is gone after a kill");
			}
		}
		for (auto commit : present) {
			if (!committed.count(commit) && commit != last + 1) {
				failures += Fail("commit " + std::to_string(commit) + " is there but was never made");
			}
			committed.insert(commit); // the commit in flight may have made it
		}
		auto partial = lake.Must("SELECT (SELECT count(*) FROM ducklake_catalog_table('lake', 'ducklake_snapshot')) "
		                         "= (SELECT count(*) FROM ducklake_catalog_table('lake', "
		                         "'ducklake_snapshot_changes'))");
		if (!partial->GetValue(0, 0).GetValue<bool>()) {
			failures += Fail("a snapshot without its changes row (a partial snapshot)");
		}
		next = std::max(last, present.empty() ? 0 : *present.rbegin()) + 1;
	}
	printf("kill phase: %d kills, %zu commits survived\n", config.kills, committed.size());
	return failures;
}

} // namespace

int main(int argc, char **argv) {
	if (argc > 1 && std::string(argv[1]) == "--writer-child") {
		std::string role = argv[2];
		if (role == "writer") {
			return WriterChild(argv[3], argv[4], std::stoi(argv[5]), std::stoi(argv[6]));
		}
		if (role == "flusher") {
			return FlusherChild(argv[3], argv[4], std::stoi(argv[5]));
		}
		return ReaderChild(argv[3], argv[4], std::stoi(argv[5]));
	}
	if (argc > 1 && std::string(argv[1]) == "--killable-child") {
		return KillableChild(argv[2], std::stoi(argv[3]));
	}
	Config config;
	for (int i = 1; i + 1 < argc; i += 2) {
		std::string arg = argv[i];
		if (arg == "--backend") {
			config.backend = argv[i + 1];
		} else if (arg == "--writers") {
			config.writers = std::stoi(argv[i + 1]);
		} else if (arg == "--commits") {
			config.commits = std::stoi(argv[i + 1]);
		} else if (arg == "--kills") {
			config.kills = std::stoi(argv[i + 1]);
		} else if (arg == "--seed") {
			config.seed = std::stoull(argv[i + 1]);
		} else if (arg == "--auto-flush-threshold") {
			config.auto_flush_threshold = std::stoi(argv[i + 1]);
		} else if (arg == "--inject-fault") {
			setenv("INLAKE_CONCURRENCY_FAULT", argv[i + 1], 1); // inherited by the writer processes
		}
	}
	auto dir = bench::MakeTempDir("inlake_concurrency_");
	std::string catalog, database;
	if (config.backend == "postgres") {
		if (PostgresServer().empty()) {
			printf("SKIPPED: no PostgreSQL test server (INLAKE_TEST_PG)\n");
			return 77;
		}
		database = "inlake_concurrency_" + std::to_string(getpid());
		if (!AdminQuery("CREATE DATABASE " + database)) {
			return Fail("cannot create the test database");
		}
		catalog = "postgres:" + PostgresServer() + " dbname=" + database;
	} else {
		catalog = config.backend + ":" + dir + "/lake.db";
	}
	auto attach = "ATTACH 'ducklake:" + catalog + "' AS lake (DATA_PATH '" + dir + "/data/')";
	int failures = 0;
	try {
		{
			Lake setup(attach);
			setup.Must("CREATE TABLE lake.s (w INTEGER, seq INTEGER, note VARCHAR)");
			setup.Must("CREATE TABLE lake.k (w INTEGER, seq INTEGER, note VARCHAR)");
			for (int w = 1; w <= config.writers; w++) {
				setup.Must("CREATE TABLE lake.t" + std::to_string(w) + " (w INTEGER, seq INTEGER, note VARCHAR)");
			}
			if (config.auto_flush_threshold > 0) {
				setup.Must("CALL lake.set_option('inlined_flush_threshold', " +
				           std::to_string(config.auto_flush_threshold) + ", table_name => 's')");
			}
		}
		bool auto_flush = config.auto_flush_threshold > 0;
		std::vector<std::vector<std::string>> all;
		for (int w = 1; w <= config.writers; w++) {
			all.push_back({"writer", attach, dir, std::to_string(w), std::to_string(config.commits)});
		}
		// the flusher (unless the writers flush automatically) and the reader run until every writer is done
		if (!auto_flush) {
			all.push_back({"flusher", attach, dir, std::to_string(config.writers)});
		}
		all.push_back({"reader", attach, dir, std::to_string(config.writers)});
		auto run = bench::RunWriterProcesses(all);
		{
			Lake check(attach);
			failures += CheckFinal(check, config, run);
			auto files = check.Must("SELECT count(*) FROM ducklake_list_files('lake', 's')");
			if (auto_flush && files->GetValue(0, 0).GetValue<int64_t>() == 0) {
				failures += Fail("the automatic flush never flushed s");
			}
		}
		bench::WriterReport no_flusher;
		auto &flusher = auto_flush ? no_flusher : run.writers[config.writers];
		auto &reader = run.writers[auto_flush ? config.writers : config.writers + 1];
		printf("phase 1: %d writers x %d commits in %.1f s (%.0f commits/s), %lld flushes, %lld snapshots checked, "
		       "commit p50 %.1f ms p99 %.1f ms\n",
		       config.writers, config.commits, run.wall_ms / 1000, run.CommitsPerSecond(),
		       (long long)flusher.commits, (long long)reader.commits,
		       bench::Percentile(run.Latencies(), 0.5), bench::Percentile(run.Latencies(), 0.99));
		if (reader.commits < 2) {
			failures += Fail("the reader checked almost no snapshot");
		}
		failures += KillPhase(attach, config);
	} catch (std::exception &error) {
		failures += Fail(error.what());
	}
	std::filesystem::remove_all(dir);
	if (!database.empty()) {
		AdminQuery("DROP DATABASE IF EXISTS " + database + " WITH (FORCE)");
	}
	printf("%s\n", failures == 0 ? "PASS" : "FAIL");
	return failures == 0 ? 0 : 1;
}

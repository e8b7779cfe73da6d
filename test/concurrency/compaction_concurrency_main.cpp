//===----------------------------------------------------------------------===//
// inlake_compaction_concurrency_test: a writer and a compactor on one table.
//
// The writer inserts (inlined and Parquet: the inlining limit is 2), deletes,
// updates, flushes and runs small transactions on table c (k BIGINT unique,
// v BIGINT); the compactor runs ducklake_merge_adjacent_files (random
// max_compacted_files / max_file_size), ducklake_rewrite_data_files (random
// delete_threshold) and now and then CHECKPOINT on the same lake until the
// writer is done. Every statement of either either succeeds or fails with a
// "Transaction conflict" (anything else fails the test). The writer keeps a
// model (k -> v) of its successful commits and, after each, the snapshot it
// then reads as the latest (only the writer changes rows, so that snapshot
// holds exactly the model).
// At the end: the table equals the model (no row lost, resurrected or
// doubled; row ids unique); every recorded snapshot that is still retained
// reads exactly its model (time travel across the merges and rewrites); the
// change feed between recorded snapshots, applied to the earlier model, gives
// the later one; and some merges did merge files.
//
// --mode threads: one DuckDB instance, a connection per role (the only way for
// a DuckDB-file catalog); --mode processes: a process per role, each with its
// own DuckDB instance (SQLite and PostgreSQL catalogs).
//
// Usage: inlake_compaction_concurrency_test --backend duckdb|sqlite|postgres
// [--mode threads|processes]
//        [--ops N] [--seed S] [--verbose] [--check-each] [--only-merges] [--no-flush] [--inject-fault
//        lost-row]  (the model misses one inserted row: the run must fail)
// PostgreSQL: the server in INLAKE_TEST_PG (exit code 77 without one); a
// database of its own per run.
//===----------------------------------------------------------------------===//
#include "duckdb.hpp"
#include "inlake_extension.hpp"

#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <libpq-fe.h>
#include <map>
#include <random>
#include <set>
#include <sstream>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

using namespace duckdb; // NOLINT

namespace {

using Model = std::map<int64_t, int64_t>;

struct Config {
	std::string backend = "duckdb";
	std::string mode = "threads";
	int ops = 150;
	uint64_t seed = 1;
	bool lose_row = false;
	bool verbose = false;
	//! --check-each: the writer compares the table with its model right after
	//! each commit (changes the timing)
	bool check_each = false;
	//! --only-merges: the compactor runs no rewrite and no CHECKPOINT; --no-flush: the writer does not flush
	bool only_merges = false;
	bool no_flush = false;
	std::string dir;
	std::string attach;
};

struct Report {
	//! --verbose: print every statement with its outcome, prefixed with the
	//! role's name
	const char *trace = nullptr;
	int64_t commits = 0;
	int64_t conflicts = 0;
	int64_t merges = 0;
	int64_t merges_effective = 0;
	int64_t rewrites_effective = 0;
	std::vector<std::string> errors;
	//! writer: (snapshot, model) after each successful commit
	std::vector<std::pair<int64_t, Model>> records;
};

bool IsConflict(const std::string &error) {
	return error.find("Transaction conflict") != std::string::npos;
}

//! Runs one statement; false on an error (a conflict is counted, any other
//! error recorded).
bool Run(Connection &con, const std::string &sql, Report &report, unique_ptr<MaterializedQueryResult> *out = nullptr) {
	auto result = con.Query(sql);
	if (report.trace) {
		auto line = std::string(report.trace) + " " + sql + " -> " + (result->HasError() ? result->GetError() : "ok");
		for (auto &c : line) {
			c = c == '\n' ? ' ' : c;
		}
		printf("%s\n", line.c_str());
		fflush(stdout);
	}
	if (!result->HasError()) {
		if (out) {
			*out = std::move(result);
		}
		return true;
	}
	if (IsConflict(result->GetError())) {
		report.conflicts++;
	} else {
		report.errors.push_back(sql + ": " + result->GetError());
	}
	if (!con.context->transaction.IsAutoCommit()) {
		con.Query("ROLLBACK");
	}
	return false;
}

std::string KeyList(const std::vector<int64_t> &keys) {
	std::string list;
	for (auto k : keys) {
		list += (list.empty() ? "" : ", ") + std::to_string(k);
	}
	return list;
}

Model ReadModel(Connection &con, const std::string &from, std::string &error) {
	Model model;
	error.clear();
	auto rows = con.Query("SELECT k, v FROM " + from);
	if (rows->HasError()) {
		error = rows->GetError();
		return model;
	}
	for (idx_t r = 0; r < rows->RowCount(); r++) {
		auto k = rows->GetValue(0, r).GetValue<int64_t>();
		if (model.count(k)) {
			error = "key " + std::to_string(k) + " appears twice";
		}
		model[k] = rows->GetValue(1, r).GetValue<int64_t>();
	}
	return model;
}

//! "" when equal, else the first difference.
std::string Diff(const Model &expected, const Model &actual) {
	for (auto &entry : expected) {
		auto it = actual.find(entry.first);
		if (it == actual.end()) {
			return "row k=" + std::to_string(entry.first) + " is missing";
		}
		if (it->second != entry.second) {
			return "row k=" + std::to_string(entry.first) + " has v=" + std::to_string(it->second) + ", expected " +
			       std::to_string(entry.second);
		}
	}
	for (auto &entry : actual) {
		if (!expected.count(entry.first)) {
			return "row k=" + std::to_string(entry.first) + " should not be there (lost delete or resurrected row)";
		}
	}
	return "";
}

class Writer {
public:
	Writer(Connection &con_p, const Config &config_p, Report &report_p)
	    : con(con_p), config(config_p), report(report_p), random(config.seed) {
	}

	void Run() {
		for (int op = 0; op < config.ops && report.errors.empty(); op++) {
			auto roll = random() % 100;
			Model next = model;
			std::vector<std::string> statements;
			if (roll < 30) {
				statements.push_back(Insert(next));
			} else if (roll < 50) {
				statements.push_back(Delete(next));
			} else if (roll < 70) {
				statements.push_back(Update(next));
			} else if (roll < 80) {
				if (config.no_flush) {
					continue;
				}
				statements.push_back("CALL ducklake_flush_inlined_data('lake')");
			} else {
				statements = {"BEGIN", Insert(next), Delete(next), Update(next), "COMMIT"};
			}
			bool ok = true;
			for (auto &sql : statements) {
				ok = ok && ::Run(con, sql, report);
			}
			if (!ok) {
				continue;
			}
			report.commits++;
			model = std::move(next);
			if (config.lose_row && !lost && op >= config.ops / 2 && !model.empty()) {
				lost = true;
				model.erase(model.begin()); // --inject-fault lost-row: the model
				                            // forgets a row the lake has
			}
			auto latest = con.Query("SELECT max(snapshot_id) FROM ducklake_snapshots('lake')");
			if (latest->HasError()) {
				report.errors.push_back("reading the latest snapshot: " + latest->GetError());
				return;
			}
			auto snapshot = latest->GetValue(0, 0).GetValue<int64_t>();
			report.records.emplace_back(snapshot, model);
			if (!config.check_each) {
				continue;
			}
			// at once: the first snapshot that differs is the one to look at
			std::string error;
			auto now = ReadModel(con, "lake.c AT (VERSION => " + std::to_string(snapshot) + ")", error);
			auto diff = error.empty() ? Diff(model, now) : error;
			if (!diff.empty()) {
				report.errors.push_back("right after the commit of \"" + statements.back() + "\", snapshot " +
				                        std::to_string(snapshot) + " differs from the model: " + diff);
				return;
			}
			if (report.trace) {
				printf("W committed: snapshot %lld is the latest\n", (long long)report.records.back().first);
			}
		}
	}

private:
	std::string Insert(Model &next) {
		auto count = int64_t(random() % 3 == 0 ? 1 : 1 + random() % 40);
		auto first = next_key;
		next_key += count;
		auto salt = int64_t(random() % 1000);
		for (auto k = first; k < first + count; k++) {
			next[k] = (k * 7 + salt) % 1000;
		}
		return "INSERT INTO lake.c SELECT range, (range * 7 + " + std::to_string(salt) +
		       ") % 1000, 'pad' || range FROM range(" + std::to_string(first) + ", " + std::to_string(first + count) +
		       ")";
	}
	std::vector<int64_t> SomeKeys(const Model &next) {
		std::vector<int64_t> keys;
		if (next.empty()) {
			return {-1};
		}
		auto count = 1 + random() % 8;
		for (size_t i = 0; i < count; i++) {
			auto it = next.begin();
			std::advance(it, random() % next.size());
			keys.push_back(it->first);
		}
		return keys;
	}
	std::string Delete(Model &next) {
		if (random() % 4 == 0 && !next.empty()) {
			// a range: many rows of one file
			auto low = SomeKeys(next)[0];
			auto high = low + int64_t(random() % 30);
			for (auto it = next.lower_bound(low); it != next.end() && it->first <= high;) {
				it = next.erase(it);
			}
			return "DELETE FROM lake.c WHERE k BETWEEN " + std::to_string(low) + " AND " + std::to_string(high);
		}
		auto keys = SomeKeys(next);
		for (auto k : keys) {
			next.erase(k);
		}
		return "DELETE FROM lake.c WHERE k IN (" + KeyList(keys) + ")";
	}
	std::string Update(Model &next) {
		auto keys = SomeKeys(next);
		auto delta = int64_t(1 + random() % 100);
		for (auto k : std::set<int64_t>(keys.begin(), keys.end())) {
			auto it = next.find(k);
			if (it != next.end()) {
				it->second += delta;
			}
		}
		return "UPDATE lake.c SET v = v + " + std::to_string(delta) + " WHERE k IN (" + KeyList(keys) + ")";
	}

	Connection &con;
	const Config &config;
	Report &report;
	std::mt19937_64 random;
	Model model;
	int64_t next_key = 1;
	//! --inject-fault lost-row: done (at the first successful commit from the middle on)
	bool lost = false;
};

void Compactor(Connection &con, const Config &config, Report &report, const std::function<bool()> &writer_done) {
	std::mt19937_64 random(config.seed * 7919 + 1);
	while (!writer_done() && report.errors.empty()) {
		auto roll = random() % 100;
		if (config.only_merges) {
			roll %= 60;
		}
		std::string sql;
		bool merge = roll < 60;
		if (merge) {
			sql = "CALL ducklake_merge_adjacent_files('lake', 'c'";
			if (random() % 3 == 0) {
				sql += ", max_compacted_files => " + std::to_string(1 + random() % 3);
			}
			if (random() % 4 == 0) {
				sql += ", max_file_size => '" + std::to_string(4 + random() % 60) + "KB'";
			}
			sql += ")";
		} else if (roll < 92) {
			static const char *thresholds[] = {"0", "0.05", "0.2", "0.5"};
			sql = std::string("CALL ducklake_rewrite_data_files('lake'") + (random() % 2 ? ", 'c'" : "") +
			      ", delete_threshold => " + thresholds[random() % 4] + ")";
		} else {
			sql = "CHECKPOINT lake";
		}
		unique_ptr<MaterializedQueryResult> result;
		if (!Run(con, sql, report, &result)) {
			continue;
		}
		report.commits++;
		bool effective = roll < 92 && result->RowCount() > 0;
		report.merges += merge;
		report.merges_effective += merge && effective;
		report.rewrites_effective += !merge && effective;
	}
}

std::string ModelText(const Model &model) {
	std::string text;
	for (auto &entry : model) {
		text += std::to_string(entry.first) + ":" + std::to_string(entry.second) + " ";
	}
	return text;
}

int Fail(const std::string &what) {
	fprintf(stderr, "FAIL: %s\n", what.c_str());
	return 1;
}

int CheckFinal(Connection &con, const Report &writer, const Report &compactor, uint64_t seed) {
	int failures = 0;
	for (auto report : {&writer, &compactor}) {
		for (auto &error : report->errors) {
			failures += Fail("a statement failed with an error that is not a "
			                 "transaction conflict: " +
			                 error);
		}
	}
	std::string error;
	auto now = ReadModel(con, "lake.c", error);
	auto expected = writer.records.empty() ? Model() : writer.records.back().second;
	auto diff = error.empty() ? Diff(expected, now) : error;
	if (!diff.empty()) {
		failures += Fail("the table differs from the model of the successful commits: " + diff);
	}
	auto ids = con.Query("SELECT count(*) = count(DISTINCT rowid) FROM lake.c");
	if (ids->HasError() || !ids->GetValue(0, 0).GetValue<bool>()) {
		failures += Fail("row ids are not unique");
	}
	std::set<int64_t> retained;
	auto snapshots = con.Query("SELECT snapshot_id FROM ducklake_snapshots('lake')");
	for (idx_t r = 0; r < snapshots->RowCount(); r++) {
		retained.insert(snapshots->GetValue(0, r).GetValue<int64_t>());
	}
	size_t checked = 0;
	for (size_t i = 0; i < writer.records.size(); i++) {
		auto &record = writer.records[i];
		if (!retained.count(record.first)) {
			continue;
		}
		auto at = ReadModel(con, "lake.c AT (VERSION => " + std::to_string(record.first) + ")", error);
		diff = error.empty() ? Diff(record.second, at) : error;
		checked++;
		if (!diff.empty()) {
			// the first snapshot that differs (the commit that made it is the
			// writer's i-th successful one)
			failures += Fail("time travel to snapshot " + std::to_string(record.first) +
			                 " (after the writer's commit " + std::to_string(i + 1) + "; the one before: snapshot " +
			                 (i ? std::to_string(writer.records[i - 1].first) : std::string("none")) + "): " + diff);
			break;
		}
	}
	// the change feed between recorded snapshots (all retained in between),
	// applied to the earlier model
	std::mt19937_64 random(seed);
	size_t feeds = 0;
	for (int attempt = 0; attempt < 12 && failures == 0 && writer.records.size() >= 2; attempt++) {
		auto a = random() % writer.records.size(), b = random() % writer.records.size();
		auto &before = writer.records[std::min(a, b)], &after = writer.records[std::max(a, b)];
		bool all = before.first < after.first;
		for (auto id = before.first; id <= after.first; id++) {
			all = all && retained.count(id);
		}
		if (!all) {
			continue;
		}
		auto feed = con.Query("SELECT k, v, change_type IN ('insert', "
		                      "'update_postimage') FROM lake.table_changes('c', " +
		                      std::to_string(before.first + 1) + ", " + std::to_string(after.first) +
		                      ") ORDER BY snapshot_id, change_type IN ('insert', "
		                      "'update_postimage')");
		if (feed->HasError()) {
			failures += Fail("the change feed failed: " + feed->GetError());
			break;
		}
		Model applied = before.second;
		for (idx_t r = 0; r < feed->RowCount(); r++) {
			auto k = feed->GetValue(0, r).GetValue<int64_t>();
			if (feed->GetValue(2, r).GetValue<bool>()) {
				applied[k] = feed->GetValue(1, r).GetValue<int64_t>();
			} else {
				applied.erase(k);
			}
		}
		diff = Diff(after.second, applied);
		if (!diff.empty()) {
			failures += Fail("the change feed " + std::to_string(before.first + 1) + ".." +
			                 std::to_string(after.first) + " applied to the earlier contents: " + diff);
		}
		feeds++;
	}
	printf("writer: %lld commits, %lld conflicts; compactor: %lld commits (%lld of "
	       "%lld merges and %lld rewrites did "
	       "something), %lld conflicts; %zu snapshots and %zu feed ranges checked\n",
	       (long long)writer.commits, (long long)writer.conflicts, (long long)compactor.commits,
	       (long long)compactor.merges_effective, (long long)compactor.merges, (long long)compactor.rewrites_effective,
	       (long long)compactor.conflicts, checked, feeds);
	if (writer.commits < 10) {
		failures += Fail("the writer committed almost nothing");
	}
	if (compactor.merges_effective == 0 && (compactor.merges == 0 || compactor.conflicts == 0)) {
		failures += Fail("no merge merged anything: the test did not test merges");
	} else if (compactor.merges_effective == 0) {
		// every merge lost its race with the writer (a loaded machine): the conflicts were checked, the merged
		// contents were not
		std::cout << "WARNING: no merge committed (" << compactor.conflicts
		          << " compactor conflicts): this run checked conflicts only" << std::endl;
	}
	return failures;
}

//! Report files of the process mode: the counters on the first line, then one
//! line per error, then the records.
void WriteReport(const std::string &path, const Report &report) {
	std::ofstream out(path);
	out << report.commits << " " << report.conflicts << " " << report.merges << " " << report.merges_effective << " "
	    << report.rewrites_effective << " " << report.errors.size() << " " << report.records.size() << "\n";
	for (auto &error : report.errors) {
		std::string line = error;
		for (auto &c : line) {
			c = c == '\n' ? ' ' : c;
		}
		out << line << "\n";
	}
	for (auto &record : report.records) {
		out << record.first << " " << ModelText(record.second) << "\n";
	}
}

Report ReadReport(const std::string &path) {
	Report report;
	std::ifstream in(path);
	size_t errors = 0, records = 0;
	if (!(in >> report.commits >> report.conflicts >> report.merges >> report.merges_effective >>
	      report.rewrites_effective >> errors >> records)) {
		report.errors.push_back("the role's process left no report in " + path + " (it died?)");
		return report;
	}
	std::string line;
	std::getline(in, line);
	for (size_t i = 0; i < errors && std::getline(in, line); i++) {
		report.errors.push_back(line);
	}
	for (size_t i = 0; i < records && std::getline(in, line); i++) {
		std::istringstream fields(line);
		int64_t snapshot;
		fields >> snapshot;
		Model model;
		std::string pair;
		while (fields >> pair) {
			auto colon = pair.find(':');
			model[std::stoll(pair.substr(0, colon))] = std::stoll(pair.substr(colon + 1));
		}
		report.records.emplace_back(snapshot, std::move(model));
	}
	return report;
}

void Attach(DuckDB &db, Connection &con, const Config &config) {
	inlake::LoadInlake(*db.instance);
	for (auto sql : {std::string("SET ducklake_max_retry_count = 100"), config.attach}) {
		auto result = con.Query(sql);
		if (result->HasError()) {
			throw std::runtime_error(sql + ": " + result->GetError());
		}
	}
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

int RunThreads(const Config &config) {
	DuckDB db(nullptr);
	Connection setup(db);
	Attach(db, setup, config);
	Connection writer_con(db), compactor_con(db);
	Report writer, compactor;
	if (config.verbose) {
		writer.trace = "W";
		compactor.trace = "C";
	}
	std::atomic<bool> done {false};
	std::thread compactor_thread([&]() { Compactor(compactor_con, config, compactor, [&]() { return done.load(); }); });
	Writer(writer_con, config, writer).Run();
	done = true;
	compactor_thread.join();
	return CheckFinal(setup, writer, compactor, config.seed);
}

int RunProcesses(const Config &config) {
	auto done_file = config.dir + "/writer_done";
	auto start = [&](bool is_writer) {
		auto pid = fork();
		if (pid != 0) {
			return pid;
		}
		Report report;
		if (config.verbose) {
			report.trace = is_writer ? "W" : "C";
		}
		try {
			DuckDB db(nullptr);
			Connection con(db);
			Attach(db, con, config);
			if (is_writer) {
				Writer(con, config, report).Run();
				std::ofstream(done_file) << "done\n";
			} else {
				Compactor(con, config, report, [&]() { return std::filesystem::exists(done_file); });
			}
		} catch (std::exception &ex) {
			report.errors.push_back(ex.what());
			if (is_writer) {
				std::ofstream(done_file) << "failed\n";
			}
		}
		WriteReport(config.dir + (is_writer ? "/writer.report" : "/compactor.report"), report);
		_exit(0);
	};
	auto writer_pid = start(true);
	auto compactor_pid = start(false);
	waitpid(writer_pid, nullptr, 0);
	waitpid(compactor_pid, nullptr, 0);
	auto writer = ReadReport(config.dir + "/writer.report");
	auto compactor = ReadReport(config.dir + "/compactor.report");
	DuckDB db(nullptr);
	Connection con(db);
	Attach(db, con, config);
	return CheckFinal(con, writer, compactor, config.seed);
}

} // namespace

int main(int argc, char **argv) {
	Config config;
	for (int i = 1; i < argc; i++) {
		std::string arg = argv[i];
		std::string value = i + 1 < argc ? argv[i + 1] : "";
		i++;
		if (arg == "--backend") {
			config.backend = value;
		} else if (arg == "--mode") {
			config.mode = value;
		} else if (arg == "--ops") {
			config.ops = std::stoi(value);
		} else if (arg == "--seed") {
			config.seed = std::stoull(value);
		} else if (arg == "--only-merges" || arg == "--no-flush") {
			(arg == "--only-merges" ? config.only_merges : config.no_flush) = true;
			i--;
		} else if (arg == "--check-each") {
			config.check_each = true;
			i--;
		} else if (arg == "--verbose") {
			config.verbose = true;
			i--;
		} else if (arg == "--inject-fault" && value == "lost-row") {
			config.lose_row = true;
		} else {
			fprintf(stderr,
			        "unknown option %s (see the header of "
			        "compaction_concurrency_main.cpp)\n",
			        arg.c_str());
			return 2;
		}
	}
	if (config.backend == "duckdb" && config.mode != "threads") {
		return Fail("a DuckDB-file catalog is opened by one process only: --mode threads");
	}
	char pattern[] = "/tmp/inlake_compaction_concurrency_XXXXXX";
	config.dir = mkdtemp(pattern);
	std::string catalog, database;
	if (config.backend == "postgres") {
		if (PostgresServer().empty()) {
			printf("SKIPPED: no PostgreSQL test server (INLAKE_TEST_PG)\n");
			return 77;
		}
		database = "inlake_compaction_" + std::to_string(getpid());
		if (!AdminQuery("CREATE DATABASE " + database)) {
			return Fail("cannot create the test database");
		}
		catalog = "postgres:" + PostgresServer() + " dbname=" + database;
	} else {
		catalog = (config.backend == "sqlite" ? "sqlite:" : "") + config.dir + "/lake.db";
	}
	config.attach =
	    "ATTACH 'ducklake:" + catalog + "' AS lake (DATA_PATH '" + config.dir + "/data/', DATA_INLINING_ROW_LIMIT 2)";
	int failures = 0;
	auto started = std::chrono::steady_clock::now();
	try {
		{
			DuckDB db(nullptr);
			Connection con(db);
			Attach(db, con, config);
			auto created = con.Query("CREATE TABLE lake.c (k BIGINT, v BIGINT, pad VARCHAR)");
			if (created->HasError()) {
				throw std::runtime_error(created->GetError());
			}
		}
		failures += config.mode == "threads" ? RunThreads(config) : RunProcesses(config);
	} catch (std::exception &ex) {
		failures += Fail(ex.what());
	}
	auto seconds = std::chrono::duration_cast<std::chrono::seconds>(std::chrono::steady_clock::now() - started);
	if (failures == 0 || config.lose_row) {
		std::filesystem::remove_all(config.dir);
	} else {
		printf("the lake stays in %s%s\n", config.dir.c_str(),
		       database.empty() ? "" : (" (catalog: database " + database + ")").c_str());
		database.clear(); // kept for a look
	}
	if (!database.empty()) {
		AdminQuery("DROP DATABASE IF EXISTS " + database + " WITH (FORCE)");
	}
	printf("%s (%s, %s, seed %llu, %lld s)\n", failures == 0 ? "PASS" : "FAIL", config.backend.c_str(),
	       config.mode.c_str(), (unsigned long long)config.seed, (long long)seconds.count());
	return failures == 0 ? 0 : 1;
}

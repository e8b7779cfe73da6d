//===----------------------------------------------------------------------===//
// inlining_bench: data inlining against Parquet-only lake writes and native
// DuckDB tables, in one process and one run (issues 3 and 4).
//
// 1. Commit latency: N autocommit INSERTs of 10 rows each into
//    (a) a lake table with inlining on, (b) a lake table with inlining off,
//    (c) a native table in a persistent DuckDB file. The three are driven
//    round-robin (one commit to each per round) so machine noise hits them
//    alike. p50/p99 per commit, ratios (a)/(c) and (b)/(c).
// 2. Queries: the same aggregations over the three tables afterwards
//    (median of --reps runs), checked to give identical results, with ratios.
// 3. Small deletes: a 1M-row Parquet-backed lake table, then M statements
//    each deleting 2 rows, inlining on versus off (a native table as a
//    reference), then a count/sum query over each.
//
// Absolute times on shared machines are noise: the ratios are the output.
// Usage: inlining_bench [--commits N] [--deletes M] [--big-rows R] [--reps K]
//                       [--plain] [--threads T] [--keep] [--profile W]
// (--help lists them; bench/README.md explains the output.)
//===----------------------------------------------------------------------===//
#include "bench_util.hpp"
#include "duckdb.hpp"
#include "inlake_extension.hpp"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

using namespace duckdb; // NOLINT
using namespace bench; // NOLINT

namespace {

struct Options {
	idx_t commits = 500;
	idx_t deletes = 100;
	idx_t big_rows = 1000000;
	idx_t reps = 201;
	bool prepared = true;
	bool keep = false;
	//! DuckDB worker threads (0: DuckDB's default). 1 keeps all work on the
	//! main thread, which a profiler toggled on one function needs.
	idx_t threads = 0;
	//! Profiling mode: run only this workload (inl, off, native,
	//! delete-inlined, delete-off) so a profiler sees nothing else.
	std::string profile;
};

//! Issue 30's targets: an inlined commit's p50 and p99 within 1.2x of a native DuckDB commit's, queries over the
//! inlined rows within 1.1x of the same queries over the native table
constexpr double kCommitTarget = 1.2;
constexpr double kQueryTarget = 1.1;

//! One target table of the commit benchmark, with its insert statement.
struct Target {
	std::string label;
	std::string table;
	unique_ptr<PreparedStatement> insert;
	std::vector<double> latencies;
};

std::string InsertSql(const std::string &table, const std::string &base) {
	return "INSERT INTO " + table + " SELECT " + base + " + i, 'x' || (" + base + " + i), i::INTEGER, i * 1.5, (" +
	       base + " + i) % 7 FROM range(10) r(i)";
}

__attribute__((noinline)) void Commit(Connection &con, Target &target, idx_t round, const Options &options) {
	auto base = std::to_string(round * 10);
	auto start = NowMs();
	if (options.prepared) {
		vector<Value> values {Value::BIGINT(int64_t(round * 10))};
		auto result = target.insert->Execute(values, false);
		if (result->HasError()) {
			throw std::runtime_error(target.label + " insert: " + result->GetError());
		}
	} else {
		Run(con, InsertSql(target.table, base));
	}
	target.latencies.push_back(NowMs() - start);
}

//! What a plain client of the native database pays to write, in one transaction, the rows the spec has a DuckLake
//! commit of the same insert write (the rows with their row id and begin
//! snapshot into an inlined-data-like table, a ducklake_snapshot row, a ducklake_snapshot_changes row, the table's
//! ducklake_table_stats row updated; tables shaped as the catalog's, primary keys included), with a prepared INSERT
//! and UPDATE, appenders for the one-row tables, and BEGIN/COMMIT through the connection.
class CatalogRowsPlainClient {
public:
	CatalogRowsPlainClient(Connection &con, const std::string &dir) : con(con) {
		// a database of its own, so that its WAL and checkpoints do not touch the native table's
		Run(con, "ATTACH '" + dir + "/plain.duckdb' AS plain");
		Run(con, "CREATE TABLE plain.plain_inlined (row_id BIGINT, begin_snapshot BIGINT, end_snapshot BIGINT, id BIGINT, "
		         "name VARCHAR, x INTEGER, y DOUBLE, g BIGINT)");
		Run(con, "CREATE TABLE plain.plain_snapshot (snapshot_id BIGINT PRIMARY KEY, snapshot_time TIMESTAMPTZ, "
		         "schema_version BIGINT, next_catalog_id BIGINT, next_file_id BIGINT)");
		Run(con, "CREATE TABLE plain.plain_snapshot_changes (snapshot_id BIGINT PRIMARY KEY, changes_made VARCHAR, author "
		         "VARCHAR, commit_message VARCHAR, commit_extra_info VARCHAR)");
		Run(con, "CREATE TABLE plain.plain_table_stats (table_id BIGINT, record_count BIGINT, next_row_id BIGINT, "
		         "file_size_bytes BIGINT)");
		Run(con, "INSERT INTO plain.plain_table_stats VALUES (1, 0, 0, 0)");
		insert = Prepare("INSERT INTO plain.plain_inlined SELECT $1::BIGINT + i, $2::BIGINT, NULL, $1::BIGINT + i, 'x' || "
		                 "($1::BIGINT + i), i::INTEGER, i * 1.5, ($1::BIGINT + i) % 7 FROM range(10) r(i)");
		update_stats = Prepare("UPDATE plain.plain_table_stats SET record_count = $1::BIGINT, next_row_id = $1::BIGINT "
		                       "WHERE table_id = 1");
		snapshots = make_uniq<Appender>(con, "plain", "main", "plain_snapshot");
		changes = make_uniq<Appender>(con, "plain", "main", "plain_snapshot_changes");
	}

	__attribute__((noinline)) void Commit(idx_t round) {
		auto base = int64_t(round * 10);
		auto snapshot_id = int64_t(round + 1);
		auto start = NowMs();
		con.BeginTransaction();
		Execute(*insert, {Value::BIGINT(base), Value::BIGINT(snapshot_id)});
		snapshots->AppendRow(Value::BIGINT(snapshot_id), Value::TIMESTAMPTZ(timestamp_tz_t(Timestamp::GetCurrentTimestamp())),
		                     Value::BIGINT(1), Value::BIGINT(2), Value::BIGINT(0));
		snapshots->Flush();
		changes->AppendRow(Value::BIGINT(snapshot_id), Value("inserted_into_table:1"), Value(), Value(), Value());
		changes->Flush();
		Execute(*update_stats, {Value::BIGINT(base + 10)});
		con.Commit();
		latencies.push_back(NowMs() - start);
	}

	std::vector<double> latencies;

private:
	unique_ptr<PreparedStatement> Prepare(const std::string &sql) {
		auto statement = con.Prepare(sql);
		if (statement->HasError()) {
			throw std::runtime_error("catalog rows plain client: " + statement->GetError());
		}
		return statement;
	}
	static void Execute(PreparedStatement &statement, vector<Value> values) {
		auto result = statement.Execute(values, false);
		if (result->HasError()) {
			throw std::runtime_error("catalog rows plain client: " + result->GetError());
		}
	}

	Connection &con;
	unique_ptr<PreparedStatement> insert;
	unique_ptr<PreparedStatement> update_stats;
	unique_ptr<Appender> snapshots;
	unique_ptr<Appender> changes;
};

//! The plain client's latencies and the inlined commit's ratio to them
void PlainClientRows(const CatalogRowsPlainClient &client, const Target &inlined, double native_p50) {
	auto p50 = Percentile(client.latencies, 0.5);
	auto p99 = Percentile(client.latencies, 0.99);
	AddRow("commit p50 catalog rows, plain client", Fmt("%.3f ms", p50));
	AddRow("commit p99 catalog rows, plain client", Fmt("%.3f ms", p99));
	AddRatio("commit p50 catalog rows plain client / native", p50 / native_p50, 0);
	AddRatio("commit p50 inlined / catalog rows plain client", Percentile(inlined.latencies, 0.5) / p50, 0);
	AddRatio("commit p99 inlined / catalog rows plain client", Percentile(inlined.latencies, 0.99) / p99, 0);
}

//! `plain_client_dir`: where the plain client writing the catalog rows keeps its database (empty: no such client)
void CommitBenchmark(Connection &con, std::vector<Target> &targets, const Options &options,
                     const std::string &plain_client_dir) {
	std::unique_ptr<CatalogRowsPlainClient> plain_client;
	if (!plain_client_dir.empty()) {
		plain_client = std::make_unique<CatalogRowsPlainClient>(con, plain_client_dir);
	}
	for (auto &target : targets) {
		Run(con, "CREATE TABLE " + target.table + " (id BIGINT, name VARCHAR, x INTEGER, y DOUBLE, g BIGINT)");
		if (options.prepared) {
			target.insert = con.Prepare(InsertSql(target.table, "$1::BIGINT"));
			if (target.insert->HasError()) {
				throw std::runtime_error(target.label + " prepare: " + target.insert->GetError());
			}
		}
	}
	const idx_t warmup = 5;
	for (idx_t round = 0; round < warmup + options.commits; round++) {
		for (auto &target : targets) {
			Commit(con, target, round, options);
		}
		if (plain_client) {
			plain_client->Commit(round);
		}
		if (round + 1 == warmup) {
			for (auto &target : targets) {
				target.latencies.clear();
			}
			if (plain_client) {
				plain_client->latencies.clear();
			}
		}
	}
	auto &native = targets.back();
	auto native_p50 = Percentile(native.latencies, 0.5);
	auto native_p99 = Percentile(native.latencies, 0.99);
	for (auto &target : targets) {
		auto p50 = Percentile(target.latencies, 0.5);
		auto p99 = Percentile(target.latencies, 0.99);
		AddRow("commit p50 " + target.label, Fmt("%.3f ms", p50));
		AddRow("commit p99 " + target.label, Fmt("%.3f ms", p99));
	}
	for (idx_t i = 0; i + 1 < targets.size(); i++) {
		double target = i == 0 ? kCommitTarget : 0;
		AddRatio("commit p50 " + targets[i].label + " / native", Percentile(targets[i].latencies, 0.5) / native_p50,
		         target);
		AddRatio("commit p99 " + targets[i].label + " / native", Percentile(targets[i].latencies, 0.99) / native_p99,
		         target);
	}
	if (plain_client) {
		PlainClientRows(*plain_client, targets[0], native_p50);
	}
}


//! The benchmark's queries (name, SQL with %T for the table)
std::vector<std::pair<std::string, std::string>> BenchmarkQueries(const Options &options) {
	auto upper = std::to_string(options.commits * 10 / 2);
	return {
	    {"agg", "SELECT count(*), sum(x), avg(y), min(name), max(id) FROM %T"},
	    {"group by", "SELECT g, count(*), sum(x), avg(y) FROM %T GROUP BY g ORDER BY g"},
	    {"filtered count", "SELECT count(*) FROM %T WHERE id < " + upper + " AND x >= 5"},
	};
}

//! Median times of `sqls` (one per target), each run `reps` times in interleaved rounds (one run of each per round)
//! so that a change in the machine's load hits them alike; a query slower than 20 ms on its warm-up run (the
//! lake without inlining reads 1,000s of files) runs only `reps / 5` times. The warm-up results go to `results`.
std::vector<double> InterleavedMedianMs(Connection &con, const std::vector<std::string> &sqls, idx_t reps,
                                        std::vector<std::string> &results) {
	std::vector<idx_t> runs;
	for (auto &sql : sqls) {
		auto start = NowMs();
		results.push_back(Run(con, sql)->ToString());
		runs.push_back(NowMs() - start > 20 ? MaxValue<idx_t>(1, reps / 5) : reps);
	}
	std::vector<std::vector<double>> times(sqls.size());
	for (idx_t round = 0; round < reps; round++) {
		for (idx_t i = 0; i < sqls.size(); i++) {
			if (round < runs[i]) {
				times[i].push_back(TimeMs(con, sqls[i]));
			}
		}
	}
	std::vector<double> medians;
	for (auto &target_times : times) {
		medians.push_back(Percentile(target_times, 0.5));
	}
	return medians;
}

//! `state`: how the databases were left, appended to the row names ("" as the commits left them)
void QueryBenchmark(Connection &con, std::vector<Target> &targets, const Options &options, const std::string &state) {
	for (auto query : BenchmarkQueries(options)) {
		query.first += state;
		std::vector<std::string> sqls;
		for (auto &target : targets) {
			sqls.push_back(query.second);
			sqls.back().replace(sqls.back().find("%T"), 2, target.table);
		}
		std::vector<std::string> results;
		auto times = InterleavedMedianMs(con, sqls, options.reps, results);
		for (idx_t i = 0; i < targets.size(); i++) {
			AddRow("query " + query.first + " " + targets[i].label, Fmt("%.3f ms", times[i]));
		}
		for (idx_t i = 0; i + 1 < targets.size(); i++) {
			AddRatio("query " + query.first + " " + targets[i].label + " / native", times[i] / times.back(),
			         i == 0 ? kQueryTarget : 0);
			bool same = results[i] == results.back();
			AddRow("query " + query.first + " " + targets[i].label + " result == native", same ? "yes" : "NO", "yes",
			       same ? "MET" : "NOT MET");
		}
	}
}

//! One table of the small-delete workload and what was measured on it.
struct DeleteRun {
	std::string label;
	std::string table;
	std::string files_glob;
	std::string lake;
	std::vector<double> latencies;
	double total_ms = 0;
	double query_ms = 0;
	double load_ms = 0;
	std::string query_result;
};

void LoadBigTable(Connection &con, DeleteRun &run, const Options &options) {
	Run(con, "CREATE TABLE " + run.table + " (id BIGINT, v BIGINT, s VARCHAR)");
	run.load_ms = TimeMs(con, "INSERT INTO " + run.table + " SELECT range, range * 3, 'row' || range FROM range(" +
	                              std::to_string(options.big_rows) + ")");
}

//! The j-th small delete: rows k and k+1, with k spread evenly over the table.
__attribute__((noinline)) void DeleteTwoRows(Connection &con, DeleteRun &run, idx_t j, const Options &options) {
	auto k = j * (options.big_rows / (options.deletes + 1));
	auto sql = "DELETE FROM " + run.table + " WHERE id IN (" + std::to_string(k) + ", " + std::to_string(k + 1) + ")";
	auto start = NowMs();
	auto result = Run(con, sql);
	auto elapsed = NowMs() - start;
	run.latencies.push_back(elapsed);
	run.total_ms += elapsed;
	auto deleted = result->GetValue(0, 0).GetValue<int64_t>();
	if (deleted != 2) {
		throw std::runtime_error(run.label + ": DELETE removed " + std::to_string(deleted) + " rows, expected 2");
	}
}

void QueryBigTable(Connection &con, DeleteRun &run, const Options &options) {
	run.query_ms = MedianQueryMs(con, "SELECT count(*), sum(v) FROM " + run.table, MaxValue<idx_t>(1, options.reps / 4),
	                             run.query_result);
}

//! One table alone: load, all deletes, the query (the --profile mode).
void DeleteWorkload(Connection &con, DeleteRun &run, const Options &options) {
	LoadBigTable(con, run, options);
	for (idx_t j = 0; j < options.deletes; j++) {
		DeleteTwoRows(con, run, j, options);
	}
	QueryBigTable(con, run, options);
}

std::string DeleteFileCount(Connection &con, const std::string &files_glob) {
	if (files_glob.empty()) {
		return "-";
	}
	auto result = Run(con, "SELECT count(*) FROM glob('" + files_glob + "')");
	return result->GetValue(0, 0).ToString();
}

//! Delete files the lake's catalog lists as live (end_snapshot IS NULL).
std::string LiveDeleteFiles(Connection &con, const std::string &lake) {
	if (lake.empty()) {
		return "-";
	}
	auto result = Run(con, "SELECT count(*) FROM __ducklake_metadata_" + lake +
	                           ".ducklake_delete_file WHERE end_snapshot IS NULL");
	return result->GetValue(0, 0).ToString();
}

//! Rows in the lake's inlined deletion tables (ducklake_inlined_delete_<table_id>).
std::string InlinedDeleteRows(Connection &con, const std::string &lake) {
	if (lake.empty()) {
		return "-";
	}
	auto metadata = "__ducklake_metadata_" + lake;
	auto tables = Run(con, "SELECT table_name FROM duckdb_tables() WHERE database_name = '" + metadata +
	                           "' AND table_name LIKE 'ducklake_inlined_delete_%'");
	int64_t total = 0;
	for (idx_t row = 0; row < tables->RowCount(); row++) {
		auto count = Run(con, "SELECT count(*) FROM " + metadata + "." + tables->GetValue(0, row).ToString());
		total += count->GetValue(0, 0).GetValue<int64_t>();
	}
	return std::to_string(total);
}

void DeleteBenchmark(Connection &con, const std::string &dir, const Options &options) {
	Run(con, "ATTACH 'ducklake:" + dir + "/del_inl.ducklake' AS del_inl (DATA_PATH '" + dir +
	             "/del_inl_files', DATA_INLINING_ROW_LIMIT 10)");
	Run(con, "ATTACH 'ducklake:" + dir + "/del_off.ducklake' AS del_off (DATA_PATH '" + dir +
	             "/del_off_files', DATA_INLINING_ROW_LIMIT 0)");
	std::vector<DeleteRun> runs(3);
	runs[0] = {"inlined", "del_inl.big", dir + "/del_inl_files/**/*-delete.parquet", "del_inl"};
	runs[1] = {"inlining off", "del_off.big", dir + "/del_off_files/**/*-delete.parquet", "del_off"};
	runs[2] = {"native", "big_native", "", ""};
	for (auto &run : runs) {
		LoadBigTable(con, run, options);
	}
	// Round-robin, like the commits: one delete on each table per round.
	for (idx_t j = 0; j < options.deletes; j++) {
		for (auto &run : runs) {
			DeleteTwoRows(con, run, j, options);
		}
	}
	for (auto &run : runs) {
		QueryBigTable(con, run, options);
	}
	auto &native = runs.back();
	for (auto &run : runs) {
		AddRow("1M load " + run.label, Fmt("%.1f ms", run.load_ms));
		AddRow("delete p50 " + run.label, Fmt("%.3f ms", Percentile(run.latencies, 0.5)));
		AddRow("delete p99 " + run.label, Fmt("%.3f ms", Percentile(run.latencies, 0.99)));
		AddRow("delete total " + run.label, Fmt("%.1f ms", run.total_ms));
		AddRow("delete files on disk " + run.label, DeleteFileCount(con, run.files_glob));
		AddRow("live delete files in catalog " + run.label, LiveDeleteFiles(con, run.lake));
		AddRow("inlined deletion rows " + run.label, InlinedDeleteRows(con, run.lake));
		AddRow("query after deletes " + run.label, Fmt("%.3f ms", run.query_ms));
	}
	auto &inl = runs[0];
	auto &off = runs[1];
	AddRatio("delete total inlined / inlining off", inl.total_ms / off.total_ms, 0);
	AddRatio("delete p50 inlined / inlining off",
	         Percentile(inl.latencies, 0.5) / Percentile(off.latencies, 0.5), 0);
	AddRatio("delete p50 inlined / native", Percentile(inl.latencies, 0.5) / Percentile(native.latencies, 0.5), 0);
	AddRatio("delete p50 inlining off / native", Percentile(off.latencies, 0.5) / Percentile(native.latencies, 0.5),
	         0);
	AddRatio("query after deletes inlined / inlining off", inl.query_ms / off.query_ms, 0);
	AddRatio("query after deletes inlined / native", inl.query_ms / native.query_ms, 0);
	AddRatio("query after deletes inlining off / native", off.query_ms / native.query_ms, 0);
	for (idx_t i = 0; i < 2; i++) {
		bool same = runs[i].query_result == native.query_result;
		AddRow("query after deletes " + runs[i].label + " result == native", same ? "yes" : "NO", "yes",
		       same ? "MET" : "NOT MET");
	}
}


Options ParseOptions(int argc, char **argv) {
	Options options;
	for (int i = 1; i < argc; i++) {
		std::string arg = argv[i];
		auto next = [&]() -> idx_t {
			if (i + 1 >= argc) {
				fprintf(stderr, "%s needs a value\n", arg.c_str());
				exit(2);
			}
			return idx_t(std::stoull(argv[++i]));
		};
		if (arg == "--commits") {
			options.commits = next();
		} else if (arg == "--deletes") {
			options.deletes = next();
		} else if (arg == "--big-rows") {
			options.big_rows = next();
		} else if (arg == "--reps") {
			options.reps = next();
		} else if (arg == "--plain") {
			options.prepared = false;
		} else if (arg == "--threads") {
			options.threads = next();
		} else if (arg == "--keep") {
			options.keep = true;
		} else if (arg == "--profile" && i + 1 < argc) {
			options.profile = argv[++i];
		} else {
			fprintf(stderr,
			        "usage: %s [--commits N] [--deletes M] [--big-rows R] [--reps K] [--plain] [--threads T] [--keep]\n"
			        "       [--profile W]\n"
			        "  --commits N   10-row insert commits per table (default 500)\n"
			        "  --deletes M   2-row DELETE statements per table (default 100; 0 skips)\n"
			        "  --big-rows R  rows of the delete-benchmark table (default 1000000)\n"
			        "  --reps K      query repetitions, interleaved across the tables; the median is reported\n"
			        "                (default 201; queries over 20 ms run a fifth, the delete section's a quarter)\n"
			        "  --plain       plain SQL statements instead of prepared inserts\n"
			        "  --keep        keep the temporary directory\n"
			        "  --threads T   SET threads = T (default: DuckDB's default)\n"
			        "  --profile W   run only workload W for a profiler: inl, off, native (commits),\n"
			        "                delete-inlined, delete-off (the small deletes), query-inl, query-off,\n"
			        "                query-native (the commits, then each query --reps times)\n",
			        argv[0]);
			exit(2);
		}
	}
	if (options.commits == 0 || options.deletes * 2 + 2 > options.big_rows) {
		fprintf(stderr, "need --commits > 0 and --big-rows > 2 * --deletes\n");
		exit(2);
	}
	return options;
}


//! The query-* profile modes: each benchmark query --reps times on one table, after its commits.
__attribute__((noinline)) void ProfileQueries(Connection &con, const Target &target, const Options &options) {
	for (auto &query : BenchmarkQueries(options)) {
		auto sql = query.second;
		sql.replace(sql.find("%T"), 2, target.table);
		std::string text;
		auto median = MedianQueryMs(con, sql, options.reps, text);
		printf("%s on %s: median %.3f ms over %llu runs\n", query.first.c_str(), target.table.c_str(), median,
		       (unsigned long long)options.reps);
	}
}

//! The --profile mode: one workload alone, its latencies printed, no report table.
void RunProfileWorkload(Connection &con, const Options &options, const std::string &dir) {
	std::vector<double> latencies;
	if (options.profile.rfind("delete-", 0) == 0) {
		bool inlined = options.profile == "delete-inlined";
		Run(con, "ATTACH 'ducklake:" + dir + "/del.ducklake' AS del (DATA_PATH '" + dir +
		             "/del_files', DATA_INLINING_ROW_LIMIT " + (inlined ? "10" : "0") + ")");
		DeleteRun run {options.profile, "del.big"};
		DeleteWorkload(con, run, options);
		latencies = run.latencies;
	} else {
		bool queries = options.profile.rfind("query-", 0) == 0;
		auto workload = queries ? options.profile.substr(6) : options.profile;
		std::vector<Target> targets(1);
		targets[0].label = workload;
		targets[0].table = workload == "native" ? "native_t" : workload + ".t";
		if (workload != "native" && workload != "inl" && workload != "off") {
			throw std::runtime_error("unknown --profile workload " + options.profile);
		}
		CommitBenchmark(con, targets, options, "");
		latencies = targets[0].latencies;
		if (queries) {
			ProfileQueries(con, targets[0], options);
		}
	}
	printf("%s: %zu statements, p50 %.3f ms, p99 %.3f ms\n", options.profile.c_str(), latencies.size(),
	       Percentile(latencies, 0.5), Percentile(latencies, 0.99));
}

int RunBenchmark(const Options &options, const std::string &dir) {
	DuckDB db(dir + "/native.duckdb");
	inlake::LoadInlake(*db.instance);
	Connection con(db);
	if (options.threads > 0) {
		Run(con, "SET threads = " + std::to_string(options.threads));
	}
	Run(con, "ATTACH 'ducklake:" + dir + "/inl.ducklake' AS inl (DATA_PATH '" + dir +
	             "/inl_files', DATA_INLINING_ROW_LIMIT 10)");
	Run(con, "ATTACH 'ducklake:" + dir + "/off.ducklake' AS off (DATA_PATH '" + dir +
	             "/off_files', DATA_INLINING_ROW_LIMIT 0)");
	if (!options.profile.empty()) {
		RunProfileWorkload(con, options, dir);
		return 0;
	}
	std::vector<Target> targets(3);
	targets[0].label = "inlined";
	targets[0].table = "inl.t";
	targets[1].label = "inlining off";
	targets[1].table = "off.t";
	targets[2].label = "native";
	targets[2].table = "native_t";
	printf("inlining_bench: %llu commits x 10 rows, %s statements, %llu query reps, dir %s\n",
	       (unsigned long long)options.commits, options.prepared ? "prepared" : "plain",
	       (unsigned long long)options.reps, dir.c_str());
	fflush(stdout);
	int failures = 0;
	auto section = [&](const char *name, const std::function<void()> &body) {
		auto start = NowMs();
		try {
			body();
		} catch (std::exception &ex) {
			failures++;
			AddRow(std::string(name) + " FAILED", "-", "", "ERROR");
			fprintf(stderr, "%s failed: %s\n", name, ex.what());
		}
		printf("  %s done in %.1f s\n", name, (NowMs() - start) / 1000);
		fflush(stdout);
	};
	section("commits", [&]() { CommitBenchmark(con, targets, options, dir); });
	section("queries", [&]() { QueryBenchmark(con, targets, options, ""); });
	section("queries after CHECKPOINT", [&]() {
		// the catalog databases and the native one, so that every table's rows are stored compressed
		for (auto database : {"native", "__ducklake_metadata_inl", "__ducklake_metadata_off"}) {
			Run(con, std::string("CHECKPOINT ") + database);
		}
		QueryBenchmark(con, targets, options, ", checkpointed");
	});
	if (options.deletes > 0) {
		section("deletes", [&]() { DeleteBenchmark(con, dir, options); });
	}
	PrintReport();
	return failures == 0 ? 0 : 1;
}

} // namespace

int main(int argc, char **argv) {
	auto options = ParseOptions(argc, argv);
	auto dir = MakeTempDir("inlining_bench_");
	int rc = 1;
	try {
		rc = RunBenchmark(options, dir);
	} catch (std::exception &ex) {
		fprintf(stderr, "inlining_bench: %s\n", ex.what());
	}
	if (options.keep) {
		printf("kept %s\n", dir.c_str());
	} else {
		std::error_code ec;
		std::filesystem::remove_all(dir, ec);
	}
	return rc;
}

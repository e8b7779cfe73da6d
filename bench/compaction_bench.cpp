//===----------------------------------------------------------------------===//
// compaction_bench: ducklake_merge_adjacent_files against a plain DuckDB COPY
// of the same rows, and what the merge does for queries, in one process and
// one run (issue 28).
//
// 1. A native table src(id BIGINT, name VARCHAR, x DOUBLE, d DATE) of
//    F x R rows; a lake table lake.t filled by F INSERTs of R rows with
//    inlining off (F small Parquet files), and lake.one filled by one INSERT
//    (one file).
// 2. An aggregation over lake.t before the merge, over lake.one, and over
//    lake.t after it (median of 5 after a warm-up).
// 3. CALL ducklake_merge_adjacent_files('lake', 't'), timed (rows/s, memory),
//    optionally under SET memory_limit; then COPY (FROM src) TO Parquet,
//    timed the same way.
// Ratios: merge / COPY throughput (target >= 0.8), query before / after the
// merge (target >= 10), after / one file (target <= 1.1).
// Correctness: the merge processed F files into one; count, sum and every
// rowid of lake.t are the same before and after.
//
// Usage: compaction_bench [--files F] [--rows-per-file R] [--threads T]
//                         [--memory-limit SIZE] [--keep]
//===----------------------------------------------------------------------===//
#include "bench_memory.hpp"
#include "bench_util.hpp"
#include "duckdb.hpp"
#include "inlake_extension.hpp"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>

using namespace duckdb; // NOLINT
using namespace bench; // NOLINT

namespace {

struct Options {
	idx_t files = 1000;
	idx_t rows_per_file = 1000;
	idx_t threads = 0;
	std::string memory_limit;
	bool keep = false;
};

Options ParseOptions(int argc, char **argv) {
	Options options;
	for (int i = 1; i < argc; i++) {
		std::string arg = argv[i];
		auto next = [&]() -> std::string {
			if (i + 1 >= argc) {
				fprintf(stderr, "%s needs a value\n", arg.c_str());
				exit(2);
			}
			return argv[++i];
		};
		if (arg == "--files") {
			options.files = std::stoull(next());
		} else if (arg == "--rows-per-file") {
			options.rows_per_file = std::stoull(next());
		} else if (arg == "--threads") {
			options.threads = std::stoull(next());
		} else if (arg == "--memory-limit") {
			options.memory_limit = next();
		} else if (arg == "--keep") {
			options.keep = true;
		} else {
			printf("usage: compaction_bench [--files F] [--rows-per-file R] [--threads T] [--memory-limit SIZE] "
			       "[--keep]\n");
			exit(arg == "--help" ? 0 : 2);
		}
	}
	return options;
}

const char *const QUERY = "SELECT count(*), sum(id), avg(x), min(name), max(d) FROM lake.%s WHERE x >= 0";

std::string Query(const char *table) {
	char sql[256];
	snprintf(sql, sizeof(sql), QUERY, table);
	return sql;
}

int RunBenchmark(const Options &options, const std::string &dir) {
	DuckDB db(nullptr);
	inlake::LoadInlake(*db.instance);
	Connection con(db);
	if (options.threads > 0) {
		Run(con, "SET threads = " + std::to_string(options.threads));
	}
	auto total = options.files * options.rows_per_file;
	printf("compaction_bench: %llu files x %llu rows, %lld threads, dir %s\n", (unsigned long long)options.files,
	       (unsigned long long)options.rows_per_file, (long long)ScalarInt(con, "SELECT current_setting('threads')"),
	       dir.c_str());
	fflush(stdout);
	int failures = 0;
	Run(con, "CREATE TABLE src AS SELECT range AS id, 'customer-' || range AS name, range * 0.25 AS x, "
	         "DATE '2000-01-01' + (range % 10000)::INTEGER AS d FROM range(" +
	             std::to_string(total) + ")");
	Run(con, "ATTACH 'ducklake:" + dir + "/lake.duckdb' AS lake (DATA_PATH '" + dir +
	             "/lake_files', DATA_INLINING_ROW_LIMIT 0)");
	Run(con, "CREATE TABLE lake.t (id BIGINT, name VARCHAR, x DOUBLE, d DATE)");
	Run(con, "CREATE TABLE lake.one (id BIGINT, name VARCHAR, x DOUBLE, d DATE)");
	auto insert_start = NowMs();
	for (idx_t f = 0; f < options.files; f++) {
		auto from = std::to_string(f * options.rows_per_file);
		auto to = std::to_string((f + 1) * options.rows_per_file);
		Run(con, "INSERT INTO lake.t SELECT * FROM src WHERE id >= " + from + " AND id < " + to);
	}
	AddRow("small-file INSERTs", Fmt("%.1f ms", NowMs() - insert_start));
	Run(con, "INSERT INTO lake.one SELECT * FROM src");
	auto files_before = ScalarInt(con, "SELECT count(*) FROM ducklake_list_files('lake', 't')");
	Check(files_before == int64_t(options.files), "data files before the merge", std::to_string(files_before),
	      std::to_string(options.files), failures);
	Run(con, "CREATE TABLE rowids_before AS SELECT rowid AS r, snapshot_id AS s, id FROM lake.t");
	// the floors: DuckDB's own read of the same small files, before the merge removes them from the catalog
	auto file_list = Run(con, "SELECT '[' || string_agg(chr(39) || replace(data_file, chr(39), chr(39) || chr(39)) || chr(39), ', ') || "
	                          "']' FROM "
	                          "ducklake_list_files('lake', 't')")
	                     ->GetValue(0, 0)
	                     .ToString();
	std::string floor_text, one_file_text;
	auto floor_query_ms =
	    MedianQueryMs(con, "SELECT count(*), sum(id), avg(x), min(name), max(d) FROM read_parquet(" + file_list +
	                           ") WHERE x >= 0",
	                  5, floor_text);
	Run(con, "COPY src TO '" + dir + "/one.parquet' (FORMAT parquet)");
	auto one_file_query_ms = MedianQueryMs(con, "SELECT count(*), sum(id), avg(x), min(name), max(d) FROM '" + dir +
	                                                "/one.parquet' WHERE x >= 0",
	                                       5, one_file_text);
	auto floor_copy_ms = TimeMs(con, "COPY (SELECT * FROM read_parquet(" + file_list + ")) TO '" + dir +
	                                     "/floor.parquet' (FORMAT parquet)");

	std::string before_text, one_text, after_text;
	auto before_ms = MedianQueryMs(con, Query("t"), 5, before_text);
	auto one_ms = MedianQueryMs(con, Query("one"), 5, one_text);

	if (!options.memory_limit.empty()) {
		Run(con, "SET memory_limit = '" + options.memory_limit + "'");
		AddRow("memory_limit during merge and COPY", options.memory_limit);
	}
	MemorySample merge_memory, copy_memory;
	unique_ptr<MaterializedQueryResult> merge_result, copy_result;
	auto merge_ms = TimedStatement(con, "CALL ducklake_merge_adjacent_files('lake', 't')", merge_memory, merge_result);
	auto copy_ms = TimedStatement(con, "COPY src TO '" + dir + "/copy.parquet' (FORMAT parquet)", copy_memory,
	                              copy_result);
	if (!options.memory_limit.empty()) {
		Run(con, "RESET memory_limit");
	}
	auto processed = merge_result->RowCount() == 1 ? merge_result->GetValue(2, 0).GetValue<int64_t>() : -1;
	Check(processed == int64_t(options.files), "files merged", std::to_string(processed),
	      std::to_string(options.files), failures);
	auto files_after = ScalarInt(con, "SELECT count(*) FROM ducklake_list_files('lake', 't')");
	AddRow("data files after the merge", std::to_string(files_after));
	auto after_ms = MedianQueryMs(con, Query("t"), 5, after_text);
	Check(before_text == after_text && after_text == one_text, "query results before == after == one file",
	      before_text == after_text && after_text == one_text ? "yes" : "NO", "yes", failures);
	auto changed = ScalarInt(con, "SELECT count(*) FROM (SELECT rowid, snapshot_id, id FROM lake.t EXCEPT ALL "
	                              "SELECT * FROM rowids_before)");
	Check(changed == 0, "rows whose rowid/snapshot_id changed", std::to_string(changed), "0", failures);

	auto merge_rate = double(total) / (merge_ms / 1000.0);
	auto copy_rate = double(total) / (copy_ms / 1000.0);
	AddRow("merge time", Fmt("%.1f ms", merge_ms));
	AddRow("merge throughput", Fmt("%.0f rows/s", merge_rate));
	AddRow("COPY time (same rows, one file)", Fmt("%.1f ms", copy_ms));
	AddRow("COPY throughput", Fmt("%.0f rows/s", copy_rate));
	auto ratio = merge_rate / copy_rate;
	AddRow("merge / COPY throughput", Fmt("%.2fx", ratio), ">= 0.8x", ratio >= 0.8 ? "MET" : "NOT MET");
	AddRow("floor: COPY of read_parquet(the small files) to one file", Fmt("%.1f ms", floor_copy_ms));
	AddRow("floor / COPY throughput (the best any merge can do)", Fmt("%.2fx", copy_ms / floor_copy_ms));
	AddRow("merge / floor throughput", Fmt("%.2fx", floor_copy_ms / merge_ms));
	AddMemoryRows("merge", merge_memory);
	AddMemoryRows("COPY", copy_memory);
	AddRow("query over " + std::to_string(options.files) + " files (before)", Fmt("%.2f ms", before_ms));
	AddRow("query after the merge", Fmt("%.2f ms", after_ms));
	AddRow("query over the rows written as one file", Fmt("%.2f ms", one_ms));
	auto speedup = before_ms / after_ms;
	AddRow("before / after the merge", Fmt("%.1fx", speedup), ">= 10x", speedup >= 10 ? "MET" : "NOT MET");
	AddRow("floor: read_parquet(the small files) / read_parquet(one file)",
	       Fmt("%.1fx", floor_query_ms / one_file_query_ms));
	auto versus_one = after_ms / one_ms;
	AddRatio("after the merge / one file", versus_one, 1.1);
	PrintReport();
	return failures == 0 ? 0 : 1;
}

} // namespace

int main(int argc, char **argv) {
	auto options = ParseOptions(argc, argv);
	auto dir = MakeTempDir("compaction_bench_");
	int rc = 1;
	try {
		rc = RunBenchmark(options, dir);
	} catch (std::exception &ex) {
		fprintf(stderr, "compaction_bench: %s\n", ex.what());
	}
	if (options.keep) {
		printf("kept %s\n", dir.c_str());
	} else {
		std::error_code ec;
		std::filesystem::remove_all(dir, ec);
	}
	return rc;
}

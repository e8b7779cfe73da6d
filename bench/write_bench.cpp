//===----------------------------------------------------------------------===//
// write_bench: the Parquet write path of INSERT ... SELECT and CREATE TABLE
// AS against DuckDB's own COPY of the same rows to one Parquet file, in one
// process and one run (issue 30).
//
// A native in-memory table src(id BIGINT, name VARCHAR, x DOUBLE, d DATE,
// g INTEGER) of N rows (a parallel source: DuckDB scans it on every thread).
// For each thread count T (1, 2 and DuckDB's default; --threads overrides):
//   * COPY src TO 'copy.parquet' (insertion order preserved, as by default);
//   * CREATE TABLE lake.c AS FROM src and INSERT INTO lake.i FROM src, into a
//     lake attached with DATA_INLINING_ROW_LIMIT 10 (the rows go to Parquet);
// each timed as the median of --reps runs (tables dropped and files cleaned
// up between runs). Reported: ms per statement, the ratios lake / COPY in
// rows/s (target >= 0.9x), the files written, and the speed-up from 1 to T
// threads of each. Then the Parquet part of UPDATE and MERGE: UPDATE lake.c
// SET x = x + 1 (every row rewritten, keeping its row id) against COPY of the
// same rows (the same lake scan, the new values, the row id column), and a
// MERGE INTO lake.i USING src ... WHEN MATCHED THEN UPDATE against COPY of
// the same join. Correctness: count(*) and sum(id) of every lake table equal
// src's, the rows keep their order (rowid = id), the new values are right.
// And the read side of the files written: SELECT g, sum(x) ... GROUP BY g
// over lake.c against the same query over read_parquet('copy.parquet') (the
// same rows in one Parquet file; target: at most 1.1x its time, so a table
// of one large file must be scanned on every thread, as read_parquet scans).
//
// Usage: write_bench [--rows N] [--reps K] [--threads T] [--keep]
//===----------------------------------------------------------------------===//
#include "bench_memory.hpp"
#include "bench_util.hpp"
#include "duckdb.hpp"
#include "inlake_extension.hpp"

#include <cstdio>
#include <filesystem>
#include <string>
#include <thread>
#include <tuple>

using namespace duckdb; // NOLINT
using namespace bench;  // NOLINT

namespace {

struct Options {
	idx_t rows = 4000000;
	idx_t reps = 3;
	idx_t threads = 0;
	bool keep = false;
};

struct Timings {
	double copy_ms = 0;
	double ctas_ms = 0;
	double insert_ms = 0;
	//! COPY of the rows an UPDATE / MERGE writes (the same scan, join and columns) and the statements themselves
	double update_copy_ms = 0;
	double update_ms = 0;
	double merge_copy_ms = 0;
	double merge_ms = 0;
	//! GROUP BY over read_parquet of COPY's file and over lake.c (the files CTAS wrote)
	double scan_parquet_ms = 0;
	double scan_lake_ms = 0;
};

double Median(std::vector<double> samples) {
	return Percentile(std::move(samples), 0.5);
}

void CheckTable(Connection &con, const std::string &table, idx_t rows) {
	auto count = ScalarInt(con, "SELECT count(*) FROM " + table);
	auto misplaced = ScalarInt(con, "SELECT count(*) FROM " + table + " WHERE rowid <> id");
	auto sum = ScalarInt(con, "SELECT sum(id) FROM " + table);
	auto expected_sum = int64_t(rows) * (int64_t(rows) - 1) / 2;
	if (count != int64_t(rows) || sum != expected_sum || misplaced != 0) {
		throw std::runtime_error(table + ": " + std::to_string(count) + " rows, sum " + std::to_string(sum) +
		                         ", " + std::to_string(misplaced) + " out of order");
	}
}

Timings Measure(Connection &con, const Options &options, idx_t threads, const std::string &dir) {
	Run(con, "SET threads = " + std::to_string(threads));
	Timings result;
	std::vector<double> copy, ctas, insert, update_copy, update, merge_copy, merge, scan_parquet, scan_lake;
	for (idx_t rep = 0; rep < options.reps; rep++) {
		copy.push_back(TimeMs(con, "COPY src TO '" + dir + "/copy.parquet' (FORMAT parquet)"));
		ctas.push_back(TimeMs(con, "CREATE TABLE lake.c AS FROM src"));
		Run(con, "CREATE TABLE lake.i AS FROM src LIMIT 0");
		insert.push_back(TimeMs(con, "INSERT INTO lake.i FROM src"));
		if (rep == 0) {
			CheckTable(con, "lake.c", options.rows);
			CheckTable(con, "lake.i", options.rows);
			auto files = ScalarInt(con, "SELECT count(*) FROM __ducklake_metadata_lake.ducklake_data_file WHERE "
			                            "end_snapshot IS NULL");
			AddRow(std::to_string(threads) + " threads: lake data files (both tables)", std::to_string(files));
		}
		const std::string group_by = "SELECT g, sum(x) FROM %s GROUP BY g";
		scan_parquet.push_back(TimeMs(con, StringUtil::Format(group_by, "read_parquet('" + dir + "/copy.parquet')")));
		scan_lake.push_back(TimeMs(con, StringUtil::Format(group_by, "lake.c")));
		// every row rewritten, keeping its row id: against COPY of the same new rows (with the row id column)
		update_copy.push_back(TimeMs(con, "COPY (SELECT id, name, x + 1 AS x, d, g, rowid AS r FROM lake.c) TO '" +
		                                      dir + "/update.parquet' (FORMAT parquet)"));
		update.push_back(TimeMs(con, "UPDATE lake.c SET x = x + 1"));
		merge_copy.push_back(TimeMs(con, "COPY (SELECT i.id, i.name, src.x + 2 AS x, i.d, i.g, i.rowid AS r FROM "
		                                     "lake.i JOIN src ON i.id = src.id) TO '" +
		                                     dir + "/merge.parquet' (FORMAT parquet)"));
		merge.push_back(TimeMs(con, "MERGE INTO lake.i USING src ON i.id = src.id WHEN MATCHED THEN UPDATE SET "
		                            "x = src.x + 2"));
		if (rep == 0) {
			CheckTable(con, "lake.c", options.rows);
			CheckTable(con, "lake.i", options.rows);
			if (ScalarInt(con, "SELECT count(*) FROM lake.c WHERE x <> id * 0.25 + 1") != 0 ||
			    ScalarInt(con, "SELECT count(*) FROM lake.i WHERE x <> id * 0.25 + 2") != 0) {
				throw std::runtime_error("UPDATE / MERGE wrote wrong values");
			}
		}
		Run(con, "DROP TABLE lake.c");
		Run(con, "DROP TABLE lake.i");
		Run(con, "CALL ducklake_expire_snapshots('lake', older_than => now())");
		Run(con, "CALL ducklake_cleanup_old_files('lake', cleanup_all => true)");
	}
	result.copy_ms = Median(copy);
	result.ctas_ms = Median(ctas);
	result.insert_ms = Median(insert);
	result.update_copy_ms = Median(update_copy);
	result.update_ms = Median(update);
	result.merge_copy_ms = Median(merge_copy);
	result.merge_ms = Median(merge);
	result.scan_parquet_ms = Median(scan_parquet);
	result.scan_lake_ms = Median(scan_lake);
	auto prefix = std::to_string(threads) + " threads: ";
	AddRow(prefix + "COPY src TO parquet", Fmt("%.0f ms", result.copy_ms));
	AddRow(prefix + "CREATE TABLE lake.c AS FROM src", Fmt("%.0f ms", result.ctas_ms));
	AddRow(prefix + "INSERT INTO lake.i FROM src", Fmt("%.0f ms", result.insert_ms));
	AddRow(prefix + "COPY (the rows UPDATE writes) TO parquet", Fmt("%.0f ms", result.update_copy_ms));
	AddRow(prefix + "UPDATE lake.c SET x = x + 1", Fmt("%.0f ms", result.update_ms));
	AddRow(prefix + "COPY (the rows MERGE writes) TO parquet", Fmt("%.0f ms", result.merge_copy_ms));
	AddRow(prefix + "MERGE INTO lake.i ... UPDATE", Fmt("%.0f ms", result.merge_ms));
	AddRow(prefix + "GROUP BY over read_parquet(copy.parquet)", Fmt("%.0f ms", result.scan_parquet_ms));
	AddRow(prefix + "GROUP BY over lake.c", Fmt("%.0f ms", result.scan_lake_ms));
	auto scan_ratio = result.scan_lake_ms / result.scan_parquet_ms;
	AddRow(prefix + "GROUP BY lake.c / read_parquet time", Fmt("%.2fx", scan_ratio), "<= 1.1x",
	       scan_ratio <= 1.1 ? "MET" : "NOT MET");
	for (auto &entry : {std::make_tuple("CTAS", result.copy_ms, result.ctas_ms),
	                    std::make_tuple("INSERT", result.copy_ms, result.insert_ms),
	                    std::make_tuple("UPDATE", result.update_copy_ms, result.update_ms),
	                    std::make_tuple("MERGE", result.merge_copy_ms, result.merge_ms)}) {
		auto ratio = std::get<1>(entry) / std::get<2>(entry);
		AddRow(prefix + std::get<0>(entry) + " / COPY rows/s", Fmt("%.2fx", ratio), ">= 0.9x",
		       ratio >= 0.9 ? "MET" : "NOT MET");
	}
	return result;
}

int RunBenchmark(const Options &options, const std::string &dir) {
	DuckDB db(nullptr);
	inlake::LoadInlake(*db.instance);
	Connection con(db);
	auto default_threads = idx_t(ScalarInt(con, "SELECT current_setting('threads')"));
	printf("write_bench: %llu rows, %llu hardware threads (DuckDB default %llu), dir %s\n",
	       (unsigned long long)options.rows, (unsigned long long)std::thread::hardware_concurrency(),
	       (unsigned long long)default_threads, dir.c_str());
	fflush(stdout);
	Run(con, "CREATE TABLE src AS SELECT range AS id, 'customer-' || range AS name, range * 0.25 AS x, "
	         "DATE '2000-01-01' + (range % 10000)::INTEGER AS d, (range % 1000)::INTEGER AS g FROM range(" +
	             std::to_string(options.rows) + ")");
	Run(con, "ATTACH 'ducklake:" + dir + "/lake.duckdb' AS lake (DATA_PATH '" + dir +
	             "/lake_files', DATA_INLINING_ROW_LIMIT 10)");
	std::vector<idx_t> thread_counts;
	if (options.threads > 0) {
		thread_counts = {options.threads};
	} else {
		thread_counts = {1, 2};
		if (default_threads > 2) {
			thread_counts.push_back(default_threads);
		}
	}
	std::vector<Timings> timings;
	for (auto threads : thread_counts) {
		timings.push_back(Measure(con, options, threads, dir));
	}
	for (idx_t i = 1; i < thread_counts.size(); i++) {
		auto prefix = "speed-up 1 -> " + std::to_string(thread_counts[i]) + " threads: ";
		AddRow(prefix + "COPY", Fmt("%.2fx", timings[0].copy_ms / timings[i].copy_ms));
		AddRow(prefix + "CTAS", Fmt("%.2fx", timings[0].ctas_ms / timings[i].ctas_ms));
		AddRow(prefix + "INSERT", Fmt("%.2fx", timings[0].insert_ms / timings[i].insert_ms));
		AddRow(prefix + "UPDATE", Fmt("%.2fx", timings[0].update_ms / timings[i].update_ms));
		AddRow(prefix + "MERGE", Fmt("%.2fx", timings[0].merge_ms / timings[i].merge_ms));
		AddRow(prefix + "GROUP BY over read_parquet", Fmt("%.2fx", timings[0].scan_parquet_ms / timings[i].scan_parquet_ms));
		AddRow(prefix + "GROUP BY over lake.c", Fmt("%.2fx", timings[0].scan_lake_ms / timings[i].scan_lake_ms));
	}
	PrintReport();
	return 0;
}

Options ParseOptions(int argc, char **argv) {
	Options options;
	for (int i = 1; i < argc; i++) {
		std::string arg = argv[i];
		if ((arg == "--rows" || arg == "--reps" || arg == "--threads") && i + 1 < argc) {
			auto value = idx_t(std::stoull(argv[++i]));
			(arg == "--rows" ? options.rows : arg == "--reps" ? options.reps : options.threads) = value;
		} else if (arg == "--keep") {
			options.keep = true;
		} else {
			fprintf(stderr,
			        "usage: %s [--rows N] [--reps K] [--threads T] [--keep]\n"
			        "  --rows N     rows of the source table (default 4000000)\n"
			        "  --reps K     runs per statement, median reported (default 3)\n"
			        "  --threads T  measure only with T threads (default: 1, 2 and DuckDB's default)\n"
			        "  --keep       keep the temporary directory\n",
			        argv[0]);
			exit(arg == "--help" ? 0 : 2);
		}
	}
	return options;
}

} // namespace

int main(int argc, char **argv) {
	auto options = ParseOptions(argc, argv);
	auto dir = MakeTempDir("inlake_write_bench_");
	int rc = 0;
	try {
		rc = RunBenchmark(options, dir);
	} catch (std::exception &e) {
		fprintf(stderr, "write_bench failed: %s\n", e.what());
		rc = 1;
	}
	if (!options.keep) {
		std::filesystem::remove_all(dir);
	}
	return rc;
}

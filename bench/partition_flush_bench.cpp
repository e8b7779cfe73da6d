//===----------------------------------------------------------------------===//
// partition_flush_bench: writing a partitioned lake table against DuckDB's own
// COPY ... PARTITION_BY of the same rows, in one process and one run
// (issue 29).
//
// 1. A native table src(id BIGINT, p BIGINT, name VARCHAR, x DOUBLE) of N rows
//    spread over P partitions (p = id % P).
// 2. Flush: lake.t, partitioned by p, receives the rows inlined by one INSERT;
//    CALL ducklake_flush_inlined_data is timed. Floor: COPY src TO dir
//    (FORMAT parquet, PARTITION_BY (p)). Target: flush >= 0.8x COPY's rows/s.
// 3. Insert: INSERT INTO lake.w (partitioned by p, inlining off) FROM src,
//    against the same COPY (reported, no target).
// Each measurement is the median of R runs (fresh tables each run).
// Correctness: the flushed table holds N rows in P partitions' files, with the
// same sum(id) as src.
//
// Usage: partition_flush_bench [--rows N] [--partitions P] [--runs R]
//                              [--threads T]
//===----------------------------------------------------------------------===//
#include "bench_util.hpp"
#include "duckdb.hpp"
#include "inlake_extension.hpp"

#include <cstdio>
#include <filesystem>
#include <string>

using namespace duckdb; // NOLINT
using namespace bench; // NOLINT

namespace {

struct Options {
	idx_t rows = 100000;
	idx_t partitions = 100;
	idx_t runs = 5;
	idx_t threads = 0;
};

Options ParseOptions(int argc, char **argv) {
	Options options;
	for (int i = 1; i < argc; i++) {
		std::string arg = argv[i];
		auto next = [&]() -> idx_t {
			if (i + 1 >= argc) {
				fprintf(stderr, "%s needs a value\n", arg.c_str());
				exit(2);
			}
			return std::stoull(argv[++i]);
		};
		if (arg == "--rows") {
			options.rows = next();
		} else if (arg == "--partitions") {
			options.partitions = next();
		} else if (arg == "--runs") {
			options.runs = next();
		} else if (arg == "--threads") {
			options.threads = next();
		} else {
			printf("usage: partition_flush_bench [--rows N] [--partitions P] [--runs R] [--threads T]\n");
			exit(arg == "--help" ? 0 : 2);
		}
	}
	return options;
}

int64_t Scalar(Connection &con, const std::string &sql) {
	return Run(con, sql)->GetValue(0, 0).GetValue<int64_t>();
}

int RunBenchmark(const Options &options, const std::string &dir) {
	DuckDB db(nullptr);
	inlake::LoadInlake(*db.instance);
	Connection con(db);
	if (options.threads > 0) {
		Run(con, "SET threads = " + std::to_string(options.threads));
	}
	auto rows = std::to_string(options.rows);
	auto partitions = std::to_string(options.partitions);
	printf("partition_flush_bench: %s rows over %s partitions, %lld threads, %llu runs, dir %s\n", rows.c_str(),
	       partitions.c_str(), (long long)Scalar(con, "SELECT current_setting('threads')"),
	       (unsigned long long)options.runs, dir.c_str());
	Run(con, "CREATE TABLE src AS SELECT range AS id, range % " + partitions +
	             " AS p, 'customer-' || range AS name, range * 0.25 AS x FROM range(" + rows + ")");
	Run(con, "ATTACH 'ducklake:" + dir + "/lake.duckdb' AS lake (DATA_PATH '" + dir + "/files', "
	         "DATA_INLINING_ROW_LIMIT " + std::to_string(options.rows + 1) + ")");
	std::vector<double> flush_ms, insert_ms, copy_ms;
	int failures = 0;
	for (idx_t run = 0; run < options.runs; run++) {
		auto suffix = std::to_string(run);
		Run(con, "CREATE TABLE lake.t" + suffix + " (id BIGINT, p BIGINT, name VARCHAR, x DOUBLE)");
		Run(con, "ALTER TABLE lake.t" + suffix + " SET PARTITIONED BY (p)");
		Run(con, "INSERT INTO lake.t" + suffix + " FROM src");
		flush_ms.push_back(TimeMs(con, "CALL ducklake_flush_inlined_data('lake', table_name => 't" + suffix + "')"));
		auto files = Scalar(con, "SELECT count(*) FROM ducklake_list_files('lake', 't" + suffix + "')");
		auto sum = Scalar(con, "SELECT sum(id) - (SELECT sum(id) FROM src) FROM lake.t" + suffix);
		if (files != int64_t(options.partitions) || sum != 0) {
			printf("FAILED: run %s flushed %lld files (expected %s), sum difference %lld\n", suffix.c_str(),
			       (long long)files, partitions.c_str(), (long long)sum);
			failures++;
		}
		Run(con, "CREATE TABLE lake.w" + suffix + " (id BIGINT, p BIGINT, name VARCHAR, x DOUBLE)");
		Run(con, "ALTER TABLE lake.w" + suffix + " SET PARTITIONED BY (p)");
		Run(con, "CALL lake.set_option('data_inlining_row_limit', 0, table_name => 'w" + suffix + "')");
		insert_ms.push_back(TimeMs(con, "INSERT INTO lake.w" + suffix + " FROM src"));
		copy_ms.push_back(TimeMs(con, "COPY src TO '" + dir + "/copy" + suffix +
		                                  "' (FORMAT parquet, PARTITION_BY (p))"));
	}
	auto flush = Percentile(flush_ms, 0.5);
	auto insert = Percentile(insert_ms, 0.5);
	auto copy = Percentile(copy_ms, 0.5);
	AddRow("flush of inlined rows (median)", Fmt("%.1f ms", flush));
	AddRow("INSERT into partitioned table (median)", Fmt("%.1f ms", insert));
	AddRow("COPY ... PARTITION_BY (median)", Fmt("%.1f ms", copy));
	auto flush_ratio = copy / flush;
	AddRow("flush rows/s / COPY PARTITION_BY rows/s", Fmt("%.2fx", flush_ratio), ">= 0.8x",
	       flush_ratio >= 0.8 ? "MET" : "NOT MET");
	AddRow("INSERT rows/s / COPY PARTITION_BY rows/s", Fmt("%.2fx", copy / insert));
	PrintReport();
	return failures;
}

} // namespace

int main(int argc, char **argv) {
	auto options = ParseOptions(argc, argv);
	auto dir = MakeTempDir("inlake_partition_flush_");
	int failures;
	try {
		failures = RunBenchmark(options, dir);
	} catch (std::exception &error) {
		fprintf(stderr, "partition_flush_bench failed: %s\n", error.what());
		failures = 1;
	}
	std::filesystem::remove_all(dir);
	return failures == 0 ? 0 : 1;
}

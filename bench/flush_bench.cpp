//===----------------------------------------------------------------------===//
// flush_bench: ducklake_flush_inlined_data throughput against a plain DuckDB
// COPY ... TO Parquet of the same rows, in one process and one run (issue 5).
//
// 1. A native (in-memory) table src(id BIGINT, name VARCHAR, x DOUBLE,
//    d DATE) of N rows, and a lake table lake.t filled from it by one INSERT
//    (or K INSERTs of N/K rows: K snapshots) into a lake attached with
//    DATA_INLINING_ROW_LIMIT N + 1, so all N rows are inlined (checked:
//    ducklake_data_file is empty before the flush). One snapshot flushes into
//    a plain data file; several need the hidden row id / snapshot columns.
// 2. CALL ducklake_flush_inlined_data('lake'), timed: rows/s.
// 3. COPY (SELECT id, name, x, d FROM src) TO 'x.parquet' (FORMAT parquet),
//    timed: rows/s.
// 4. The ratio flush / COPY throughput (target >= 0.8).
// 5. Memory: VmRSS / VmHWM (from /proc/self/status) before and after the
//    flush and the COPY; the peak is reset (/proc/self/clear_refs) right
//    before each, so "peak during" is that statement's own high-water mark.
//    DuckDB's buffer-manager memory (duckdb_memory()) is reported alongside.
// Correctness: rows_flushed, count(*) and sum(id) of lake.t after the flush
// equal src's, and the catalog lists the flushed files with N records.
//
// Usage: flush_bench [--rows N] [--inserts K] [--threads T] [--keep] [--flush-only]
// (--help lists them; bench/README.md explains the output.)
//===----------------------------------------------------------------------===//
#include "bench_memory.hpp"
#include "bench_util.hpp"
#include "duckdb.hpp"
#include "inlake_extension.hpp"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

using namespace duckdb; // NOLINT
using namespace bench; // NOLINT

namespace {

struct Options {
	idx_t rows = 1000000;
	//! INSERT statements filling lake.t (each a snapshot of its own)
	idx_t inserts = 1;
	idx_t threads = 0;
	bool keep = false;
	//! Skip the COPY (for a profiler toggled on the flush alone).
	bool flush_only = false;
};

const char *const COLUMNS = "id BIGINT, name VARCHAR, x DOUBLE, d DATE";
const char *const METADATA = "__ducklake_metadata_lake";

std::string SelectRows(idx_t rows) {
	return "SELECT range AS id, 'customer-' || range AS name, range * 0.25 AS x, "
	       "DATE '2000-01-01' + (range % 10000)::INTEGER AS d FROM range(" +
	       std::to_string(rows) + ")";
}

int RunBenchmark(const Options &options, const std::string &dir) {
	DuckDB db(nullptr);
	inlake::LoadInlake(*db.instance);
	Connection con(db);
	if (options.threads > 0) {
		Run(con, "SET threads = " + std::to_string(options.threads));
	}
	auto n = std::to_string(options.rows);
	auto threads = ScalarInt(con, "SELECT current_setting('threads')");
	printf("flush_bench: %s rows, %lld threads, dir %s\n", n.c_str(), (long long)threads, dir.c_str());
	fflush(stdout);
	int failures = 0;

	// 1. The native table and the inlined lake table.
	Run(con, std::string("CREATE TABLE src (") + COLUMNS + ")");
	auto native_load_ms = TimeMs(con, "INSERT INTO src " + SelectRows(options.rows));
	Run(con, "ATTACH 'ducklake:" + dir + "/lake.duckdb' AS lake (DATA_PATH '" + dir +
	             "/lake_files', DATA_INLINING_ROW_LIMIT " + std::to_string(options.rows + 1) + ")");
	Run(con, std::string("CREATE TABLE lake.t (") + COLUMNS + ")");
	double inline_ms = 0;
	for (idx_t i = 0; i < options.inserts; i++) {
		auto from = std::to_string(options.rows * i / options.inserts);
		auto to = std::to_string(options.rows * (i + 1) / options.inserts);
		inline_ms += TimeMs(con, "INSERT INTO lake.t SELECT id, name, x, d FROM src WHERE id >= " + from +
		                             " AND id < " + to);
	}
	AddRow("native load (INSERT INTO src)", Fmt("%.1f ms", native_load_ms));
	AddRow("inlined INSERTs (" + std::to_string(options.inserts) + " snapshots)", Fmt("%.1f ms", inline_ms));
	auto files_before = ScalarInt(con, std::string("SELECT count(*) FROM ") + METADATA + ".ducklake_data_file");
	Check(files_before == 0, "data files before flush", std::to_string(files_before), "0", failures);
	if (files_before != 0) {
		fprintf(stderr, "the INSERT was not inlined: raise DATA_INLINING_ROW_LIMIT\n");
		PrintReport();
		return 1;
	}

	// 2. The floor: DuckDB's COPY of the same rows straight out of the catalog's inlined tables (what the flush
	//    reads), without the lake's bookkeeping; then the flush itself.
	double floor_ms = 0;
	if (!options.flush_only) {
		std::string parts;
		auto tables = Run(con, std::string("SELECT table_name FROM ") + METADATA + ".ducklake_inlined_data_tables");
		for (idx_t row = 0; row < tables->RowCount(); row++) {
			parts += std::string(parts.empty() ? "" : " UNION ALL ") + "SELECT id, name, x, d FROM " + METADATA +
			         "." + tables->GetValue(0, row).ToString();
		}
		floor_ms = TimeMs(con, "COPY (" + parts + ") TO '" + dir + "/floor.parquet' (FORMAT parquet)");
	}
	MemorySample flush_memory;
	unique_ptr<MaterializedQueryResult> flush_result;
	auto flush_ms = TimedStatement(con, "CALL ducklake_flush_inlined_data('lake')", flush_memory, flush_result);
	auto flushed = flush_result->RowCount() == 1 ? flush_result->GetValue(2, 0).GetValue<int64_t>() : -1;
	auto flush_rate = double(options.rows) / (flush_ms / 1000.0);
	AddRow("flush time", Fmt("%.1f ms", flush_ms));
	AddRow("flush throughput", Fmt("%.0f rows/s", flush_rate));
	Check(flushed == int64_t(options.rows), "rows_flushed", std::to_string(flushed), n, failures);
	auto files_after = ScalarInt(con, std::string("SELECT count(*) FROM ") + METADATA + ".ducklake_data_file");
	auto records = ScalarInt(con, std::string("SELECT sum(record_count) FROM ") + METADATA + ".ducklake_data_file");
	auto flush_bytes =
	    ScalarInt(con, std::string("SELECT sum(file_size_bytes) FROM ") + METADATA + ".ducklake_data_file");
	AddRow("data files after flush", std::to_string(files_after));
	auto partial_files = ScalarInt(con, std::string("SELECT count(*) FROM ") + METADATA +
	                                        ".ducklake_data_file WHERE partial_max IS NOT NULL");
	AddRow("of which with hidden row id/snapshot columns", std::to_string(partial_files));
	Check(records == int64_t(options.rows), "records in data files", std::to_string(records), n, failures);
	AddRow("flushed Parquet size", Fmt("%.1f MB", double(flush_bytes) / (1024.0 * 1024.0)));
	auto lake_check = Run(con, "SELECT count(*), sum(id) FROM lake.t")->ToString();
	auto native_check = Run(con, "SELECT count(*), sum(id) FROM src")->ToString();
	Check(lake_check == native_check, "count(*), sum(id) lake == native", lake_check == native_check ? "yes" : "NO",
	      "yes", failures);
	AddMemoryRows("flush", flush_memory);
	if (options.flush_only) {
		PrintReport();
		return failures == 0 ? 0 : 1;
	}

	// 3. COPY of the same rows from the native table.
	MemorySample copy_memory;
	unique_ptr<MaterializedQueryResult> copy_result;
	auto copy_path = dir + "/x.parquet";
	auto copy_ms = TimedStatement(con, "COPY (SELECT id, name, x, d FROM src) TO '" + copy_path + "' (FORMAT parquet)",
	                              copy_memory, copy_result);
	auto copy_rate = double(options.rows) / (copy_ms / 1000.0);
	AddRow("COPY time", Fmt("%.1f ms", copy_ms));
	AddRow("COPY throughput", Fmt("%.0f rows/s", copy_rate));
	AddRow("COPY Parquet size", Fmt("%.1f MB", double(std::filesystem::file_size(copy_path)) / (1024.0 * 1024.0)));
	AddMemoryRows("COPY", copy_memory);

	// 4. The ratio.
	auto ratio = flush_rate / copy_rate;
	AddRow("flush / COPY throughput", Fmt("%.2fx", ratio), ">= 0.9x", ratio >= 0.9 ? "MET" : "NOT MET");
	AddRow("floor: COPY from the catalog's inlined tables", Fmt("%.1f ms", floor_ms));
	AddRow("floor / COPY throughput", Fmt("%.2fx", copy_ms / floor_ms));
	AddRow("flush / floor throughput", Fmt("%.2fx", floor_ms / flush_ms));
	PrintReport();
	return failures == 0 ? 0 : 1;
}

Options ParseOptions(int argc, char **argv) {
	Options options;
	for (int i = 1; i < argc; i++) {
		std::string arg = argv[i];
		if ((arg == "--rows" || arg == "--threads" || arg == "--inserts") && i + 1 < argc) {
			auto value = idx_t(std::stoull(argv[++i]));
			(arg == "--rows" ? options.rows : arg == "--threads" ? options.threads : options.inserts) = value;
		} else if (arg == "--keep") {
			options.keep = true;
		} else if (arg == "--flush-only") {
			options.flush_only = true;
		} else {
			fprintf(stderr,
			        "usage: %s [--rows N] [--inserts K] [--threads T] [--keep] [--flush-only]\n"
			        "  --rows N      rows inlined, flushed and copied (default 1000000)\n"
			        "  --inserts K   fill the lake table with K INSERTs, K snapshots (default 1)\n"
			        "  --threads T   SET threads = T (default: DuckDB's default)\n"
			        "  --keep        keep the temporary directory\n"
			        "  --flush-only  skip the COPY (for a profiler)\n",
			        argv[0]);
			exit(2);
		}
	}
	if (options.rows == 0 || options.inserts == 0 || options.inserts > options.rows) {
		fprintf(stderr, "need --rows > 0 and 0 < --inserts <= --rows\n");
		exit(2);
	}
	return options;
}

} // namespace

int main(int argc, char **argv) {
	auto options = ParseOptions(argc, argv);
	auto dir = MakeTempDir("flush_bench_");
	int rc = 1;
	try {
		rc = RunBenchmark(options, dir);
	} catch (std::exception &ex) {
		fprintf(stderr, "flush_bench: %s\n", ex.what());
	}
	if (options.keep) {
		printf("kept %s\n", dir.c_str());
	} else {
		std::error_code ec;
		std::filesystem::remove_all(dir, ec);
	}
	return rc;
}

//===----------------------------------------------------------------------===//
// flush_bench: ducklake_flush_inlined_data throughput against a plain DuckDB
// COPY ... TO Parquet of the same rows, in one process (issue 5, issue 30).
// Steps 1-3 repeat --reps times on a fresh table; the report gives medians,
// and each ratio's median and range over the repetitions.
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
// 4. The ratio flush / COPY throughput (target >= 0.9), and the floor: COPY
//    of the same rows straight out of the catalog's inlined tables.
// 5. Memory: VmRSS / VmHWM (from /proc/self/status) before and after the
//    flush and the COPY; the peak is reset (/proc/self/clear_refs) right
//    before each, so "peak during" is that statement's own high-water mark.
//    DuckDB's buffer-manager memory (duckdb_memory()) is reported alongside.
// Correctness: rows_flushed, count(*) and sum(id) of lake.t after the flush
// equal src's, and the catalog lists the flushed files with N records.
//
// Usage: flush_bench [--rows N] [--inserts K] [--reps R] [--threads T] [--keep] [--flush-only]
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
	//! Repetitions (a fresh table each); medians are reported
	idx_t reps = 5;
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

//! Creates lake.t and fills it with the rows of src by `inserts` INSERTs (all inlined); their time in ms.
double FillInlinedTable(Connection &con, const Options &options) {
	Run(con, std::string("CREATE TABLE lake.t (") + COLUMNS + ")");
	double inline_ms = 0;
	for (idx_t i = 0; i < options.inserts; i++) {
		auto from = std::to_string(options.rows * i / options.inserts);
		auto to = std::to_string(options.rows * (i + 1) / options.inserts);
		inline_ms += TimeMs(con, "INSERT INTO lake.t SELECT id, name, x, d FROM src WHERE id >= " + from +
		                             " AND id < " + to);
	}
	return inline_ms;
}

//! DuckDB's COPY of lake.t's rows straight out of the catalog's inlined tables (what the flush reads), without the
//! lake's bookkeeping: the floor of a flush.
std::string FloorCopy(Connection &con, const std::string &dir) {
	std::string parts;
	auto tables = Run(con, std::string("SELECT table_name FROM ") + METADATA + ".ducklake_inlined_data_tables WHERE " +
	                           "table_id = (SELECT table_id FROM " + METADATA +
	                           ".ducklake_table WHERE table_name = 't' AND end_snapshot IS NULL)");
	for (idx_t row = 0; row < tables->RowCount(); row++) {
		parts += std::string(parts.empty() ? "" : " UNION ALL ") + "SELECT id, name, x, d FROM " + METADATA + "." +
		         tables->GetValue(0, row).ToString();
	}
	return "COPY (" + parts + ") TO '" + dir + "/floor.parquet' (FORMAT parquet)";
}

//! The first repetition's checks of the flushed table (rows, files, records, contents) and its report rows.
void CheckFlush(Connection &con, const Options &options, MaterializedQueryResult &flush_result, int &failures) {
	auto n = std::to_string(options.rows);
	auto flushed = flush_result.RowCount() == 1 ? flush_result.GetValue(2, 0).GetValue<int64_t>() : -1;
	Check(flushed == int64_t(options.rows), "rows_flushed", std::to_string(flushed), n, failures);
	const std::string live = std::string(" FROM ") + METADATA + ".ducklake_data_file WHERE end_snapshot IS NULL";
	auto files_after = ScalarInt(con, "SELECT count(*)" + live);
	auto records = ScalarInt(con, "SELECT sum(record_count)" + live);
	auto flush_bytes = ScalarInt(con, "SELECT sum(file_size_bytes)" + live);
	AddRow("data files after flush", std::to_string(files_after));
	AddRow("of which with hidden row id/snapshot columns",
	       std::to_string(ScalarInt(con, "SELECT count(*)" + live + " AND partial_max IS NOT NULL")));
	Check(records == int64_t(options.rows), "records in data files", std::to_string(records), n, failures);
	AddRow("flushed Parquet size", Fmt("%.1f MB", double(flush_bytes) / (1024.0 * 1024.0)));
	auto lake_check = Run(con, "SELECT count(*), sum(id) FROM lake.t")->ToString();
	auto native_check = Run(con, "SELECT count(*), sum(id) FROM src")->ToString();
	Check(lake_check == native_check, "count(*), sum(id) lake == native", lake_check == native_check ? "yes" : "NO",
	      "yes", failures);
}

int RunBenchmark(const Options &options, const std::string &dir) {
	DuckDB db(nullptr);
	inlake::LoadInlake(*db.instance);
	Connection con(db);
	if (options.threads > 0) {
		Run(con, "SET threads = " + std::to_string(options.threads));
	}
	auto threads = ScalarInt(con, "SELECT current_setting('threads')");
	printf("flush_bench: %llu rows, %lld threads, %llu reps, dir %s\n", (unsigned long long)options.rows,
	       (long long)threads, (unsigned long long)options.reps, dir.c_str());
	fflush(stdout);
	int failures = 0;

	Run(con, std::string("CREATE TABLE src (") + COLUMNS + ")");
	auto native_load_ms = TimeMs(con, "INSERT INTO src " + SelectRows(options.rows));
	Run(con, "ATTACH 'ducklake:" + dir + "/lake.duckdb' AS lake (DATA_PATH '" + dir +
	             "/lake_files', DATA_INLINING_ROW_LIMIT " + std::to_string(options.rows + 1) + ")");
	AddRow("native load (INSERT INTO src)", Fmt("%.1f ms", native_load_ms));

	// Each repetition: a fresh lake.t filled with inlined rows, the floor, the flush, then COPY of the same rows
	// from the native table; the statements of one repetition run back to back, so a load spike hits them alike.
	std::vector<double> inline_times, floor_times, flush_times, copy_times, flush_vs_copy, flush_vs_floor;
	MemorySample flush_memory, copy_memory;
	auto copy_path = dir + "/x.parquet";
	for (idx_t rep = 0; rep < options.reps; rep++) {
		inline_times.push_back(FillInlinedTable(con, options));
		auto files_before = ScalarInt(con, std::string("SELECT count(*) FROM ") + METADATA +
		                                       ".ducklake_data_file WHERE end_snapshot IS NULL");
		if (files_before != 0) {
			Check(false, "data files before flush", std::to_string(files_before), "0", failures);
			fprintf(stderr, "the INSERT was not inlined: raise DATA_INLINING_ROW_LIMIT\n");
			PrintReport();
			return 1;
		}
		if (!options.flush_only) {
			floor_times.push_back(TimeMs(con, FloorCopy(con, dir)));
		}
		MemorySample memory;
		unique_ptr<MaterializedQueryResult> flush_result;
		flush_times.push_back(TimedStatement(con, "CALL ducklake_flush_inlined_data('lake')", memory, flush_result));
		if (rep == 0) {
			flush_memory = memory;
			CheckFlush(con, options, *flush_result, failures);
		}
		if (!options.flush_only) {
			unique_ptr<MaterializedQueryResult> copy_result;
			copy_times.push_back(TimedStatement(
			    con, "COPY (SELECT id, name, x, d FROM src) TO '" + copy_path + "' (FORMAT parquet)", memory,
			    copy_result));
			if (rep == 0) {
				copy_memory = memory;
			}
			flush_vs_copy.push_back(copy_times.back() / flush_times.back());
			flush_vs_floor.push_back(floor_times.back() / flush_times.back());
		}
		Run(con, "DROP TABLE lake.t");
		Run(con, "CALL ducklake_expire_snapshots('lake', older_than => now())");
		Run(con, "CALL ducklake_cleanup_old_files('lake', cleanup_all => true)");
	}
	auto median = [](const std::vector<double> &samples) { return Percentile(samples, 0.5); };
	AddRow("inlined INSERTs (" + std::to_string(options.inserts) + " snapshots), median",
	       Fmt("%.1f ms", median(inline_times)));
	AddRow("flush time, median", Fmt("%.1f ms", median(flush_times)));
	AddRow("flush throughput (median time)", Fmt("%.0f rows/s", double(options.rows) / (median(flush_times) / 1000.0)));
	AddMemoryRows("flush (first rep)", flush_memory);
	if (options.flush_only) {
		PrintReport();
		return failures == 0 ? 0 : 1;
	}
	AddRow("COPY time, median", Fmt("%.1f ms", median(copy_times)));
	AddRow("COPY Parquet size", Fmt("%.1f MB", double(std::filesystem::file_size(copy_path)) / (1024.0 * 1024.0)));
	AddMemoryRows("COPY (first rep)", copy_memory);
	AddRow("floor: COPY from the catalog's inlined tables, median", Fmt("%.1f ms", median(floor_times)));

	// The ratios of throughput, per repetition; their median (and range) is the result.
	auto ratio_row = [&](const std::string &label, const std::vector<double> &ratios, const char *target,
	                     double goal) {
		auto mid = median(ratios);
		char text[64];
		snprintf(text, sizeof(text), "%.2fx (%.2f-%.2f)", mid, Percentile(ratios, 0.0), Percentile(ratios, 1.0));
		AddRow(label, text, target,
		       goal > 0 ? (mid >= goal ? "MET" : "NOT MET") : "");
	};
	ratio_row("flush / COPY throughput", flush_vs_copy, ">= 0.9x", 0.9);
	std::vector<double> floor_vs_copy;
	for (size_t i = 0; i < copy_times.size(); i++) {
		floor_vs_copy.push_back(copy_times[i] / floor_times[i]);
	}
	ratio_row("floor / COPY throughput", floor_vs_copy, "", 0);
	ratio_row("flush / floor throughput", flush_vs_floor, "", 0);
	PrintReport();
	return failures == 0 ? 0 : 1;
}

Options ParseOptions(int argc, char **argv) {
	Options options;
	for (int i = 1; i < argc; i++) {
		std::string arg = argv[i];
		if ((arg == "--rows" || arg == "--threads" || arg == "--inserts" || arg == "--reps") && i + 1 < argc) {
			auto value = idx_t(std::stoull(argv[++i]));
			(arg == "--rows"      ? options.rows
			 : arg == "--threads" ? options.threads
			 : arg == "--reps"    ? options.reps
			                      : options.inserts) = value;
		} else if (arg == "--keep") {
			options.keep = true;
		} else if (arg == "--flush-only") {
			options.flush_only = true;
		} else {
			fprintf(stderr,
			        "usage: %s [--rows N] [--inserts K] [--reps R] [--threads T] [--keep] [--flush-only]\n"
			        "  --rows N      rows inlined, flushed and copied (default 1000000)\n"
			        "  --inserts K   fill the lake table with K INSERTs, K snapshots (default 1)\n"
			        "  --reps R      repetitions, each on a fresh table; medians reported (default 5)\n"
			        "  --threads T   SET threads = T (default: DuckDB's default)\n"
			        "  --keep        keep the temporary directory\n"
			        "  --flush-only  skip the COPY (for a profiler)\n",
			        argv[0]);
			exit(2);
		}
	}
	if (options.rows == 0 || options.inserts == 0 || options.inserts > options.rows || options.reps == 0) {
		fprintf(stderr, "need --rows > 0, 0 < --inserts <= --rows and --reps > 0\n");
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

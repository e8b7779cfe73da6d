//===----------------------------------------------------------------------===//
// partition_bench: what partition pruning buys, in one run.
//
// (a) A table of --rows rows (default 10M) over --days daily partitions
//     (identity of a DATE column; default 365), on the DuckDB-file catalog.
//     A one-day query (count and sum) is timed against:
//       * an unpartitioned copy of the table in the same lake, written in
//         random row order (written in date order, its files' min/max stats
//         would prune as well as partitions do): target >= 20x faster;
//       * plain DuckDB read_parquet('<table folder>/**/*.parquet',
//         hive_partitioning = true) over the partitioned table's own files,
//         pruned by the Hive folders: target within 1.2x.
// (b) The cost of a one-partition query on a table of many one-row files
//     (--files, default 1000,10000; identity of an INTEGER key), on each
//     backend (DuckDB file, SQLite, PostgreSQL when INLAKE_TEST_PG is set): the
//     first (cold) query after attaching and the median of repeated ones. The
//     files are written by INSERTs of 1,000 partitions each.
// Usage: partition_bench [--rows N] [--days N] [--files N,N,...] [--skip-a] [--skip-b] [--keep]
//===----------------------------------------------------------------------===//
#include "bench_util.hpp"
#include "lake_bench_parts.hpp"

#include "duckdb.hpp"

#include <libpq-fe.h>

#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <unistd.h>

using namespace duckdb; // NOLINT
using namespace bench;  // NOLINT

namespace {

struct Options {
	idx_t rows = 10000000;
	idx_t days = 365;
	std::vector<idx_t> files = {1000, 10000};
	bool skip_a = false;
	bool skip_b = false;
	bool keep = false;
};

Options ParseOptions(int argc, char **argv) {
	Options options;
	for (int i = 1; i < argc; i++) {
		std::string arg = argv[i];
		if (arg == "--rows" && i + 1 < argc) {
			options.rows = std::max<idx_t>(std::stoull(argv[++i]), 1000);
		} else if (arg == "--days" && i + 1 < argc) {
			options.days = std::max<idx_t>(std::stoull(argv[++i]), 2);
		} else if (arg == "--files" && i + 1 < argc) {
			options.files.clear();
			std::stringstream list(argv[++i]);
			std::string item;
			while (std::getline(list, item, ',')) {
				options.files.push_back(std::max<idx_t>(std::stoull(item), 10));
			}
		} else if (arg == "--skip-a") {
			options.skip_a = true;
		} else if (arg == "--skip-b") {
			options.skip_b = true;
		} else if (arg == "--keep") {
			options.keep = true;
		} else {
			printf("usage: partition_bench [--rows N] [--days N] [--files N,N,...] [--skip-a] [--skip-b] [--keep]\n");
			exit(arg == "--help" ? 0 : 1);
		}
	}
	return options;
}

std::string N(idx_t value) {
	return std::to_string(value);
}

void DailyPartitions(const std::string &dir, const Options &options) {
	LakeInstance lake("ATTACH 'ducklake:" + dir + "/a.duckdb' AS lake (DATA_PATH '" + dir +
	                  "/a_files/', DATA_INLINING_ROW_LIMIT 0)");
	auto &con = lake.con;
	auto source = "SELECT i AS id, DATE '2026-01-01' + CAST(i % " + N(options.days) +
	              " AS INTEGER) AS d, CAST((i * 7919) % 1000 AS INTEGER) AS v FROM range(" + N(options.rows) + ") t(i)";
	Run(con, "CREATE TABLE lake.p (id BIGINT, d DATE, v INTEGER)");
	Run(con, "ALTER TABLE lake.p SET PARTITIONED BY (d)");
	auto start = NowMs();
	Run(con, "INSERT INTO lake.p " + source);
	AddRow("(a) write partitioned table, ms", Fmt("%.0f", NowMs() - start));
	Run(con, "CREATE TABLE lake.u (id BIGINT, d DATE, v INTEGER)");
	start = NowMs();
	Run(con, "INSERT INTO lake.u SELECT * FROM (" + source + ") ORDER BY hash(id)");
	AddRow("(a) write unpartitioned copy (random order), ms", Fmt("%.0f", NowMs() - start));
	auto files = Run(con, "SELECT count(*) FILTER (WHERE table_name = 'p'), count(*) FILTER (WHERE table_name = 'u') "
	                      "FROM (SELECT 'p' AS table_name FROM lake.p GROUP BY filename UNION ALL "
	                      "SELECT 'u' FROM lake.u GROUP BY filename)");
	AddRow("(a) files: partitioned / unpartitioned",
	       files->GetValue(0, 0).ToString() + " / " + files->GetValue(1, 0).ToString());

	auto day = "DATE '2026-01-01' + " + N(options.days / 2);
	auto query = [&](const std::string &from) {
		return "SELECT count(*), sum(v) FROM " + from + " WHERE d = " + day;
	};
	std::string partitioned_result, unpartitioned_result, parquet_result;
	auto partitioned = MedianQueryMs(con, query("lake.p"), 9, partitioned_result);
	auto unpartitioned = MedianQueryMs(con, query("lake.u"), 9, unpartitioned_result);
	auto glob = dir + "/a_files/main/p/**/*.parquet";
	auto parquet =
	    MedianQueryMs(con, query("read_parquet('" + glob + "', hive_partitioning = true)"), 9, parquet_result);
	bool same = partitioned_result == unpartitioned_result && partitioned_result == parquet_result;
	AddRow("(a) one-day query, ms: partitioned / unpartitioned / read_parquet",
	       Fmt("%.2f", partitioned) + " / " + Fmt("%.2f", unpartitioned) + " / " + Fmt("%.2f", parquet));
	auto speedup = unpartitioned / partitioned;
	AddRow("(a) unpartitioned / partitioned", Fmt("%.1fx", speedup), ">= 20x", speedup >= 20 ? "MET" : "NOT MET");
	AddRatio("(a) partitioned / read_parquet hive", partitioned / parquet, 1.2);
	AddRow("(a) the three answers agree", same ? "yes" : "NO", "yes", same ? "MET" : "NOT MET");
}

//! A table of `files` one-row files, one partition each; then the one-partition query, cold and warm
void ManyFiles(const std::string &label, const std::string &attach, idx_t files) {
	{
		LakeInstance lake(attach);
		Run(lake.con, "CREATE TABLE lake.t (k INTEGER, v INTEGER)");
		Run(lake.con, "ALTER TABLE lake.t SET PARTITIONED BY (k)");
		for (idx_t first = 0; first < files; first += 1000) {
			auto count = std::min<idx_t>(1000, files - first);
			Run(lake.con, "INSERT INTO lake.t SELECT i, i FROM range(" + N(first) + ", " + N(first + count) + ") t(i)");
		}
	}
	LakeInstance lake(attach);
	auto sql = "SELECT v FROM lake.t WHERE k = " + N(files / 2);
	auto start = NowMs();
	auto result = Run(lake.con, sql);
	auto cold = NowMs() - start;
	bool right = result->RowCount() == 1 && result->GetValue(0, 0).GetValue<int64_t>() == int64_t(files / 2);
	std::string text;
	auto warm = MedianQueryMs(lake.con, sql, 9, text);
	AddRow("(b) " + label + ", " + N(files) + " files: one-partition query ms, first / median",
	       Fmt("%.1f", cold) + " / " + Fmt("%.1f", warm), "", right ? "" : "WRONG ANSWER");
}

void Exec(PGconn *conn, const std::string &sql) {
	auto result = PQexec(conn, sql.c_str());
	auto status = PQresultStatus(result);
	std::string error = PQerrorMessage(conn);
	PQclear(result);
	if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) {
		throw std::runtime_error(sql + ": " + error);
	}
}

void ManyFilesEveryBackend(const std::string &dir, idx_t files) {
	auto tag = N(files);
	ManyFiles("duckdb file", "ATTACH 'ducklake:" + dir + "/b" + tag + ".duckdb' AS lake (DATA_PATH '" + dir + "/b" + tag +
	                             "_d/', DATA_INLINING_ROW_LIMIT 0)",
	          files);
	ManyFiles("sqlite", "ATTACH 'ducklake:sqlite:" + dir + "/b" + tag + ".sqlite' AS lake (DATA_PATH '" + dir + "/b" +
	                        tag + "_s/', DATA_INLINING_ROW_LIMIT 0)",
	          files);
	auto server = getenv("INLAKE_TEST_PG");
	if (!server || !*server) {
		AddRow("(b) postgresql, " + tag + " files", "skipped (INLAKE_TEST_PG not set)");
		return;
	}
	auto database = "inlake_partition_bench_" + std::to_string(getpid()) + "_" + tag;
	auto admin = PQconnectdb((std::string(server) + " dbname=postgres").c_str());
	if (PQstatus(admin) != CONNECTION_OK) {
		throw std::runtime_error(std::string("cannot connect to PostgreSQL: ") + PQerrorMessage(admin));
	}
	Exec(admin, "CREATE DATABASE " + database);
	try {
		ManyFiles("postgresql",
		          "ATTACH 'ducklake:postgres:" + std::string(server) + " dbname=" + database + "' AS lake (DATA_PATH '" +
		              dir + "/b" + tag + "_p/', DATA_INLINING_ROW_LIMIT 0)",
		          files);
	} catch (...) {
		Exec(admin, "DROP DATABASE IF EXISTS " + database);
		PQfinish(admin);
		throw;
	}
	Exec(admin, "DROP DATABASE IF EXISTS " + database);
	PQfinish(admin);
}

} // namespace

int main(int argc, char **argv) {
	auto options = ParseOptions(argc, argv);
	auto dir = MakeTempDir("inlake_partition_bench_");
	int status = 0;
	try {
		if (!options.skip_a) {
			DailyPartitions(dir, options);
		}
		if (!options.skip_b) {
			for (auto files : options.files) {
				ManyFilesEveryBackend(dir, files);
			}
		}
	} catch (std::exception &ex) {
		fprintf(stderr, "partition_bench failed: %s\n", ex.what());
		status = 1;
	}
	PrintReport();
	if (!options.keep) {
		std::filesystem::remove_all(dir);
	} else {
		printf("files kept in %s\n", dir.c_str());
	}
	return status;
}

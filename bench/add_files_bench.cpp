//===----------------------------------------------------------------------===//
// add_files_bench: ducklake_add_data_files of many small files, one call (one
// commit) per file, on each catalog backend: the DuckDB file, SQLite, and
// PostgreSQL when INLAKE_TEST_PG holds a server's conninfo (a database of its
// own is created there and dropped at the end).
//
// What matters is that the cost of an add does not grow with the files the
// table already has (the duplicate check and the commit's conflict check query
// by path; the scan of the added files is not part of an add): reported are the
// mean milliseconds per call over the first and the last 100 files, and their
// ratio. Target: last / first <= 1.5x (flat). At the end the table must hold
// every row of every file. Absolute times on shared machines are noise.
// Usage: add_files_bench [--files N] [--keep]
//===----------------------------------------------------------------------===//
#include "bench_util.hpp"
#include "lake_bench_parts.hpp"
#include "duckdb.hpp"

#include <libpq-fe.h>

#include <cstdlib>
#include <filesystem>
#include <unistd.h>

using namespace duckdb; // NOLINT
using namespace bench;  // NOLINT

namespace {

struct Options {
	idx_t files = 1000;
	bool keep = false;
};

Options ParseOptions(int argc, char **argv) {
	Options options;
	for (int i = 1; i < argc; i++) {
		std::string arg = argv[i];
		if (arg == "--files" && i + 1 < argc) {
			options.files = std::max<idx_t>(std::stoull(argv[++i]), 200);
		} else if (arg == "--keep") {
			options.keep = true;
		} else {
			printf("usage: add_files_bench [--files N (at least 200)] [--keep]\n");
			exit(arg == "--help" ? 0 : 1);
		}
	}
	return options;
}

std::string FilePath(const std::string &dir, idx_t i) {
	return dir + "/ext/f" + std::to_string(i) + ".parquet";
}

//! N files of 10 rows (id BIGINT, name VARCHAR), written by DuckDB's COPY
void WriteFiles(const std::string &dir, idx_t files) {
	std::filesystem::create_directories(dir + "/ext");
	DuckDB db(nullptr);
	Connection con(db);
	for (idx_t i = 0; i < files; i++) {
		Run(con, "COPY (SELECT " + std::to_string(i * 10) + " + range AS id, 'row ' || range AS name FROM range(10)) TO '" +
		             FilePath(dir, i) + "' (FORMAT parquet)");
	}
}

void AddFiles(const std::string &label, const std::string &attach, const std::string &dir, idx_t files) {
	LakeInstance lake(attach);
	Run(lake.con, "CREATE TABLE lake.t (id BIGINT, name VARCHAR)");
	std::vector<double> ms;
	for (idx_t i = 0; i < files; i++) {
		ms.push_back(TimeMs(lake.con, "CALL ducklake_add_data_files('lake', 't', '" + FilePath(dir, i) + "')"));
	}
	auto mean = [&](idx_t begin, idx_t end) {
		double sum = 0;
		for (idx_t i = begin; i < end; i++) {
			sum += ms[i];
		}
		return sum / double(end - begin);
	};
	auto first = mean(0, 100), last = mean(files - 100, files);
	auto check = Run(lake.con, "SELECT count(*), count(DISTINCT id) FROM lake.t");
	auto rows = check->GetValue(0, 0).GetValue<int64_t>();
	auto distinct = check->GetValue(1, 0).GetValue<int64_t>();
	bool complete = rows == int64_t(files * 10) && distinct == rows;
	AddRow(label + ": ms per add, first 100 / last 100", Fmt("%.2f", first) + " / " + Fmt("%.2f", last));
	AddRatio(label + ": last 100 / first 100", last / first, 1.5);
	AddRow(label + ": rows read back", std::to_string(rows), std::to_string(files * 10), complete ? "MET" : "NOT MET");
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

} // namespace

int main(int argc, char **argv) {
	auto options = ParseOptions(argc, argv);
	auto dir = MakeTempDir("inlake_add_files_bench_");
	int status = 0;
	try {
		WriteFiles(dir, options.files);
		AddFiles("duckdb file", "ATTACH 'ducklake:" + dir + "/d.duckdb' AS lake (DATA_PATH '" + dir + "/d_files/')",
		         dir, options.files);
		AddFiles("sqlite", "ATTACH 'ducklake:sqlite:" + dir + "/s.sqlite' AS lake (DATA_PATH '" + dir + "/s_files/')",
		         dir, options.files);
		auto server = getenv("INLAKE_TEST_PG");
		if (server && *server) {
			auto database = "inlake_add_files_bench_" + std::to_string(getpid());
			auto admin = PQconnectdb((std::string(server) + " dbname=postgres").c_str());
			if (PQstatus(admin) != CONNECTION_OK) {
				throw std::runtime_error(std::string("cannot connect to PostgreSQL: ") + PQerrorMessage(admin));
			}
			Exec(admin, "CREATE DATABASE " + database);
			try {
				AddFiles("postgresql",
				         "ATTACH 'ducklake:postgres:" + std::string(server) + " dbname=" + database +
				             "' AS lake (DATA_PATH '" + dir + "/p_files/')",
				         dir, options.files);
			} catch (...) {
				Exec(admin, "DROP DATABASE IF EXISTS " + database);
				PQfinish(admin);
				throw;
			}
			Exec(admin, "DROP DATABASE IF EXISTS " + database);
			PQfinish(admin);
		} else {
			AddRow("postgresql", "skipped (INLAKE_TEST_PG not set)");
		}
	} catch (std::exception &ex) {
		fprintf(stderr, "add_files_bench failed: %s\n", ex.what());
		status = 1;
	}
	PrintReport();
	if (!options.keep) {
		std::filesystem::remove_all(dir);
	} else {
		printf("kept %s\n", dir.c_str());
	}
	return status;
}

//===----------------------------------------------------------------------===//
// ingest_soak_bench: streaming ingest with the automatic flush (the option
// inlined_flush_threshold) on SQLite and PostgreSQL catalogs.
//
// One process commits N 10-row inserts round-robin over T tables (default 20)
// of a lake attached with DATA_INLINING_ROW_LIMIT 10, twice per backend:
//  * "threshold": the lake's inlined_flush_threshold is R rows (default
//    10,000), so a commit that leaves a table above R flushes it right after;
//  * "backlog":   inlining with no threshold (the inlined rows pile up).
// During the first and the last 10% of the threshold run it probes, every
// `probe` commits, one query per table (count and sum over the table) and
// records its latency; at the end of each of those windows it records the
// catalog's size (SQLite file + WAL; PostgreSQL pg_database_size) and the
// process's peak RSS (VmHWM). It prints, per backend: last/first-window
// ratios of catalog size, peak RSS and query p99 (target <= 1.5x), and the
// commit rate of the backlog run over the threshold run (target <= 1.3x).
// Absolute numbers on shared machines are noise: the ratios are the result.
// Usage: ingest_soak_bench [--commits N] [--tables T] [--threshold R] [--backend sqlite|postgres|both]
//                          [--server CONNINFO]   (PostgreSQL without dbname; else INLAKE_TEST_PG)
// The full size is --commits 200000; the default (24,000, a few minutes per backend) takes every table
// past the threshold once, before the last 10%.
//===----------------------------------------------------------------------===//
#include "bench_util.hpp"
#include "lake_bench_parts.hpp"

#include <fstream>
#include <libpq-fe.h>
#include <sstream>

using namespace duckdb; // NOLINT
using namespace bench;  // NOLINT

namespace {

struct Options {
	idx_t commits = 24000;
	idx_t tables = 20;
	idx_t threshold = 10000;
	std::string backend = "both";
	std::string server;
};

//! Peak resident set size of this process, in MB (VmHWM).
double PeakRssMb() {
	std::ifstream status("/proc/self/status");
	std::string line;
	while (std::getline(status, line)) {
		if (line.rfind("VmHWM:", 0) == 0) {
			std::istringstream fields(line.substr(6));
			double kb = 0;
			fields >> kb;
			return kb / 1024;
		}
	}
	return 0;
}

bool AdminExec(const std::string &conninfo, const std::string &sql, std::string *value = nullptr) {
	auto conn = PQconnectdb(conninfo.c_str());
	bool ok = PQstatus(conn) == CONNECTION_OK;
	if (ok) {
		auto result = PQexec(conn, sql.c_str());
		ok = PQresultStatus(result) == PGRES_COMMAND_OK || PQresultStatus(result) == PGRES_TUPLES_OK;
		if (ok && value && PQntuples(result) > 0) {
			*value = PQgetvalue(result, 0, 0);
		}
		PQclear(result);
	}
	PQfinish(conn);
	return ok;
}

//! One run's catalog: how to attach it and how big it is.
struct Catalog {
	std::string attach;
	std::string sqlite_path;
	std::string pg_conninfo;

	double SizeMb() const {
		if (!sqlite_path.empty()) {
			double bytes = 0;
			for (auto suffix : {"", "-wal"}) {
				std::error_code error;
				auto size = std::filesystem::file_size(sqlite_path + suffix, error);
				bytes += error ? 0 : double(size);
			}
			return bytes / 1e6;
		}
		std::string value;
		AdminExec(pg_conninfo, "SELECT pg_database_size(current_database())", &value);
		return value.empty() ? 0 : std::stod(value) / 1e6;
	}
};

struct WindowStats {
	std::vector<double> query_ms;
	double catalog_mb = 0;
	double rss_mb = 0;
};

struct RunResult {
	double commits_per_s = 0;
	WindowStats first, last;
	int64_t files = 0;
};

RunResult RunSoak(const Catalog &catalog, const Options &options, bool threshold) {
	LakeInstance lake(catalog.attach);
	for (idx_t t = 0; t < options.tables; t++) {
		Run(lake.con, "CREATE TABLE lake.t" + std::to_string(t) + " (id BIGINT, name VARCHAR)");
	}
	if (threshold) {
		Run(lake.con, "CALL lake.set_option('inlined_flush_threshold', " + std::to_string(options.threshold) + ")");
	}
	RunResult result;
	auto window = std::max<idx_t>(options.commits / 10, 1);
	auto probe = std::max<idx_t>(window / 10, 1);
	auto measure = [&](WindowStats &stats) {
		stats.catalog_mb = catalog.SizeMb();
		stats.rss_mb = PeakRssMb();
	};
	double commit_ms = 0;
	for (idx_t commit = 0; commit < options.commits; commit++) {
		auto table = commit % options.tables;
		auto sql = "INSERT INTO lake.t" + std::to_string(table) + " VALUES " + TenRows(table, commit / options.tables);
		auto start = NowMs();
		Run(lake.con, sql);
		commit_ms += NowMs() - start;
		bool in_first = commit < window, in_last = commit >= options.commits - window;
		if (threshold && (in_first || in_last) && commit % probe == probe - 1) {
			auto &stats = in_first ? result.first : result.last;
			for (idx_t t = 0; t < options.tables; t++) {
				stats.query_ms.push_back(
				    TimeMs(lake.con, "SELECT count(*), sum(id) FROM lake.t" + std::to_string(t)));
			}
		}
		if (threshold && commit == window - 1) {
			measure(result.first);
		}
	}
	if (threshold) {
		measure(result.last);
	}
	result.commits_per_s = double(options.commits) / (commit_ms / 1000);
	auto files = Run(lake.con, "SELECT count(*) FROM ducklake_catalog_table('lake', 'ducklake_data_file')");
	result.files = files->GetValue(0, 0).GetValue<int64_t>();
	return result;
}

Catalog MakeCatalog(const std::string &backend, const std::string &dir, const std::string &server,
                    const std::string &name) {
	Catalog catalog;
	std::string path;
	if (backend == "sqlite") {
		catalog.sqlite_path = dir + "/" + name + ".sqlite";
		path = "sqlite:" + catalog.sqlite_path;
	} else {
		auto database = "inlake_soak_" + name + "_" + std::to_string(getpid());
		if (!AdminExec(server + " dbname=postgres", "CREATE DATABASE " + database)) {
			throw std::runtime_error("cannot create PostgreSQL database " + database + " on " + server);
		}
		catalog.pg_conninfo = server + " dbname=" + database;
		path = "postgres:" + catalog.pg_conninfo;
	}
	catalog.attach = "ATTACH 'ducklake:" + path + "' AS lake (DATA_PATH '" + dir + "/" + name +
	                 "_data/', DATA_INLINING_ROW_LIMIT 10)";
	return catalog;
}

void DropCatalog(const Catalog &catalog, const std::string &server) {
	if (!catalog.pg_conninfo.empty()) {
		auto database = catalog.pg_conninfo.substr(catalog.pg_conninfo.rfind("dbname=") + 7);
		AdminExec(server + " dbname=postgres", "DROP DATABASE IF EXISTS " + database + " WITH (FORCE)");
	}
}

void Soak(const std::string &backend, const Options &options, const std::string &dir) {
	auto with = MakeCatalog(backend, dir, options.server, backend + "_threshold");
	auto without = MakeCatalog(backend, dir, options.server, backend + "_backlog");
	auto flushed = RunSoak(with, options, true);
	auto backlog = RunSoak(without, options, false);
	DropCatalog(with, options.server);
	DropCatalog(without, options.server);
	auto p99_first = Percentile(flushed.first.query_ms, 0.99), p99_last = Percentile(flushed.last.query_ms, 0.99);
	auto name = [&](const std::string &what) { return backend + ": " + what; };
	AddRow(name("catalog size first 10% / last 10% (MB)"),
	       Fmt("%.1f", flushed.first.catalog_mb) + " / " + Fmt("%.1f", flushed.last.catalog_mb));
	AddRatio(name("catalog size last/first"), flushed.last.catalog_mb / flushed.first.catalog_mb, 1.5);
	AddRow(name("peak RSS first 10% / end (MB)"),
	       Fmt("%.0f", flushed.first.rss_mb) + " / " + Fmt("%.0f", flushed.last.rss_mb));
	AddRatio(name("peak RSS end/first"), flushed.last.rss_mb / flushed.first.rss_mb, 1.5);
	AddRow(name("query p99 first 10% / last 10% (ms)"), Fmt("%.2f", p99_first) + " / " + Fmt("%.2f", p99_last));
	AddRatio(name("query p99 last/first"), p99_last / p99_first, 1.5);
	AddRow(name("commits/s threshold / backlog"),
	       Fmt("%.0f", flushed.commits_per_s) + " / " + Fmt("%.0f", backlog.commits_per_s));
	AddRatio(name("rate backlog/threshold"), backlog.commits_per_s / flushed.commits_per_s, 1.3);
	AddRow(name("data files (threshold run / backlog run)"),
	       std::to_string(flushed.files) + " / " + std::to_string(backlog.files));
}

} // namespace

int main(int argc, char **argv) {
	Options options;
	if (auto server = std::getenv("INLAKE_TEST_PG")) {
		options.server = server;
	}
	for (int i = 1; i < argc; i++) {
		std::string arg = argv[i];
		auto next = [&]() -> std::string {
			if (i + 1 >= argc) {
				throw std::runtime_error(arg + " needs a value");
			}
			return argv[++i];
		};
		if (arg == "--commits") {
			options.commits = std::stoull(next());
		} else if (arg == "--tables") {
			options.tables = std::stoull(next());
		} else if (arg == "--threshold") {
			options.threshold = std::stoull(next());
		} else if (arg == "--backend") {
			options.backend = next();
		} else if (arg == "--server") {
			options.server = next();
		} else {
			printf("usage: ingest_soak_bench [--commits N] [--tables T] [--threshold R] "
			       "[--backend sqlite|postgres|both] [--server CONNINFO]\n");
			return arg == "--help" ? 0 : 1;
		}
	}
	auto dir = MakeTempDir("inlake_soak_");
	int status = 0;
	for (auto backend : {"sqlite", "postgres"}) {
		if (options.backend != "both" && options.backend != backend) {
			continue;
		}
		if (std::string(backend) == "postgres" && options.server.empty()) {
			fprintf(stderr, "postgres: skipped (no --server and no INLAKE_TEST_PG)\n");
			continue;
		}
		try {
			Soak(backend, options, dir);
		} catch (std::exception &error) {
			fprintf(stderr, "%s: FAILED: %s\n", backend, error.what());
			AddRow(std::string(backend) + ": soak", "FAILED");
			status = 1;
		}
	}
	std::filesystem::remove_all(dir);
	printf("ingest soak: %llu commits of 10 rows over %llu tables, inlined_flush_threshold %llu rows\n",
	       (unsigned long long)options.commits, (unsigned long long)options.tables,
	       (unsigned long long)options.threshold);
	PrintReport();
	return status;
}

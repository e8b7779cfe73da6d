#include "paths_catalog.hpp"

#include <cstdlib>
#include <libpq-fe.h>
#include <unistd.h>

namespace inlake_random {

std::string PostgresTestServer() {
	auto conninfo = std::getenv("INLAKE_TEST_PG");
	return conninfo ? conninfo : "";
}

static bool AdminQuery(const std::string &sql, std::string &error) {
	auto conn = PQconnectdb((PostgresTestServer() + " dbname=postgres").c_str());
	bool ok = PQstatus(conn) == CONNECTION_OK;
	if (ok) {
		PQsetNoticeProcessor(
		    conn, [](void *, const char *) {}, nullptr);
		auto result = PQexec(conn, sql.c_str());
		ok = PQresultStatus(result) == PGRES_COMMAND_OK;
		PQclear(result);
	}
	if (!ok) {
		error = sql + ": " + PQerrorMessage(conn);
	}
	PQfinish(conn);
	return ok;
}

PathsCatalog::PathsCatalog(PathsBackend backend_p, const std::string &catalog_file_p, const std::string &home_p,
                           uint64_t seed)
    : backend(backend_p), catalog_file(catalog_file_p), home(home_p) {
	database = "inlake_paths_" + std::to_string(seed) + "_" + std::to_string(getpid());
}

bool PathsCatalog::Prepare(std::string &error) {
	if (backend != PathsBackend::POSTGRES) {
		return true;
	}
	if (PostgresTestServer().empty()) {
		error = "no PostgreSQL test server (INLAKE_TEST_PG)";
		return false;
	}
	std::string ignored;
	AdminQuery("DROP DATABASE IF EXISTS " + database, ignored);
	return AdminQuery("CREATE DATABASE " + database, error);
}

void PathsCatalog::Release() {
	if (backend == PathsBackend::POSTGRES) {
		std::string ignored;
		AdminQuery("DROP DATABASE IF EXISTS " + database + " WITH (FORCE)", ignored);
	}
}

std::string PathsCatalog::AttachSql(Rng &rng, const std::string &cwd, const std::string &data_spelling,
                                    int limit) const {
	std::string location;
	switch (backend) {
	case PathsBackend::DUCKDB:
		location = "ducklake:" + SpellFile(rng, catalog_file, cwd, home);
		break;
	case PathsBackend::SQLITE:
		location = "ducklake:sqlite:" + SpellFile(rng, catalog_file, cwd, home);
		break;
	case PathsBackend::POSTGRES:
		location = "ducklake:postgres:" + PostgresTestServer() + " dbname=" + database;
		break;
	}
	std::string options = "DATA_INLINING_ROW_LIMIT " + std::to_string(limit);
	if (!data_spelling.empty()) {
		options = "DATA_PATH " + SqlString(data_spelling) + ", " + options;
	}
	return "ATTACH " + SqlString(location) + " AS l (" + options + ")";
}

std::vector<std::string> CatalogFilesOf(const std::string &file) {
	return {file, file + ".wal", file + ".lock", file + "-journal", file + "-wal", file + "-shm"};
}

std::vector<std::string> PathsCatalog::CatalogFiles() const {
	return backend == PathsBackend::POSTGRES ? std::vector<std::string>() : CatalogFilesOf(catalog_file);
}

} // namespace inlake_random

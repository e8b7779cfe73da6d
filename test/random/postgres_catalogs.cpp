#include "postgres_catalogs.hpp"

#include <cstdio>
#include <cstdlib>
#include <libpq-fe.h>
#include <stdexcept>
#include <vector>

namespace inlake_random {

std::string PostgresServer() {
	auto conninfo = std::getenv("INLAKE_TEST_PG");
	return conninfo ? conninfo : "";
}

std::string PostgresDatabase(const std::string &dir) {
	uint64_t hash = 1469598103934665603ULL; // FNV-1a
	for (char c : dir) {
		hash = (hash ^ uint8_t(c)) * 1099511628211ULL;
	}
	char name[40];
	snprintf(name, sizeof(name), "inlake_random_%016llx", static_cast<unsigned long long>(hash));
	return name;
}

//! Runs each statement on the server's maintenance database; throws with the first refusal.
static void AdminStatements(const std::vector<std::string> &statements) {
	if (PostgresServer().empty()) {
		throw std::runtime_error("no PostgreSQL test server (INLAKE_TEST_PG)");
	}
	auto conn = PQconnectdb((PostgresServer() + " dbname=postgres").c_str());
	if (PQstatus(conn) != CONNECTION_OK) {
		std::string message = PQerrorMessage(conn);
		PQfinish(conn);
		throw std::runtime_error("cannot reach the PostgreSQL test server (INLAKE_TEST_PG): " + message);
	}
	PQsetNoticeProcessor(
	    conn, [](void *, const char *) {}, nullptr);
	for (auto &sql : statements) {
		auto result = PQexec(conn, sql.c_str());
		bool ok = PQresultStatus(result) == PGRES_COMMAND_OK;
		PQclear(result);
		if (!ok) {
			std::string message = PQerrorMessage(conn);
			PQfinish(conn);
			throw std::runtime_error(sql + ": " + message);
		}
	}
	PQfinish(conn);
}

void CreatePostgresDatabase(const std::string &dir) {
	auto name = PostgresDatabase(dir);
	AdminStatements({"DROP DATABASE IF EXISTS " + name + " WITH (FORCE)", "CREATE DATABASE " + name});
}

void DropPostgresDatabase(const std::string &dir) {
	AdminStatements({"DROP DATABASE IF EXISTS " + PostgresDatabase(dir) + " WITH (FORCE)"});
}

} // namespace inlake_random

#include "postgres_lakes.hpp"

#include "duckdb/common/string_util.hpp"

#include <cstdlib>
#include <libpq-fe.h>
#include <stdexcept>
#include <unistd.h>

namespace inlake_test {

std::string PostgresLakes::ServerConninfo() {
	auto conninfo = std::getenv("INLAKE_TEST_PG");
	return conninfo ? conninfo : "";
}

namespace {

std::string Absolute(const std::string &path) {
	if (!path.empty() && path[0] == '/') {
		return path;
	}
	char buffer[4096];
	return std::string(getcwd(buffer, sizeof(buffer)) ? buffer : ".") + "/" + path;
}

uint64_t Hash(const std::string &text) {
	uint64_t hash = 1469598103934665603ULL;
	for (char c : text) {
		hash = (hash ^ uint8_t(c)) * 1099511628211ULL;
	}
	return hash;
}

//! Runs one statement on the server's maintenance database; returns libpq's error message, empty on success
//! (`reached` tells whether the server answered at all).
std::string AdminStatement(const std::string &sql, bool *reached = nullptr) {
	auto conn = PQconnectdb((PostgresLakes::ServerConninfo() + " dbname=postgres").c_str());
	if (PQstatus(conn) != CONNECTION_OK) {
		std::string message = PQerrorMessage(conn);
		PQfinish(conn);
		if (reached) {
			*reached = false;
		}
		return message.empty() ? "cannot connect" : message;
	}
	if (reached) {
		*reached = true;
	}
	PQsetNoticeProcessor(
	    conn, [](void *, const char *) {}, nullptr);
	auto result = PQexec(conn, sql.c_str());
	bool ok = PQresultStatus(result) == PGRES_COMMAND_OK;
	std::string message = ok ? "" : PQerrorMessage(conn);
	PQclear(result);
	PQfinish(conn);
	return ok || !message.empty() ? message : "failed";
}

} // namespace

PostgresLakes::~PostgresLakes() {
	if (databases.empty() || std::getenv("INLAKE_KEEP_TEST_DIR")) {
		return;
	}
	for (auto &entry : databases) {
		AdminStatement("DROP DATABASE IF EXISTS " + entry.second + " WITH (FORCE)");
	}
}

bool PostgresLakes::Database(const std::string &path, std::string &database) {
	std::lock_guard<std::mutex> guard(lock);
	auto key = Absolute(path);
	auto found = databases.find(key);
	if (found != databases.end()) {
		database = found->second;
		return false;
	}
	char name[32];
	snprintf(name, sizeof(name), "lake_%016llx", (unsigned long long)Hash(key + std::to_string(getpid())));
	database = name;
	AdminStatement("DROP DATABASE IF EXISTS " + database + " WITH (FORCE)");
	bool reached = false;
	auto message = AdminStatement("CREATE DATABASE " + database, &reached);
	if (!message.empty()) {
		if (!reached) {
			throw std::runtime_error("cannot reach the test PostgreSQL server (INLAKE_TEST_PG): " + message);
		}
		throw std::runtime_error("cannot create test database " + database + ": " + message);
	}
	databases[key] = database;
	return true;
}

std::string PostgresLakes::RewriteAttach(const std::string &text, size_t path_start, size_t path_end) {
	auto path = text.substr(path_start, path_end - path_start);
	std::string database;
	bool first = Database(path, database);
	auto result = text.substr(0, path_start) + "postgres:dbname=" + database + " " + ServerConninfo();
	auto rest = text.substr(path_end);
	// after the closing quote: [AS name] [(options)]
	if (first && !rest.empty() && rest[0] == '\'') {
		size_t at = 1;
		auto skip_space = [&]() {
			while (at < rest.size() && isspace(static_cast<unsigned char>(rest[at]))) {
				at++;
			}
		};
		skip_space();
		if (rest.size() >= at + 2 && duckdb::StringUtil::Lower(rest.substr(at, 2)) == "as" &&
		    (at + 2 == rest.size() || isspace(static_cast<unsigned char>(rest[at + 2])))) {
			at += 2;
			skip_space();
			while (at < rest.size() && (isalnum(static_cast<unsigned char>(rest[at])) || rest[at] == '_' ||
			                            rest[at] == '"')) {
				at++;
			}
			skip_space();
		}
		auto data_path = "DATA_PATH '" + path + ".files/'";
		if (at < rest.size() && rest[at] == '(') {
			auto close = rest.find(')', at);
			auto options = duckdb::StringUtil::Lower(rest.substr(at, close == std::string::npos ? std::string::npos
			                                                                                  : close - at));
			if (options.find("data_path") == std::string::npos) {
				rest.insert(at + 1, data_path + ", ");
			}
		} else {
			rest.insert(at, " (" + data_path + ")");
		}
	}
	return result + rest;
}

} // namespace inlake_test

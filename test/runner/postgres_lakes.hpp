//===----------------------------------------------------------------------===//
// inlake-sqllogictest on a PostgreSQL catalog (INLAKE_TEST_CATALOG=postgres,
// INLAKE_TEST_PG=<conninfo of a server, without dbname>): every lake path
// of a test file ('ducklake:PATH') gets a database of its own on the
// server, created at its first ATTACH, and the ATTACH is rewritten to
// 'ducklake:postgres:dbname=<that database> <conninfo>'. A new lake needs a
// DATA_PATH there: the first ATTACH of a path that gives none gets the one
// a file catalog would default to ('PATH.files/'). The databases are
// dropped when the file's run ends (kept with INLAKE_KEEP_TEST_DIR), so a
// full run does not grow the server by one database per test.
//===----------------------------------------------------------------------===//
#pragma once

#include <map>
#include <mutex>
#include <string>

namespace inlake_test {

class PostgresLakes {
public:
	PostgresLakes() = default;
	PostgresLakes(const PostgresLakes &) = delete;
	PostgresLakes &operator=(const PostgresLakes &) = delete;
	//! Drops every database this object created (after the test's DuckDB instance is gone).
	~PostgresLakes();

	//! The test server's conninfo (INLAKE_TEST_PG), empty when none is given.
	static std::string ServerConninfo();
	//! Rewrites the ATTACH string literal at [start, end) of `text` (the quotes excluded, 'ducklake:PATH'
	//! inside) and, for a first ATTACH without DATA_PATH, the options after it. Returns the new text.
	std::string RewriteAttach(const std::string &text, size_t path_start, size_t path_end);

	//! The database for a lake path, created on the server the first time (returns whether it was created).
	bool Database(const std::string &path, std::string &database);

private:
	std::mutex lock;
	std::map<std::string, std::string> databases;
};

} // namespace inlake_test

//===----------------------------------------------------------------------===//
// SqlSession: one DuckDB database with one connection, on which statements run
// and whose failures are classified.
//
// Contract: a lake session has inlake loaded (inlake::LoadInlake right after
// the database opens, as the shell does); a native session is plain DuckDB.
// Exec never throws for SQL errors: it returns the error with its type, and
// flags INTERNAL/FATAL errors (in DuckDB 1.4 those invalidate the database, so
// the caller must stop using it). Restart closes and reopens the database
// (a file-less database loses its contents: only the lake session restarts).
//===----------------------------------------------------------------------===//
#pragma once

#include "duckdb.hpp"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace inlake_random {

struct ExecResult {
	bool ok = true;
	bool internal = false;
	duckdb::ExceptionType type = duckdb::ExceptionType::INVALID;
	std::string message;
	std::unique_ptr<duckdb::MaterializedQueryResult> result;

	std::string Describe() const;
};

class SqlSession {
public:
	explicit SqlSession(bool with_lake);
	~SqlSession();

	void Open();
	void Close();
	ExecResult Exec(const std::string &sql);
	//! Called with every statement before it runs (--verbose of the lake session).
	void SetTrace(std::function<void(const std::string &)> trace_p) {
		trace = std::move(trace_p);
	}
	//! Runs sql and returns the first column as strings; throws std::runtime_error on an error.
	std::vector<std::string> Column(const std::string &sql);
	//! Runs sql and returns the single BIGINT-ish value (0 for NULL); throws std::runtime_error on an error.
	int64_t Scalar(const std::string &sql);

private:
	bool with_lake;
	std::function<void(const std::string &)> trace;
	std::unique_ptr<duckdb::DuckDB> db;
	std::unique_ptr<duckdb::Connection> connection;
};

} // namespace inlake_random

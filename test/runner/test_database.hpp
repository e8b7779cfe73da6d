//===----------------------------------------------------------------------===//
// inlake-sqllogictest: the database under test and its connections.
//
// TestDatabase owns the duckdb::DuckDB of one test file (in-memory until a
// `load`), opened with allow_unsigned_extensions and without auto-install,
// with inlake::LoadInlake called right after opening. ConnectionSet is the
// default connection plus the named connections (`statement ok con1`),
// created on first use; the database's own set is reset by Open / Restart,
// and each concurrentloop iteration gets a set of its own.
//===----------------------------------------------------------------------===//
#pragma once

#include "duckdb/main/connection.hpp"
#include "duckdb/main/database.hpp"

#include <map>
#include <memory>
#include <string>

namespace inlake_test {

class ConnectionSet {
public:
	explicit ConnectionSet(duckdb::DuckDB *db = nullptr);

	//! The connection called `name`, the default one if `name` is empty.
	duckdb::Connection &Get(const std::string &name);
	//! Drops every connection and binds the set to `db`.
	void Reset(duckdb::DuckDB *db);
	//! Replaces the default connection with a fresh one.
	void Reconnect();

private:
	duckdb::DuckDB *db;
	std::unique_ptr<duckdb::Connection> default_connection;
	std::map<std::string, std::unique_ptr<duckdb::Connection>> named;
};

class TestDatabase {
public:
	TestDatabase();
	~TestDatabase();

	//! Closes the current database and opens `path` ("" or ":memory:" for in-memory).
	void Open(const std::string &path, bool read_only);
	//! Where DuckDB spills (this test's own folder: DuckDB's default, ./.tmp, is shared by every test process
	//! started in the same directory, and their spill files overwrite each other); reopens the database.
	void UseTemporaryDirectory(const std::string &directory);
	//! Closes and reopens the same database; all connections are reset.
	void Restart();
	void Close();

	duckdb::DuckDB &Database();
	ConnectionSet &Connections() {
		return connections;
	}

private:
	std::string path;
	bool read_only = false;
	std::string temporary_directory;
	std::unique_ptr<duckdb::DuckDB> db;
	ConnectionSet connections;
};

} // namespace inlake_test

//===----------------------------------------------------------------------===//
// inlake-sqllogictest: the database under test and its connections.
//
// TestDatabase owns the duckdb::DuckDB of one test file (in-memory until a
// `load`), opened with allow_unsigned_extensions and without auto-install,
// with inlake::LoadInlake called right after opening and the test file system
// counting:// registered (counting_file_system.hpp). An in-memory database
// spills to the test file's own folder: DuckDB's default, ".tmp" in the
// working directory, is shared by the test files CTest runs at once there,
// which overwrote each other's spilled blocks. ConnectionSet is the
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
	//! `spill_directory`: where an in-memory database spills when it runs out of memory
	explicit TestDatabase(std::string spill_directory);
	~TestDatabase();

	//! Closes the current database and opens `path` ("" or ":memory:" for in-memory).
	void Open(const std::string &path, bool read_only);
	//! Closes and reopens the same database; all connections are reset.
	void Restart();
	void Close();

	duckdb::DuckDB &Database();
	ConnectionSet &Connections() {
		return connections;
	}

private:
	std::string spill_directory;
	std::string path;
	bool read_only = false;
	std::unique_ptr<duckdb::DuckDB> db;
	ConnectionSet connections;
};

} // namespace inlake_test

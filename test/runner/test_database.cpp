#include "test_database.hpp"

#include "counting_file_system.hpp"

#include "inlake_extension.hpp"

#include "duckdb/main/config.hpp"

namespace inlake_test {

ConnectionSet::ConnectionSet(duckdb::DuckDB *db_p) : db(db_p) {
}

duckdb::Connection &ConnectionSet::Get(const std::string &name) {
	if (!db) {
		throw std::runtime_error("no database is open");
	}
	if (name.empty()) {
		if (!default_connection) {
			default_connection = std::make_unique<duckdb::Connection>(*db);
		}
		return *default_connection;
	}
	auto &connection = named[name];
	if (!connection) {
		connection = std::make_unique<duckdb::Connection>(*db);
	}
	return *connection;
}

void ConnectionSet::Reset(duckdb::DuckDB *db_p) {
	named.clear();
	default_connection.reset();
	db = db_p;
}

void ConnectionSet::Reconnect() {
	default_connection.reset();
}

TestDatabase::TestDatabase(std::string spill_directory_p) : spill_directory(std::move(spill_directory_p)) {
	Open("", false);
}

TestDatabase::~TestDatabase() {
	Close();
}

void TestDatabase::Open(const std::string &path_p, bool read_only_p) {
	Close();
	path = path_p == ":memory:" ? "" : path_p;
	read_only = read_only_p;
	duckdb::DBConfig config;
	config.options.allow_unsigned_extensions = true;
	config.options.autoinstall_known_extensions = false;
	if (read_only) {
		config.options.access_mode = duckdb::AccessMode::READ_ONLY;
	}
	if (path.empty()) {
		config.options.temporary_directory = spill_directory;
	}
	db = std::make_unique<duckdb::DuckDB>(path.empty() ? nullptr : path.c_str(), &config);
	inlake::LoadInlake(*db->instance);
	RegisterCountingFileSystem(*db->instance);
	connections.Reset(db.get());
}

void TestDatabase::Restart() {
	Open(path, read_only);
}

void TestDatabase::Close() {
	connections.Reset(nullptr);
	db.reset();
}

duckdb::DuckDB &TestDatabase::Database() {
	if (!db) {
		throw std::runtime_error("no database is open");
	}
	return *db;
}

} // namespace inlake_test

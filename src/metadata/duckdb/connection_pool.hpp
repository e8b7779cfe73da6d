//===----------------------------------------------------------------------===//
// ConnectionPool: idle DuckDB connections to the database holding a catalog,
// kept for reuse by read sessions. Making a Connection (a ClientContext with
// its settings, registered with the database) costs as much as scanning a few
// thousand inlined rows, and a scan of a lake table opens one read session.
//
// A connection is handed out with no transaction open and must come back in
// that state (Give checks it and drops a connection that is not). At most
// `capacity` idle connections are kept; the rest are closed. Thread-safe.
//===----------------------------------------------------------------------===//
#pragma once

#include "common/internal_connection.hpp"

#include <memory>
#include <mutex>
#include <vector>

namespace inlake {

class ConnectionPool {
public:
	ConnectionPool(duckdb::DatabaseInstance &database, size_t capacity) : database(database), capacity(capacity) {
	}

	//! An idle connection, or a new one
	std::unique_ptr<InternalConnection> Take();
	//! Returns a connection whose transaction has ended
	void Give(std::unique_ptr<InternalConnection> connection);

private:
	duckdb::DatabaseInstance &database;
	size_t capacity;
	std::mutex lock;
	std::vector<std::unique_ptr<InternalConnection>> idle;
};

} // namespace inlake

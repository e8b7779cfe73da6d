//===----------------------------------------------------------------------===//
// Internal connections: the DuckDB connections inlake opens for itself.
//
// The metadata store, read sessions and file readers run SQL on connections
// of their own, often while holding a lake lock. When such a statement fails
// to find a table, DuckDB builds its "did you mean" hint by scanning every
// attached catalog, the lake included, which would call back into the lake
// (and its locks) from inside the lake. Internal connections are marked, and
// a lake catalog shows no schemas to a marked connection: internal SQL never
// reads a lake, so the hint is built without it and the error reaches the
// caller instead of a deadlock.
//===----------------------------------------------------------------------===//
#pragma once

#include "duckdb/main/connection.hpp"

#include <memory>

namespace inlake {

//! A new connection to `db`, marked as inlake's own.
std::unique_ptr<duckdb::Connection> OpenInternalConnection(duckdb::DatabaseInstance &db);
//! Marks an existing connection as inlake's own.
void MarkInternalConnection(duckdb::Connection &connection);
//! Whether the context belongs to one of inlake's own connections.
bool IsInternalContext(duckdb::ClientContext &context);

} // namespace inlake

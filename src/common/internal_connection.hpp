//===----------------------------------------------------------------------===//
// InternalConnection: a connection inlake opens for itself, to its own
// database instance.
//
// Two things set it apart from duckdb::Connection:
//  * It does not keep the database instance alive. The lake's catalog holds
//    its store's connections for as long as it lives, and the instance holds
//    the catalog: a duckdb::Connection there would be a reference cycle, so
//    the instance would never be destroyed when the user closes it, and its
//    databases (the lake's catalog database included) never checkpointed.
//    An InternalConnection must be destroyed before its instance, which is
//    what happens when it belongs to the lake (the instance closes its
//    attached databases, the lake with them, before it goes).
//  * It is marked: the metadata store, read sessions and file readers run
//    SQL on it, often while holding a lake lock. When such a statement fails
//    to find a table, DuckDB builds its "did you mean" hint by scanning every
//    attached catalog, the lake included, which would call back into the lake
//    (and its locks) from inside the lake. A lake shows no schemas to a marked
//    context: internal SQL never reads a lake, so the hint is built without
//    it and the error reaches the caller instead of a deadlock.
//===----------------------------------------------------------------------===//
#pragma once

#include "duckdb/main/client_context.hpp"
#include "duckdb/main/connection.hpp"
#include "duckdb/main/materialized_query_result.hpp"

#include <memory>
#include <string>

namespace inlake {

class InternalConnection {
public:
	explicit InternalConnection(duckdb::DatabaseInstance &db);
	~InternalConnection();
	InternalConnection(const InternalConnection &) = delete;
	InternalConnection &operator=(const InternalConnection &) = delete;

	//! Runs a statement, materializing its result (errors are in the result, as with duckdb::Connection).
	duckdb::unique_ptr<duckdb::MaterializedQueryResult> Query(const std::string &sql);
	//! Runs a statement whose result may stream.
	duckdb::unique_ptr<duckdb::QueryResult> SendQuery(const std::string &sql);
	void BeginTransaction();
	void Commit();
	void Rollback();
	bool HasActiveTransaction();

private:
	//! A connection like any other (registered, with its id), whose context's pointer to the instance is then
	//! replaced by one that does not own it
	duckdb::Connection connection;

public:
	duckdb::shared_ptr<duckdb::ClientContext> &context;
};

//! A new internal connection to `db`.
std::unique_ptr<InternalConnection> OpenInternalConnection(duckdb::DatabaseInstance &db);
//! Whether the context belongs to one of inlake's own connections.
bool IsInternalContext(duckdb::ClientContext &context);
//! The error of a failed internal statement for users: its message without the error type and without the internal
//! statement DuckDB appends to binder errors ("LINE 1: SELECT ...").
std::string InternalQueryError(duckdb::QueryResult &result);

} // namespace inlake

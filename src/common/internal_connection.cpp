#include "common/internal_connection.hpp"

#include "duckdb/main/client_context_state.hpp"
#include "duckdb/main/connection_manager.hpp"
#include "duckdb/main/database.hpp"

namespace inlake {

namespace {

const char *kInternalConnectionKey = "inlake_internal_connection";

//! Carries no state: its presence in the context's registered state is the mark.
class InternalConnectionMark : public duckdb::ClientContextState {};

void ThrowIfError(duckdb::MaterializedQueryResult &result) {
	if (result.HasError()) {
		result.ThrowError();
	}
}

} // namespace

InternalConnection::InternalConnection(duckdb::DatabaseInstance &db) : connection(db), context(connection.context) {
	// An aliasing pointer without ownership: the context can reach the instance but does not keep it alive.
	context->db = duckdb::shared_ptr<duckdb::DatabaseInstance>(duckdb::shared_ptr<duckdb::DatabaseInstance>(), &db);
	context->registered_state->GetOrCreate<InternalConnectionMark>(kInternalConnectionKey);
}

InternalConnection::~InternalConnection() = default;

duckdb::unique_ptr<duckdb::MaterializedQueryResult> InternalConnection::Query(const std::string &sql) {
	auto result = context->Query(sql, false);
	return duckdb::unique_ptr_cast<duckdb::QueryResult, duckdb::MaterializedQueryResult>(std::move(result));
}

duckdb::unique_ptr<duckdb::QueryResult> InternalConnection::SendQuery(const std::string &sql) {
	return context->Query(sql, true);
}

void InternalConnection::BeginTransaction() {
	ThrowIfError(*Query("BEGIN TRANSACTION"));
}

void InternalConnection::Commit() {
	ThrowIfError(*Query("COMMIT"));
}

void InternalConnection::Rollback() {
	ThrowIfError(*Query("ROLLBACK"));
}

bool InternalConnection::HasActiveTransaction() {
	return context->transaction.HasActiveTransaction();
}

std::unique_ptr<InternalConnection> OpenInternalConnection(duckdb::DatabaseInstance &db) {
	return std::make_unique<InternalConnection>(db);
}

bool IsInternalContext(duckdb::ClientContext &context) {
	return context.registered_state->Get<InternalConnectionMark>(kInternalConnectionKey) != nullptr;
}

std::string InternalQueryError(duckdb::QueryResult &result) {
	auto message = result.GetErrorObject().RawMessage();
	auto statement = message.find("\n\nLINE ");
	if (statement != std::string::npos) {
		message.resize(statement);
	}
	return message;
}

} // namespace inlake

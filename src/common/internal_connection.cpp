#include "common/internal_connection.hpp"

#include "duckdb/main/client_context.hpp"
#include "duckdb/main/client_context_state.hpp"

namespace inlake {

namespace {

const char *kInternalConnectionKey = "inlake_internal_connection";

//! Carries no state: its presence in the context's registered state is the mark.
class InternalConnectionMark : public duckdb::ClientContextState {};

} // namespace

std::unique_ptr<duckdb::Connection> OpenInternalConnection(duckdb::DatabaseInstance &db) {
	auto connection = std::make_unique<duckdb::Connection>(db);
	MarkInternalConnection(*connection);
	return connection;
}

void MarkInternalConnection(duckdb::Connection &connection) {
	connection.context->registered_state->GetOrCreate<InternalConnectionMark>(kInternalConnectionKey);
}

bool IsInternalContext(duckdb::ClientContext &context) {
	return context.registered_state->Get<InternalConnectionMark>(kInternalConnectionKey) != nullptr;
}

} // namespace inlake

#include "metadata/duckdb/connection_pool.hpp"

#include "common/internal_connection.hpp"

#include "duckdb/main/client_context.hpp"

namespace inlake {

std::unique_ptr<InternalConnection> ConnectionPool::Take() {
	{
		std::lock_guard<std::mutex> guard(lock);
		if (!idle.empty()) {
			auto connection = std::move(idle.back());
			idle.pop_back();
			return connection;
		}
	}
	return OpenInternalConnection(database);
}

void ConnectionPool::Give(std::unique_ptr<InternalConnection> connection) {
	auto &transaction = connection->context->transaction;
	if (transaction.HasActiveTransaction() || !transaction.IsAutoCommit()) {
		return; // not in the state Take promises: closed instead
	}
	std::lock_guard<std::mutex> guard(lock);
	if (idle.size() < capacity) {
		idle.push_back(std::move(connection));
	}
}

} // namespace inlake

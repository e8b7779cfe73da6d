#include "transaction/lake_transaction_manager.hpp"

#include "maintenance/file_cleanup.hpp"
#include "maintenance/retention_option.hpp"
#include "maintenance/snapshot_expiry.hpp"
#include "metadata/sql_literal.hpp"
#include "transaction/lake_transaction.hpp"

#include "duckdb/main/client_context.hpp"
#include "duckdb/main/connection.hpp"

namespace inlake {

LakeTransactionManager::LakeTransactionManager(duckdb::AttachedDatabase &db, LakeCatalog &catalog)
    : duckdb::TransactionManager(db), catalog(catalog) {
}

duckdb::Transaction &LakeTransactionManager::StartTransaction(duckdb::ClientContext &context) {
	auto transaction = duckdb::make_uniq<LakeTransaction>(catalog, *this, context);
	auto &result = *transaction;
	std::lock_guard<std::mutex> guard(lock);
	transactions[&result] = std::move(transaction);
	return result;
}

duckdb::unique_ptr<LakeTransaction> LakeTransactionManager::Remove(duckdb::Transaction &transaction) {
	std::lock_guard<std::mutex> guard(lock);
	auto entry = transactions.find(&transaction);
	if (entry == transactions.end()) {
		return nullptr;
	}
	auto result = std::move(entry->second);
	transactions.erase(entry);
	return result;
}

duckdb::ErrorData LakeTransactionManager::CommitTransaction(duckdb::ClientContext &context,
                                                            duckdb::Transaction &transaction) {
	auto &lake_transaction = transaction.Cast<LakeTransaction>();
	try {
		lake_transaction.Commit();
	} catch (std::exception &ex) {
		duckdb::ErrorData error(ex);
		lake_transaction.Rollback();
		Remove(transaction);
		return error;
	}
	Remove(transaction);
	return duckdb::ErrorData();
}

void LakeTransactionManager::RollbackTransaction(duckdb::Transaction &transaction) {
	auto &lake_transaction = transaction.Cast<LakeTransaction>();
	lake_transaction.Rollback();
	Remove(transaction);
}

void LakeTransactionManager::Checkpoint(duckdb::ClientContext &context, bool force) {
	// CHECKPOINT on a lake flushes its inlined data, in a transaction of its own,
	duckdb::Connection connection(*context.db);
	auto result = connection.Query("CALL ducklake_flush_inlined_data(" + SqlString(catalog.GetName()) + ")");
	if (result->HasError()) {
		result->ThrowError();
	}
	// then retention, when configured: expire old snapshots, then delete the files scheduled long enough ago
	ExpiryRequest expiry;
	if (RetentionCutoff(catalog, "expire_older_than", expiry.older_than)) {
		expiry.has_older_than = true;
		ExpireSnapshots(catalog, expiry);
	}
	CleanupRequest cleanup;
	if (RetentionCutoff(catalog, "delete_older_than", cleanup.older_than)) {
		CleanupOldFiles(context, catalog, cleanup);
	}
}

} // namespace inlake

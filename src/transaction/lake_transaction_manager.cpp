#include "transaction/lake_transaction_manager.hpp"

#include "maintenance/auto_flush.hpp"
#include "maintenance/checkpoint_sequence.hpp"
#include "transaction/lake_transaction.hpp"

#include "duckdb/main/client_context.hpp"

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
	// the commit is durable: what follows must not fail it
	std::vector<AutoFlushTarget> auto_flush;
	try {
		auto_flush = FindAutoFlushTargets(context, lake_transaction);
	} catch (...) { // NOLINT: FindAutoFlushTargets does not throw; a bad_alloc is no reason to fail the commit
	}
	Remove(transaction);
	try {
		ScheduleAutoFlush(context, std::move(auto_flush));
	} catch (...) { // NOLINT: as above
	}
	return duckdb::ErrorData();
}

void LakeTransactionManager::RollbackTransaction(duckdb::Transaction &transaction) {
	auto &lake_transaction = transaction.Cast<LakeTransaction>();
	lake_transaction.Rollback();
	Remove(transaction);
}

void LakeTransactionManager::Checkpoint(duckdb::ClientContext &context, bool force) {
	// CHECKPOINT on a lake runs the maintenance sequence ducklake_checkpoint reports on
	RunCheckpointSequence(context, catalog);
}

} // namespace inlake

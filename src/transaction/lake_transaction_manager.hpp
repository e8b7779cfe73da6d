//===----------------------------------------------------------------------===//
// LakeTransactionManager: creates, commits and rolls back the lake
// transactions of one attached lake. A commit that fails (a conflicting
// writer, an I/O error) returns the error and leaves the catalog untouched.
//===----------------------------------------------------------------------===//
#pragma once

#include "catalog/lake_catalog.hpp"

#include "duckdb/transaction/transaction_manager.hpp"

#include <map>
#include <mutex>

namespace inlake {

class LakeTransaction;

class LakeTransactionManager : public duckdb::TransactionManager {
public:
	LakeTransactionManager(duckdb::AttachedDatabase &db, LakeCatalog &catalog);

	duckdb::Transaction &StartTransaction(duckdb::ClientContext &context) override;
	duckdb::ErrorData CommitTransaction(duckdb::ClientContext &context, duckdb::Transaction &transaction) override;
	void RollbackTransaction(duckdb::Transaction &transaction) override;
	void Checkpoint(duckdb::ClientContext &context, bool force = false) override;

private:
	duckdb::unique_ptr<LakeTransaction> Remove(duckdb::Transaction &transaction);

	LakeCatalog &catalog;
	std::mutex lock;
	std::map<duckdb::Transaction *, duckdb::unique_ptr<LakeTransaction>> transactions;
};

} // namespace inlake

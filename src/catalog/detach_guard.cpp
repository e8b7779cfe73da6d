#include "catalog/detach_guard.hpp"

#include "catalog/lake_catalog.hpp"
#include "common/internal_connection.hpp"
#include "metadata/duckdb/duckdb_metadata_store.hpp"
#include "transaction/lake_transaction.hpp"

#include "duckdb/main/attached_database.hpp"
#include "duckdb/main/client_context.hpp"
#include "duckdb/main/database_manager.hpp"
#include "duckdb/optimizer/optimizer_extension.hpp"
#include "duckdb/parser/parsed_data/detach_info.hpp"
#include "duckdb/planner/operator/logical_simple.hpp"
#include "duckdb/transaction/meta_transaction.hpp"

namespace inlake {
using namespace duckdb; // NOLINT

//! Whether the context's open transaction has changed the lake attached as `name`
static bool ChangedInTransaction(ClientContext &context, const std::string &name) {
	if (!context.transaction.HasActiveTransaction()) {
		return false;
	}
	auto database = DatabaseManager::Get(context).GetDatabase(context, name);
	if (!database || database->IsSystem() || database->IsTemporary()) {
		return false;
	}
	auto &catalog = database->GetCatalog();
	if (catalog.GetCatalogType() != "ducklake") {
		return false;
	}
	auto transaction = MetaTransaction::Get(context).TryGetTransaction(*database);
	return transaction && !transaction->Cast<LakeTransaction>().changes.Empty();
}

//! The lake whose DuckDB-file catalog is attached as `name`, or ""
static std::string LakeOfCatalogDatabase(ClientContext &context, const std::string &name) {
	for (auto &database : DatabaseManager::Get(context).GetDatabases(context)) {
		if (database->IsSystem() || database->IsTemporary()) {
			continue;
		}
		auto &catalog = database->GetCatalog();
		if (catalog.GetCatalogType() != "ducklake") {
			continue;
		}
		auto store = dynamic_cast<DuckDBMetadataStore *>(&catalog.Cast<LakeCatalog>().Store());
		if (store && StringUtil::CIEquals(store->MetadataDatabase(), name)) {
			return catalog.GetName();
		}
	}
	return std::string();
}

static void CheckDetach(OptimizerExtensionInput &input, unique_ptr<LogicalOperator> &plan) {
	if (plan->type != LogicalOperatorType::LOGICAL_DETACH) {
		return;
	}
	auto &detach = plan->Cast<LogicalSimple>().info->Cast<DetachInfo>();
	// (inlake's own connections detach a catalog database when its lake goes)
	auto lake = IsInternalContext(input.context) ? std::string() : LakeOfCatalogDatabase(input.context, detach.name);
	if (!lake.empty()) {
		// the lake would stay attached without its catalog, and a transaction's writes would fail at COMMIT
		throw CatalogException("Cannot DETACH \"%s\": it is the catalog database of lake \"%s\", which is attached; "
		                       "DETACH %s instead (its catalog database goes with it)",
		                       detach.name, lake, lake);
	}
	if (ChangedInTransaction(input.context, detach.name)) {
		// a catalog error leaves the transaction usable (its changes can still be committed); most other error
		// types abort it, which would lose the very changes this protects
		throw CatalogException("Cannot DETACH lake \"%s\": this transaction changed it, and its changes "
		                           "reach the lake only at COMMIT; COMMIT or ROLLBACK first",
		                           detach.name);
	}
}

void RegisterDetachGuard(DBConfig &config) {
	OptimizerExtension extension;
	extension.pre_optimize_function = CheckDetach;
	config.optimizer_extensions.push_back(std::move(extension));
}

} // namespace inlake

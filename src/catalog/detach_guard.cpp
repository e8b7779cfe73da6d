#include "catalog/detach_guard.hpp"

#include "catalog/lake_catalog.hpp"
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

static void CheckDetach(OptimizerExtensionInput &input, unique_ptr<LogicalOperator> &plan) {
	if (plan->type != LogicalOperatorType::LOGICAL_DETACH) {
		return;
	}
	auto &detach = plan->Cast<LogicalSimple>().info->Cast<DetachInfo>();
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

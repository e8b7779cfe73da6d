#include "functions/lake_functions.hpp"

#include "duckdb/main/extension/extension_loader.hpp"

namespace inlake {

std::vector<duckdb::TableFunction> LakeFunctionList() {
	std::vector<duckdb::TableFunction> functions {SnapshotsFunction(), TableInfoFunction(), SetOptionFunction(), ResetOptionFunction(), OptionsFunction(),
	        FlushInlinedDataFunction(), ExpireSnapshotsFunction(), CleanupOldFilesFunction(),
	        DeleteOrphanedFilesFunction(), CheckpointFunction(), CatalogTableFunction(), CurrentSnapshotFunction(),
	        LastCommittedSnapshotFunction(), SetCommitMessageFunction(), SettingsFunction(),
	        ListFilesFunction(), MergeAdjacentFilesFunction(), RewriteDataFilesFunction(),
	        AddDataFilesFunction()};
	for (auto &function : ChangeFeedFunctions()) {
		functions.push_back(std::move(function));
	}
	return functions;
}

void RegisterLakeFunctions(duckdb::ExtensionLoader &loader) {
	for (auto &function : LakeFunctionList()) {
		loader.RegisterFunction(function);
	}
}

} // namespace inlake

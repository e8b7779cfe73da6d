#include "functions/lake_functions.hpp"

#include "duckdb/main/extension/extension_loader.hpp"

namespace inlake {

std::vector<duckdb::TableFunction> LakeFunctionList() {
	return {SnapshotsFunction(), TableInfoFunction(), SetOptionFunction(), ResetOptionFunction(), OptionsFunction(),
	        FlushInlinedDataFunction(), ExpireSnapshotsFunction(), CleanupOldFilesFunction(),
	        DeleteOrphanedFilesFunction(), CatalogTableFunction(), CurrentSnapshotFunction(),
	        LastCommittedSnapshotFunction(), SetCommitMessageFunction(), SettingsFunction(),
	        ListFilesFunction()};
}

void RegisterLakeFunctions(duckdb::ExtensionLoader &loader) {
	for (auto &function : LakeFunctionList()) {
		loader.RegisterFunction(function);
	}
	for (auto &function : UnsupportedLakeFunctions()) {
		loader.RegisterFunction(function);
	}
}

} // namespace inlake

#include "functions/lake_functions.hpp"

#include "duckdb/main/extension/extension_loader.hpp"

namespace inlake {

void RegisterLakeFunctions(duckdb::ExtensionLoader &loader) {
	loader.RegisterFunction(SnapshotsFunction());
	loader.RegisterFunction(TableInfoFunction());
}

} // namespace inlake

#include "inlake_extension.hpp"

#include "duckdb/main/database.hpp"
#include "duckdb/main/extension/extension_loader.hpp"

namespace inlake {

void LoadInlake(duckdb::ExtensionLoader &loader) {
}

void LoadInlake(duckdb::DatabaseInstance &db) {
	duckdb::ExtensionLoader loader(db, "inlake");
	LoadInlake(loader);
}

} // namespace inlake

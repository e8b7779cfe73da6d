#include "inlake_extension.hpp"

#include "catalog/lake_storage_extension.hpp"
#include "functions/lake_functions.hpp"

#include "duckdb/main/config.hpp"
#include "duckdb/main/database.hpp"
#include "duckdb/main/extension/extension_loader.hpp"

namespace inlake {

void LoadInlake(duckdb::ExtensionLoader &loader) {
	auto &db = loader.GetDatabaseInstance();
	auto &config = duckdb::DBConfig::GetConfig(db);
	config.storage_extensions["ducklake"] = duckdb::make_uniq<LakeStorageExtension>();
	config.AddExtensionOption("ducklake_default_data_inlining_row_limit",
	                          "Default maximum number of rows a DuckLake insert or delete may inline into the catalog "
	                          "(0 disables inlining); overridden by the ATTACH option and persisted options",
	                          duckdb::LogicalType::UBIGINT, duckdb::Value::UBIGINT(10));
	RegisterLakeFunctions(loader);
}

void LoadInlake(duckdb::DatabaseInstance &db) {
	duckdb::ExtensionLoader loader(db, "inlake");
	LoadInlake(loader);
}

} // namespace inlake

#include "inlake_extension.hpp"

#include "duckdb/main/extension_manager.hpp"

#include "catalog/detach_guard.hpp"
#include "catalog/lake_secrets.hpp"
#include "catalog/lake_storage_extension.hpp"
#include "functions/lake_functions.hpp"
#include "write/ordered_lake_copy.hpp"

#include "duckdb/main/config.hpp"
#include "duckdb/main/database.hpp"
#include "duckdb/main/extension/extension_loader.hpp"

namespace inlake {

constexpr const char *kDescription = "DuckLake lakehouse format with data inlining (inlake)";

//! DuckDB knows the ducklake: prefix, INSTALL ducklake and LOAD ducklake as the upstream extension's, which it
//! would download: with inlake loaded, that extension counts as loaded (inlake provides what it would), so
//! scripts that begin with INSTALL/LOAD ducklake and a database path `ducklake:...` work without a network.
//! duckdb_extensions() shows it loaded but not installed, its version and description naming inlake.
static void MarkDucklakeLoaded(duckdb::DatabaseInstance &db) {
	auto load = duckdb::ExtensionManager::Get(db).BeginLoad("ducklake");
	if (!load) {
		return; // loaded already
	}
	load->info.load_info = duckdb::make_uniq<duckdb::ExtensionLoadedInfo>();
	load->info.load_info->description =
	    "Provided by inlake, which is loaded: the upstream ducklake extension is neither installed nor loaded";
	duckdb::ExtensionInstallInfo info;
	info.mode = duckdb::ExtensionInstallMode::NOT_INSTALLED;
	info.version = "inlake";
	load->FinishLoad(info);
}

void LoadInlake(duckdb::ExtensionLoader &loader) {
	auto &db = loader.GetDatabaseInstance();
	loader.SetDescription(kDescription);
	auto &config = duckdb::DBConfig::GetConfig(db);
	config.storage_extensions["ducklake"] = duckdb::make_uniq<LakeStorageExtension>();
	config.AddExtensionOption("ducklake_default_data_inlining_row_limit",
	                          "Default maximum number of rows a DuckLake insert or delete may inline into the catalog "
	                          "(0 disables inlining); overridden by the ATTACH option and persisted options",
	                          duckdb::LogicalType::UBIGINT, duckdb::Value::UBIGINT(10));
	config.AddExtensionOption("ducklake_orphaned_file_min_age",
	                          "Files younger than this are never removed by ducklake_delete_orphaned_files, not even "
	                          "with cleanup_all: a writer may be about to commit them",
	                          duckdb::LogicalType::INTERVAL, duckdb::Value::INTERVAL(duckdb::interval_t {0, 0, 3600000000LL}));
	config.AddExtensionOption("ducklake_write_deletion_vectors",
	                          "Whether DuckLake deletes and flushes write Puffin deletion vectors instead of Parquet "
	                          "delete files, for lakes, schemas and tables that do not set the write_deletion_vectors "
	                          "option",
	                          duckdb::LogicalType::BOOLEAN, duckdb::Value::BOOLEAN(false));
	config.AddExtensionOption("ducklake_max_retry_count",
	                          "How many times a DuckLake commit tries again to take the catalog's write lock while "
	                          "other writers hold it past the catalog's busy timeout",
	                          duckdb::LogicalType::UBIGINT, duckdb::Value::UBIGINT(10));
	config.AddExtensionOption("ducklake_retry_wait_ms",
	                          "Milliseconds a DuckLake commit waits before its first retry",
	                          duckdb::LogicalType::UBIGINT, duckdb::Value::UBIGINT(100));
	config.AddExtensionOption("ducklake_retry_backoff",
	                          "Factor by which each further DuckLake commit retry waits longer (at least 1)",
	                          duckdb::LogicalType::DOUBLE, duckdb::Value::DOUBLE(1.5));
	RegisterDetachGuard(config);
	RegisterLakeSecretTypes(db);
	RegisterLakeFunctions(loader);
	loader.RegisterFunction(OrderedLakeCopyFunction());
	MarkDucklakeLoaded(db);
}

void LoadInlake(duckdb::DatabaseInstance &db) {
	// built into this program: shown by duckdb_extensions() as a statically linked extension
	auto load = duckdb::ExtensionManager::Get(db).BeginLoad("inlake");
	if (!load) {
		return; // loaded already
	}
	duckdb::ExtensionLoader loader(*load);
	LoadInlake(loader);
	load->info.load_info = duckdb::make_uniq<duckdb::ExtensionLoadedInfo>();
	load->info.load_info->description = kDescription;
	duckdb::ExtensionInstallInfo info;
	info.mode = duckdb::ExtensionInstallMode::STATICALLY_LINKED;
	info.version = "v0.1.0";
	load->FinishLoad(info);
}

} // namespace inlake

#include "metadata/duckdb/duckdb_store_open.hpp"

#include "common/internal_connection.hpp"
#include "common/lake_paths.hpp"
#include "metadata/duckdb/duckdb_metadata_store.hpp"
#include "metadata/open_store.hpp"
#include "metadata/sql_literal.hpp"

#include "duckdb/common/file_system.hpp"
#include "duckdb/main/database.hpp"

#include <algorithm>
#include <map>
#include <mutex>

namespace inlake {

namespace {

//! The stores open in this process, by instance and attached database name: a second lake on the same catalog
//! database shares the first one's store (its caches and its lock).
struct StoreRegistry {
	std::mutex lock;
	std::map<std::pair<duckdb::DatabaseInstance *, std::string>, std::weak_ptr<DuckDBMetadataStore>> stores;

	static StoreRegistry &Get() {
		static StoreRegistry registry;
		return registry;
	}
};

} // namespace

//! The name under which `path` is attached already ("" when it is not).
static std::string AttachedName(InternalConnection &connection, const std::string &path) {
	auto existing = connection.Query("SELECT database_name FROM duckdb_databases() WHERE path = " + SqlString(path) +
	                                 " AND type = 'duckdb' AND NOT internal");
	if (existing->HasError() || existing->RowCount() == 0) {
		return std::string();
	}
	return existing->GetValue(0, 0).ToString();
}

std::shared_ptr<MetadataStore> OpenDuckDBStore(duckdb::ClientContext &context, const LakeOptions &options) {
	auto &db = *context.db;
	auto connection = OpenInternalConnection(db);
	auto &registry = StoreRegistry::Get();
	auto attached_as = AttachedName(*connection, options.metadata_path);
	if (!attached_as.empty()) {
		std::lock_guard<std::mutex> guard(registry.lock);
		auto shared = registry.stores[{&db, attached_as}].lock();
		if (shared) {
			shared->AddUser();
			return shared;
		}
		// attached by the user (ATTACH 'lake.duckdb' AS raw): used where it is, never detached by the lake
		auto store = std::make_shared<DuckDBMetadataStore>(db, attached_as, options.metadata_schema);
		registry.stores[{&db, attached_as}] = store;
		return store;
	}
	auto name = options.metadata_catalog.empty() ? "__ducklake_metadata_" + options.lake_name : options.metadata_catalog;
	auto &fs = duckdb::FileSystem::GetFileSystem(context);
	bool exists = fs.FileExists(options.metadata_path);
	if (!exists) {
		CheckCatalogCanBeCreated(fs, options);
	}
	auto result = connection->Query("ATTACH " + SqlString(options.metadata_path) + " AS " + SqlIdentifier(name) +
	                                (options.read_only ? " (READ_ONLY)" : ""));
	std::vector<std::string> created;
	if (!exists && fs.FileExists(options.metadata_path)) {
		created = {options.metadata_path, options.metadata_path + ".wal"};
	}
	if (result->HasError()) {
		for (auto &path : created) {
			fs.TryRemoveFile(path);
		}
		// DuckDB's own message, without its "IO Error:" prefix inside ours
		throw duckdb::IOException("Cannot attach DuckLake \"%s\": failed to open the catalog database \"%s\": %s",
		                          options.lake_name, options.metadata_path, result->GetErrorObject().RawMessage());
	}
	auto store = std::make_shared<DuckDBMetadataStore>(db, name, options.metadata_schema);
	store->SetAttached(options.metadata_path, std::move(created));
	std::lock_guard<std::mutex> guard(registry.lock);
	registry.stores[{&db, name}] = store;
	return store;
}

std::shared_ptr<MetadataStore> DuckDBMetadataStore::MigratedCopy(const std::string &from_version,
                                                                 const std::vector<int64_t> &files_with_row_ids) {
	// every table of the catalog database, inlined data included, copied into an in-memory database, named like
	// the catalog database it copies (users see both in duckdb_databases() and SHOW ALL TABLES)
	auto copy_name = metadata_database + "_migrated_in_memory";
	auto attached = connection.Query("ATTACH ':memory:' AS " + SqlIdentifier(copy_name));
	if (attached->HasError()) {
		throw duckdb::IOException("Cannot read the older catalog \"%s\": %s", metadata_database,
		                          attached->GetError());
	}
	auto store = std::make_shared<DuckDBMetadataStore>(database, copy_name, metadata_schema);
	store->SetAttached(DisplayName(), {}); // named as the catalog it copies; nothing to remove when it closes
	try {
		auto copied = connection.Query("COPY FROM DATABASE " + SqlIdentifier(metadata_database) + " TO " +
		                               SqlIdentifier(copy_name));
		if (copied->HasError()) {
			throw duckdb::IOException("Cannot read the older catalog \"%s\": copying it into memory failed: %s",
			                          metadata_database, copied->GetError());
		}
		store->MigrateCatalog(from_version, files_with_row_ids);
	} catch (...) {
		store->Close(true);
		throw;
	}
	return store;
}

std::string DuckDBMetadataStore::DefaultDataPath() {
	return attached_path + ".files/";
}

void DuckDBMetadataStore::SetAttached(std::string path, std::vector<std::string> created) {
	owns_database = true;
	attached_path = std::move(path);
	created_files = std::move(created);
}

void DuckDBMetadataStore::AddUser() {
	users++;
}

void DuckDBMetadataStore::AddHold(std::weak_ptr<CatalogHold> hold) {
	std::lock_guard<std::mutex> guard(holds_lock);
	holds.erase(std::remove_if(holds.begin(), holds.end(),
	                           [](const std::weak_ptr<CatalogHold> &entry) { return entry.expired(); }),
	            holds.end());
	holds.push_back(std::move(hold));
}

void DuckDBMetadataStore::Close(bool abandon) {
	{
		std::lock_guard<std::mutex> guard(StoreRegistry::Get().lock);
		if (--users > 0 || !owns_database) {
			return;
		}
		owns_database = false;
	}
	std::vector<std::shared_ptr<CatalogHold>> live;
	{
		std::lock_guard<std::mutex> guard(holds_lock);
		for (auto &hold : holds) {
			if (auto held = hold.lock()) {
				live.push_back(std::move(held));
			}
		}
		holds.clear();
	}
	for (auto &hold : live) {
		hold->Release();
	}
	auto connection = OpenInternalConnection(database);
	connection->Query("DETACH DATABASE IF EXISTS " + SqlIdentifier(metadata_database));
	if (!abandon) {
		return;
	}
	auto &fs = duckdb::FileSystem::GetFileSystem(database);
	for (auto &path : created_files) {
		try {
			fs.TryRemoveFile(path);
		} catch (...) { // NOLINT: best effort; the original error is what the user needs to see
		}
	}
}

} // namespace inlake

#include "metadata/duckdb/duckdb_metadata_store.hpp"

#include "common/internal_connection.hpp"
#include "metadata/catalog_tables_sql.hpp"
#include "metadata/column_rows.hpp"
#include "metadata/duckdb/duckdb_write_txn.hpp"
#include "metadata/duckdb/result_reader.hpp"
#include "metadata/sql/catalog_migration.hpp"
#include "metadata/sql_literal.hpp"

#include "duckdb/catalog/catalog.hpp"
#include "duckdb/catalog/catalog_entry/schema_catalog_entry.hpp"
#include "duckdb/catalog/catalog_entry/table_catalog_entry.hpp"
#include "duckdb/common/types/uuid.hpp"
#include "duckdb/main/attached_database.hpp"
#include "duckdb/main/client_context.hpp"
#include "duckdb/main/database_manager.hpp"
#include "duckdb/storage/storage_manager.hpp"
#include "duckdb/main/materialized_query_result.hpp"

#include <map>

namespace inlake {
using duckdb::MaterializedQueryResult;
using duckdb::unique_ptr;

//! WAL size from which a commit checkpoints the catalog database (see CheckpointIfWalLarge). A checkpoint costs
//! ~15 ms whatever the WAL's size (16 ms at 150 KB, 21 ms at 560 KB, 31 ms at 2.2 MB), a WAL left by a killed
//! process is replayed at the next ATTACH at ~0.6 s per MB: 1 MB (~700 ten-row commits) keeps the checkpointing
//! commits below 1 in 500 (out of a commit's p99) and a replay under a second.
static constexpr duckdb::idx_t kWalCheckpointBytes = 1024 * 1024;

//! Idle read-session connections kept for reuse (one per concurrently running scan)
static constexpr size_t READ_CONNECTIONS_KEPT = 8;

DuckDBMetadataStore::DuckDBMetadataStore(duckdb::DatabaseInstance &db, std::string metadata_database_p,
                                         std::string metadata_schema_p)
    : database(db), metadata_database(std::move(metadata_database_p)), metadata_schema(std::move(metadata_schema_p)),
      connection(db), catalog_connection(connection, metadata_database, metadata_schema),
      read_connections(std::make_shared<ConnectionPool>(db, READ_CONNECTIONS_KEPT)) {
	prefix = SqlIdentifier(metadata_database) + "." + SqlIdentifier(metadata_schema) + ".";
}

DuckDBMetadataStore::~DuckDBMetadataStore() = default;

std::unique_ptr<CatalogRows> DuckDBMetadataStore::Query(const std::string &sql) {
	return std::make_unique<CatalogRows>(catalog_connection.Query(sql));
}

bool DuckDBMetadataStore::TableExists(const std::string &table_name) {
	return catalog_connection.TableExists(table_name);
}

CatalogTableRows DuckDBMetadataStore::ReadCatalogTable(const std::string &table_name) {
	std::lock_guard<OwnedMutex> guard(lock);
	if (!TableExists(table_name)) {
		throw duckdb::CatalogException("The DuckLake catalog database \"%s\" has no table \"%s\"", metadata_database,
		                               table_name);
	}
	auto result = Query("SELECT * FROM " + prefix + SqlIdentifier(table_name));
	CatalogTableRows rows;
	rows.names = std::move(result->names);
	rows.types = std::move(result->types);
	rows.rows = std::move(result->rows);
	return rows;
}

bool DuckDBMetadataStore::IsInitialized() {
	std::lock_guard<OwnedMutex> guard(lock);
	return TableExists("ducklake_metadata");
}

void DuckDBMetadataStore::CheckpointIfWalLarge(bool always) {
	// after a commit that has succeeded: nothing here may turn it into a failure
	try {
		auto database = duckdb::DatabaseManager::Get(this->database).GetDatabase(metadata_database);
		if (!database || database->IsReadOnly()) {
			return;
		}
		auto &storage = database->GetStorageManager();
		if (storage.InMemory() || (!always && storage.GetWALSize() < kWalCheckpointBytes)) {
			return;
		}
		connection.Query("CHECKPOINT " + SqlIdentifier(metadata_database)); // an error (other transactions) waits
	} catch (...) { // NOLINT: the next commit tries again
	}
}

std::string DuckDBMetadataStore::WhyNoLakeCanBeCreated() {
	std::lock_guard<OwnedMutex> guard(lock);
	return catalog_connection.HasNoTables()
	           ? std::string()
	           : std::string(CatalogConnection::kTablesOfItsOwn) + " (or an empty METADATA_SCHEMA of it)";
}

void DuckDBMetadataStore::Initialize(const StoreInitOptions &options) {
	std::lock_guard<OwnedMutex> guard(lock);
	catalog_connection.BeginWrite();
	try {
		if (metadata_schema != "main") {
			Query("CREATE SCHEMA IF NOT EXISTS " + SqlIdentifier(metadata_database) + "." +
			      SqlIdentifier(metadata_schema));
		}
		Writer().CreateCatalog(options);
		catalog_connection.Commit();
	} catch (...) {
		catalog_connection.Rollback();
		throw;
	}
}

void DuckDBMetadataStore::MigrateCatalog(const std::string &from_version,
                                         const std::vector<int64_t> &files_with_row_ids) {
	std::lock_guard<OwnedMutex> guard(lock);
	catalog_connection.BeginWrite();
	try {
		CatalogMigration(catalog_connection, prefix, files_with_row_ids).Run(from_version);
		catalog_connection.Commit();
	} catch (...) {
		try {
			catalog_connection.Rollback();
		} catch (...) { // NOLINT: a failed statement may have ended the transaction already; its error is the one
		}
		throw;
	}
	cache = StoreCache();
}

LakeMetadata DuckDBMetadataStore::LoadMetadata() {
	std::lock_guard<OwnedMutex> guard(lock);
	return Reader().Metadata();
}

std::vector<std::string> DuckDBMetadataStore::MissingCatalogTables(const std::string &format_version) {
	std::lock_guard<OwnedMutex> guard(lock);
	std::vector<std::string> missing;
	for (auto &name : CatalogTableNames(format_version)) {
		if (!TableExists(name)) {
			missing.push_back(name);
		}
	}
	return missing;
}

SnapshotRecord DuckDBMetadataStore::GetLatestSnapshot() {
	std::lock_guard<OwnedMutex> guard(lock);
	return ReadLatestSnapshot();
}

SnapshotRecord DuckDBMetadataStore::ReadLatestSnapshot() {
	if (!cache.has_latest) {
		cache.latest = Reader().LatestSnapshot();
		cache.has_latest = true;
	}
	return cache.latest;
}

bool DuckDBMetadataStore::GetSnapshot(int64_t snapshot_id, SnapshotRecord &snapshot) {
	std::lock_guard<OwnedMutex> guard(lock);
	return Reader().Snapshot(snapshot_id, snapshot);
}

bool DuckDBMetadataStore::FindSnapshotAtTime(duckdb::timestamp_tz_t time, SnapshotRecord &snapshot) {
	std::lock_guard<OwnedMutex> guard(lock);
	return Reader().SnapshotAtTime(time, snapshot);
}

std::vector<SnapshotListing> DuckDBMetadataStore::ListSnapshots() {
	std::lock_guard<OwnedMutex> guard(lock);
	return Reader().Snapshots();
}

CatalogContents DuckDBMetadataStore::LoadCatalog(int64_t snapshot_id) {
	std::lock_guard<OwnedMutex> guard(lock);
	return Reader().Catalog(snapshot_id);
}

std::vector<DataFileRecord> DuckDBMetadataStore::LoadDataFiles(int64_t table_id, int64_t snapshot_id) {
	std::lock_guard<OwnedMutex> guard(lock);
	auto key = std::make_pair(table_id, snapshot_id);
	auto cached = cache.data_files.find(key);
	if (cached != cache.data_files.end()) {
		return cached->second;
	}
	auto files = Reader().DataFiles(table_id, snapshot_id);
	cache.data_files[key] = files;
	return files;
}

std::vector<DataFileRecord> DuckDBMetadataStore::LoadDataFilesMatching(int64_t table_id, int64_t snapshot_id,
                                                                       const PartitionListingFilter &filter) {
	std::lock_guard<OwnedMutex> guard(lock);
	return Reader().DataFiles(table_id, snapshot_id, &filter);
}

std::vector<DataFileRecord> DuckDBMetadataStore::FindDataFilesByPath(int64_t table_id, int64_t snapshot_id,
                                                                     const std::vector<std::string> &paths) {
	std::lock_guard<OwnedMutex> guard(lock);
	return Reader().DataFilesWithPaths(table_id, snapshot_id, paths);
}

TableStatsRecord DuckDBMetadataStore::LoadTableStats(int64_t table_id) {
	std::lock_guard<OwnedMutex> guard(lock);
	return ReadTableStats(*this, table_id);
}

std::unique_ptr<MetadataWriteTxn> DuckDBMetadataStore::BeginWrite(const WriteRetryPolicy &) {
	// one process owns a DuckDB catalog file: no other writer to wait for
	return std::unique_ptr<MetadataWriteTxn>(new DuckDBWriteTxn(*this, connection));
}

TableChangeSources DuckDBMetadataStore::LoadChangeSources(int64_t table_id, int64_t start_snapshot, int64_t end_snapshot) {
	std::lock_guard<OwnedMutex> guard(lock);
	return Reader().ChangeSources(table_id, start_snapshot, end_snapshot);
}

} // namespace inlake

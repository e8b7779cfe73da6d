//===----------------------------------------------------------------------===//
// DuckDBMetadataStore: the MetadataStore backend for a DuckDB-file catalog.
//
// The catalog file is attached inside the user's DuckDB instance (as
// __ducklake_metadata_<lake>, so users can query it with SQL); this store
// talks to it over a Connection of its own, because one DuckDB transaction
// may write to only one attached database. Calls are serialised by a mutex:
// the connection is shared by every client of the lake in this process.
//===----------------------------------------------------------------------===//
#pragma once

#include "common/internal_connection.hpp"
#include "common/owned_mutex.hpp"
#include "metadata/duckdb/connection_pool.hpp"
#include "metadata/duckdb/duckdb_catalog_connection.hpp"
#include "metadata/sql/catalog_maintenance.hpp"
#include "metadata/sql/catalog_reader.hpp"
#include "metadata/sql/catalog_writer.hpp"
#include "metadata/duckdb/store_cache.hpp"
#include "metadata/metadata_store.hpp"

#include "duckdb/main/connection.hpp"

#include <map>
#include <mutex>

namespace inlake {

//! Something that keeps a transaction open on the catalog database (a read session a prepared statement may keep
//! for long): the store makes it let go before it detaches the database, or DuckDB would keep the file open.
class CatalogHold {
public:
	virtual ~CatalogHold() = default;
	//! Ends the transaction; later use of the holder fails with an error saying the lake was detached.
	virtual void Release() = 0;
};

class DuckDBMetadataStore : public MetadataStore {
public:
	//! `qualified_prefix` names the catalog tables' database and schema, e.g.
	//! "\"__ducklake_metadata_lake\".\"main\"."
	DuckDBMetadataStore(duckdb::DatabaseInstance &db, std::string metadata_database, std::string metadata_schema);
	~DuckDBMetadataStore() override;

	std::string DefaultDataPath() override;
	//! The catalog file's path (or, for a catalog database the user attached, its name)
	std::string DisplayName() const override {
		return attached_path.empty() ? metadata_database : attached_path;
	}
	void Close(bool abandon) override;
	bool IsInitialized() override;
	std::string WhyNoLakeCanBeCreated() override;
	void Initialize(const StoreInitOptions &options) override;
	LakeMetadata LoadMetadata() override;
	void MigrateCatalog(const std::string &from_version, const std::vector<int64_t> &files_with_row_ids) override;
	std::shared_ptr<MetadataStore> MigratedCopy(const std::string &from_version,
	                                            const std::vector<int64_t> &files_with_row_ids) override;
	std::vector<std::string> MissingCatalogTables(const std::string &format_version) override;

	SnapshotRecord GetLatestSnapshot() override;
	bool GetSnapshot(int64_t snapshot_id, SnapshotRecord &result) override;
	bool FindSnapshotAtTime(duckdb::timestamp_tz_t time, SnapshotRecord &result) override;
	std::vector<SnapshotListing> ListSnapshots() override;

	CatalogContents LoadCatalog(int64_t snapshot_id) override;
	std::vector<DataFileRecord> LoadDataFiles(int64_t table_id, int64_t snapshot_id) override;
	std::vector<DataFileRecord> LoadDataFilesMatching(int64_t table_id, int64_t snapshot_id,
	                                                  const PartitionListingFilter &filter) override;
	TableStatsRecord LoadTableStats(int64_t table_id) override;
	std::vector<DataFileRecord> FindDataFilesByPath(int64_t table_id, int64_t snapshot_id,
	                                                const std::vector<std::string> &paths) override;

	std::vector<InlinedTableRecord> LoadInlinedTables(int64_t table_id) override;
	InlinedBacklog MeasureInlinedRows(const std::vector<InlinedTableColumnNames> &tables, bool with_bytes) override;
	std::vector<OptionRecord> LoadOptions() override;
	TableReadStart BeginTableRead(int64_t table_id, int64_t snapshot_id) override;
	//! The SQL of an inlined-row scan (the fallback of read sessions for sources a storage scan cannot read).
	std::string InlinedRowsQuery(const InlinedSource &source, const InlinedColumnNames &names, int64_t snapshot_id,
	                             const InlinedRowFilter &filter) const;
	void StreamInlinedRows(const std::vector<InlinedSource> &sources, const InlinedColumnNames &names,
	                       int64_t snapshot_id, const std::vector<std::string> &order_by,
	                       const std::function<void(duckdb::DataChunk &)> &callback) override;
	std::unique_ptr<InlinedRowsRelation> OpenInlinedRows(const std::vector<InlinedSource> &sources,
	                                                     const InlinedColumnNames &names, int64_t snapshot_id) override;
	TableVersionSnapshot FindTableVersionSnapshot(int64_t table_id, int64_t schema_version) override;
	std::vector<DataFileRecord::DeleteFileRef> LoadDeleteFileHistory(int64_t data_file_id,
	                                                                int64_t snapshot_id) override;
	std::vector<InlinedDeleteEntry> LoadInlinedDeleteEntries(int64_t table_id, int64_t snapshot_id) override;
	TableChangeSources LoadChangeSources(int64_t table_id, int64_t start_snapshot, int64_t end_snapshot) override;

	std::unique_ptr<MetadataWriteTxn> BeginWrite(const WriteRetryPolicy &retry = WriteRetryPolicy()) override;
	CatalogTableRows ReadCatalogTable(const std::string &table_name) override;
	std::vector<ScheduledFileRecord> ListScheduledFiles() override;
	std::vector<FileLocationRecord> ListAllFiles() override;
	const std::string &MetadataDatabase() const {
		return metadata_database;
	}
	const std::string &MetadataSchema() const {
		return metadata_schema;
	}

	//! Runs SQL on the store's connection, throwing the error on failure.
	//! Callers must hold `lock`.
	std::unique_ptr<CatalogRows> Query(const std::string &sql);
	//! Whether the catalog database has this table (caller holds `lock`).
	bool TableExists(const std::string &table_name);
	const std::string &Prefix() const {
		return prefix;
	}

	OwnedMutex lock {"the lake's catalog lock"};
	//! Guarded by `lock`.
	StoreCache cache;

	//! Checkpoints the catalog database once its WAL has grown past kWalCheckpointBytes (caller holds `lock`).
	//! DuckDB replays the WAL on every attach, and checkpoints on its own only at 16 MB: a long-lived process
	//! of small commits would make every later attach slow. Skipped (tried again later) while other
	//! transactions are open on the catalog database.
	void CheckpointIfWalLarge(bool always = false);

	//! The latest snapshot, from the cache or the catalog (caller holds `lock`).
	SnapshotRecord ReadLatestSnapshot();

	// duckdb_store_open.cpp
	//! The store attached the catalog database file at `path` (and created these files doing so): it detaches it
	//! when its last user closes it.
	void SetAttached(std::string path, std::vector<std::string> created);
	//! One more lake uses the store (guarded by the store registry's lock).
	void AddUser();
	//! Registers a hold released when the store detaches the catalog database.
	void AddHold(std::weak_ptr<CatalogHold> hold);

	duckdb::DatabaseInstance &Database() {
		return database;
	}
	//! Idle connections for read sessions
	const std::shared_ptr<ConnectionPool> &ReadConnections() {
		return read_connections;
	}

	//! The backend-neutral catalog reads, writes and maintenance, on the store's connection (caller holds `lock`).
	CatalogReader Reader() {
		return CatalogReader(catalog_connection, prefix);
	}
	CatalogWriter Writer() {
		return CatalogWriter(catalog_connection, prefix);
	}
	CatalogMaintenance Maintenance() {
		return CatalogMaintenance(catalog_connection, prefix);
	}

private:
	//! Lists the table's data files at the snapshot and opens a read session over the same catalog state
	std::shared_ptr<InlinedReadSession> OpenReadSession(int64_t table_id, int64_t snapshot_id,
	                                                    std::vector<DataFileRecord> &files);

	duckdb::DatabaseInstance &database;
	std::string metadata_database;
	std::string metadata_schema;
	std::string prefix;
	InternalConnection connection;
	DuckDBCatalogConnection catalog_connection;
	std::shared_ptr<ConnectionPool> read_connections;
	//! Lakes using the store, whether it attached the catalog database, the file it attached and the files that
	//! attaching it created (guarded by the store registry's lock)
	int users = 1;
	bool owns_database = false;
	std::string attached_path;
	std::vector<std::string> created_files;
	std::mutex holds_lock;
	std::vector<std::weak_ptr<CatalogHold>> holds;
};

} // namespace inlake

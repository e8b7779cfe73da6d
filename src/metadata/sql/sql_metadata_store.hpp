//===----------------------------------------------------------------------===//
// SqlMetadataStore: the MetadataStore of a catalog database that inlake
// reaches only through a CatalogConnection (SQLite today, PostgreSQL next):
// every read, commit write, scan, flush and expiry written once over the
// connection and its SqlDialect.
//
// Nothing is cached between calls: other processes may commit at any time,
// so every call reads the catalog as it is. A commit holds the database's
// write lock from its first read to its COMMIT (CatalogConnection::
// BeginWrite), so its conflict check sees every commit before it. A scan
// reads on a connection of its own inside one read transaction, so its data
// files and inlined rows belong to one catalog state. Inlined values are
// stored as the dialect encodes them and decoded here; filtering by column
// values and flushing (ordering, COPY to Parquet) run in DuckDB, over the
// decoded rows.
//===----------------------------------------------------------------------===//
#pragma once

#include "common/owned_mutex.hpp"
#include "metadata/metadata_store.hpp"
#include "metadata/sql/catalog_connection.hpp"
#include "metadata/sql/catalog_maintenance.hpp"
#include "metadata/sql/catalog_reader.hpp"
#include "metadata/sql/catalog_writer.hpp"
#include "metadata/sql/inlined_insert_statement.hpp"
#include "metadata/sql/inlined_rows_cache.hpp"

#include "duckdb/main/database.hpp"

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <vector>

namespace inlake {

//! What a backend tells the store about its database.
struct SqlStoreConfig {
	//! Opens one more connection to the same catalog database (read sessions use their own)
	std::function<std::unique_ptr<CatalogConnection>()> open_connection;
	//! Qualifies the catalog tables' names ("" on SQLite, "schema." on PostgreSQL)
	std::string prefix;
	//! Where a new lake's data files go when ATTACH gives no DATA_PATH
	std::string default_data_path;
	//! The database as messages name it (a connection string without its password)
	std::string display_name;
	//! The most columns a table of the database may have
	size_t max_table_columns = SIZE_MAX;
	//! Whether its text columns may hold a NUL character
	bool text_holds_nul = true;
	//! The files opening the database created (removed again when the ATTACH fails)
	std::vector<std::string> created_files;
};

class SqlMetadataStore : public MetadataStore, public std::enable_shared_from_this<SqlMetadataStore> {
public:
	SqlMetadataStore(duckdb::DatabaseInstance &db, std::unique_ptr<CatalogConnection> connection,
	                 SqlStoreConfig config);
	~SqlMetadataStore() override;

	std::string DefaultDataPath() override;
	std::string DisplayName() const override {
		return config.display_name;
	}
	bool SharedWithOtherProcesses() const override {
		return true;
	}
	bool StoresNulInText() const override {
		return config.text_holds_nul;
	}
	size_t MaxInlinedTableColumns() override {
		return config.max_table_columns;
	}
	void Close(bool abandon) override;
	bool IsInitialized() override;
	std::string WhyNoLakeCanBeCreated() override;
	void Initialize(const StoreInitOptions &options) override;
	LakeMetadata LoadMetadata() override;
	void MigrateCatalog(const std::string &from_version, const std::vector<int64_t> &files_with_row_ids) override;
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
	//! The read transaction's BEGIN, the latest snapshot id, the inlined tables and the data files in one
	//! pipeline (one round trip on PostgreSQL)
	TableReadStart BeginTableRead(int64_t table_id, int64_t snapshot_id) override;
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
	//! One statement (InlinedInsertStatement) where the dialect allows writes inside WITH (PostgreSQL)
	bool CommitsInlinedInsertsInOneStep() override;
	int64_t TryCommitInlinedInserts(const InlinedInsertCommit &commit) override;
	bool KnownTableStats(int64_t table_id, TableStatsRecord &stats) override;
	//! Remembers `stats` as read from or written to the catalog (KnownTableStats), under `lock`
	void KnowTableStats(const TableStatsRecord &stats);
	CatalogTableRows ReadCatalogTable(const std::string &table_name) override;
	std::vector<ScheduledFileRecord> ListScheduledFiles() override;
	std::vector<FileLocationRecord> ListAllFiles() override;

	// For the store's own parts (write transaction, read sessions)
	OwnedMutex lock {"the lake's catalog lock"};
	//! The store's connection (caller holds `lock`); an error once the store was closed
	CatalogConnection &Connection();
	const std::string &Prefix() const {
		return config.prefix;
	}
	CatalogReader Reader() {
		return CatalogReader(Connection(), config.prefix);
	}
	CatalogWriter Writer() {
		return CatalogWriter(Connection(), config.prefix);
	}
	CatalogMaintenance Maintenance() {
		return CatalogMaintenance(Connection(), config.prefix);
	}
	//! A connection for a read session: an idle one, or a new one
	std::unique_ptr<CatalogConnection> TakeConnection();
	//! Gives a read session's connection back (out of any transaction)
	void GiveConnection(std::unique_ptr<CatalogConnection> idle);
	duckdb::DatabaseInstance &Database() {
		return database;
	}
	//! Column bounds of inlined tables computed by read sessions, by table, column and latest snapshot
	bool CachedBounds(const std::string &key, CatalogRows &bounds);
	void CacheBounds(const std::string &key, const CatalogRows &bounds);
	//! Decoded live rows of inlined tables that scans read (read sessions share them)
	InlinedRowsCache &RowsCache() {
		return rows_cache;
	}
	//! Table stats and inlined tables as this store's last commit left them (under `lock`): valid while the
	//! catalog's latest snapshot is still `snapshot_id`, since every change of them is a commit that adds a
	//! snapshot (spec); -1: nothing known. Saves a small commit the reads of its table's stats (SQLite).
	struct StatsAfterCommit {
		int64_t snapshot_id = -1;
		std::map<int64_t, TableStatsRecord> stats;
		std::map<int64_t, std::vector<InlinedTableRecord>> inlined_tables;
	};
	StatsAfterCommit stats_after_commit;
	//! KnownTableStats, by table (under `lock`); only their column statistics rows and next_row_id's being 0 or
	//! not are used
	std::map<int64_t, TableStatsRecord> known_table_stats;

private:
	//! Runs `read` in one read transaction on the store's connection, under `lock`.
	template <class RESULT, class F>
	RESULT InReadTransaction(F read);

	duckdb::DatabaseInstance &database;
	std::unique_ptr<CatalogConnection> connection;
	SqlStoreConfig config;
	//! Guards bounds_cache
	std::mutex cache_lock;
	std::map<std::string, CatalogRows> bounds_cache;
	InlinedRowsCache rows_cache;
	std::mutex idle_lock;
	std::vector<std::unique_ptr<CatalogConnection>> idle_connections;
	//! TryCommitInlinedInserts' statement texts by InlinedInsertShape (under `lock`; parameters left empty)
	std::map<std::string, CatalogStatement> inlined_insert_texts;
};

} // namespace inlake

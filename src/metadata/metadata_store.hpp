//===----------------------------------------------------------------------===//
// MetadataStore: the only way the lake reads and writes its catalog database.
//
// One interface, one backend per database (DuckDB file today; SQLite and
// PostgreSQL behind the same calls). Reads run against committed catalog
// state; every write goes through a MetadataWriteTxn, one catalog-database
// transaction per lake commit: the commit logic reads the latest snapshot
// inside it, checks for conflicting writers, stages its rows and commits, or
// rolls back leaving the catalog as it was.
//===----------------------------------------------------------------------===//
#pragma once

#include "common/column_filter.hpp"
#include "common/row_stream.hpp"
#include "metadata/expiry_records.hpp"
#include "metadata/inlined_insert_commit.hpp"
#include "metadata/metadata_records.hpp"
#include "metadata/sql/catalog_connection.hpp"

#include "duckdb/common/optional_idx.hpp"
#include "duckdb/storage/statistics/base_statistics.hpp"
#include "duckdb/common/types/column/column_data_collection.hpp"
#include "duckdb/function/copy_function.hpp"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace inlake {

//! How long a commit waits for the catalog database's write lock when another writer keeps it busy past the
//! connection's own busy timeout (settings ducklake_max_retry_count, ducklake_retry_wait_ms,
//! ducklake_retry_backoff): it tries again up to `max_retries` times, waiting `wait_ms` and then `backoff` times
//! longer each time. Nothing is rewritten: the commit has not begun.
struct WriteRetryPolicy {
	int64_t max_retries = 10;
	double wait_ms = 100;
	double backoff = 1.5;
};

struct StoreInitOptions {
	std::string format_version = "1.0";
	std::string data_path;
	std::string created_by;
	//! The uuid of schema main, which is the lake's id (LakeMetadata::lake_id)
	std::string lake_id;
	//! Recorded as ducklake_metadata's encrypted
	bool encrypted = false;
};

class MetadataWriteTxn {
public:
	virtual ~MetadataWriteTxn() = default;

	virtual SnapshotRecord GetLatestSnapshot() = 0;
	virtual std::vector<SnapshotChangesRecord> GetChangesAfter(int64_t snapshot_id) = 0;
	virtual TableStatsRecord GetTableStats(int64_t table_id) = 0;
	//! Whether a live table or view of the schema, other than those in `tables` / `views`, has the name
	//! (case-insensitive)
	virtual bool NameInUse(int64_t schema_id, const std::string &name, const std::vector<int64_t> &tables,
	                       const std::vector<int64_t> &views) = 0;

	virtual void InsertSnapshot(const SnapshotRecord &snapshot, const SnapshotChangesRecord &changes) = 0;
	virtual void InsertSchema(const SchemaRecord &schema, int64_t begin_snapshot) = 0;
	virtual void EndSchema(int64_t schema_id, int64_t end_snapshot) = 0;
	virtual void InsertTable(const TableRecord &table, int64_t begin_snapshot) = 0;
	virtual void EndTable(int64_t table_id, int64_t end_snapshot) = 0;
	//! The view row and its comment
	virtual void InsertView(const ViewRecord &view, int64_t begin_snapshot) = 0;
	virtual void EndView(int64_t view_id, int64_t end_snapshot) = 0;
	//! The macro rows (ducklake_macro, ducklake_macro_impl, ducklake_macro_parameters)
	virtual void InsertMacro(const MacroRecord &macro, int64_t begin_snapshot) = 0;
	virtual void EndMacro(int64_t macro_id, int64_t end_snapshot) = 0;
	virtual void InsertDataFile(const DataFileRecord &file) = 0;
	//! A ducklake_column_mapping row (type map_by_name) and its ducklake_name_mapping rows.
	virtual void InsertNameMapping(const NameMapping &mapping) = 0;
	//! The table's live data files whose stored path is one of `paths` (compared as text; path, path_is_relative
	//! and data_file_id filled in).
	virtual std::vector<DataFileRecord> FindLiveDataFilesByPath(int64_t table_id,
	                                                            const std::vector<std::string> &paths) = 0;
	virtual void EndDataFilesOfTable(int64_t table_id, int64_t end_snapshot) = 0;
	//! Ends these data files (a rewrite replaced them; snapshots before `end_snapshot` still read them).
	virtual void EndDataFiles(int64_t table_id, const std::vector<int64_t> &data_file_ids, int64_t end_snapshot) = 0;
	virtual void WriteTableStats(const TableStatsRecord &stats, bool exists) = 0;
	virtual void RecordSchemaVersion(int64_t begin_snapshot, int64_t schema_version, int64_t table_id) = 0;
	//! Ends the table's sort order (if any) and, when `sort_keys` is not empty, records the new one.
	virtual void WriteSortOrder(int64_t table_id, int64_t sort_id, const std::vector<TableRecord::SortKey> &sort_keys,
	                            int64_t snapshot_id) = 0;
	//! Ends the table's partition spec (if any) and, when `spec` has keys, records it (its partition_id a
	//! catalog id). `superseded`: the spec only names files of this commit, which replaced it by another before
	//! committing: it is recorded as begun and ended at `snapshot_id`, and the current spec stays.
	virtual void WritePartitionSpec(int64_t table_id, const PartitionSpec &spec, int64_t snapshot_id,
	                                bool superseded = false) = 0;

	//! Inlined insert tables of one table (all schema versions).
	virtual std::vector<InlinedTableRecord> GetInlinedTables(int64_t table_id) = 0;
	//! Creates and registers ducklake_inlined_data_<table_id>_<schema_version>.
	virtual void CreateInlinedTable(const InlinedTableRecord &table, const std::vector<LakeColumn> &columns,
	                                const InlinedColumnNames &names) = 0;
	//! Appends rows: the chunk columns are row id, begin snapshot, end snapshot, then the table's columns.
	virtual void AppendInlinedRows(const std::string &inlined_table, duckdb::ColumnDataCollection &rows) = 0;
	//! Sets the end snapshot of the inlined rows with these row ids that were live at snapshot `visible_at`
	//! and still are (a row id names every version of a row an UPDATE rewrote); returns how many were ended.
	virtual int64_t EndInlinedRows(const std::string &inlined_table, const InlinedColumnNames &names,
	                               const std::vector<int64_t> &row_ids, int64_t end_snapshot,
	                               int64_t visible_at) = 0;
	//! Registers a delete file, ending the data file's previous delete file (if any).
	virtual void InsertDeleteFile(const DeleteFileRecord &file) = 0;
	//! Whether the data file's deletions changed after `snapshot_id` (a newer delete file or inlined deletion).
	virtual bool DeletesChangedSince(int64_t table_id, int64_t data_file_id, int64_t snapshot_id,
	                                 bool include_inlined = true) = 0;
	//! DeletesChangedSince (inlined deletions included) for many data files at once: whether any changed. A
	//! delete file with an id of at least `first_new_file_id` (the snapshot's next_file_id) was written after the
	//! snapshot even when all its deletions are older (a flush of inlined deletions), and counts as a change.
	virtual bool AnyDeletesChangedSince(int64_t table_id, const std::vector<int64_t> &data_file_ids,
	                                    int64_t snapshot_id, int64_t first_new_file_id) = 0;
	//! Row-id ranges of the table's live (not ended) data files.
	virtual std::vector<DataFileRecord> GetLiveDataFiles(int64_t table_id) = 0;
	//! Inlined deletions already recorded for these positions (to detect concurrent deletes).
	virtual std::vector<InlinedDeleteRecord> FindInlinedDeletes(int64_t table_id,
	                                                            const std::vector<InlinedDeleteRecord> &positions) = 0;
	//! Records deletions of data-file positions in ducklake_inlined_delete_<table_id> (created when missing).
	virtual void AppendInlinedDeletes(int64_t table_id, const std::vector<InlinedDeleteRecord> &deletes,
	                                  int64_t snapshot_id) = 0;
	//! Flush support: how many rows of the inlined table were inserted or ended after `snapshot_id`
	//! among those inserted at or before it (a concurrent delete the flush did not see).
	virtual int64_t CountInlinedRowsEndedAfter(const std::string &inlined_table, const InlinedColumnNames &names,
	                                           int64_t snapshot_id) = 0;
	//! Flush support: removes the rows inserted at or before `snapshot_id` (they now live in Parquet).
	virtual void DeleteInlinedRowsUpTo(const std::string &inlined_table, const InlinedColumnNames &names,
	                                   int64_t snapshot_id) = 0;
	//! Flush support: removes a data file's inlined deletions made at or before `snapshot_id`.
	virtual void DeleteInlinedDeletesUpTo(int64_t table_id, int64_t data_file_id, int64_t snapshot_id) = 0;
	//! Drops an inlined data table and its registration (emptied by a flush, superseded schema version).
	virtual void DropInlinedTable(const InlinedTableRecord &table) = 0;
	//! Writes (value given) or removes (value absent) one persisted option row.
	virtual void WriteOption(const OptionRecord &option, bool remove) = 0;

	//! Makes every staged change durable in one catalog transaction.
	virtual void Commit() = 0;
	//! Discards everything staged (also done by the destructor when not committed).
	virtual void Rollback() = 0;

	// --- snapshot expiry and file cleanup (maintenance/snapshot_expiry, file_cleanup) ---
	//! Every snapshot, oldest first.
	virtual std::vector<SnapshotRecord> GetAllSnapshots() = 0;
	//! Removes these snapshots and their ducklake_snapshot_changes rows (run immediately).
	virtual void DeleteSnapshots(const std::vector<int64_t> &snapshot_ids) = 0;
	//! Data files with an end snapshot that no remaining snapshot falls in [begin, end) of.
	virtual std::vector<FileLocationRecord> FindUnreachableDataFiles() = 0;
	//! Delete files no remaining snapshot can read, and every delete file of an unreachable data file.
	virtual std::vector<FileLocationRecord> FindUnreachableDeleteFiles() = 0;
	//! Adds rows to ducklake_files_scheduled_for_deletion with schedule_start = now().
	virtual void ScheduleFilesForDeletion(const std::vector<ScheduledFileRecord> &files) = 0;
	//! Removes data file rows with their column stats, partition values and inlined deletions.
	virtual void RemoveDataFiles(const std::vector<int64_t> &data_file_ids) = 0;
	virtual void RemoveDeleteFiles(const std::vector<int64_t> &delete_file_ids) = 0;
	//! Removes schema, table, view, column, tag, partition, sort and macro rows no remaining snapshot can read.
	virtual void RemoveUnreachableCatalogRows() = 0;
	//! Removes the ended inlined rows no remaining snapshot can read; returns how many.
	virtual int64_t RemoveUnreachableInlinedRows(const std::string &inlined_table, const InlinedColumnNames &names) = 0;
	//! Every registered inlined insert table of every table.
	virtual std::vector<InlinedTableRecord> GetAllInlinedTables() = 0;
	//! Ids of tables that left rows behind (inlined tables, stats) but have no ducklake_table row any more.
	virtual std::vector<int64_t> FindRemovedTables() = 0;
	//! Drops a removed table's inlined deletion table and its table and column stats rows.
	virtual void RemoveTableLeftovers(int64_t table_id) = 0;
	//! Files scheduled for deletion before `before` (all of them when `all`).
	virtual std::vector<ScheduledFileRecord> GetScheduledFiles(bool all, duckdb::timestamp_tz_t before) = 0;
	//! Removes these rows of ducklake_files_scheduled_for_deletion (matched by data_file_id and path).
	virtual void RemoveScheduledFiles(const std::vector<ScheduledFileRecord> &files) = 0;
};

//! The name of the storage-order column of InlinedRowsRelation parts.
constexpr const char *kStoragePositionColumn = "_inlake_storage_position";

//! The rows of a table's inlined tables inserted at or before a snapshot, live or deleted, held readable in
//! DuckDB for as long as the object lives, all belonging to one catalog state: what a flush writes to Parquet
//! (maintenance/inlined_rows_copy does the COPY).
class InlinedRowsRelation {
public:
	virtual ~InlinedRowsRelation() = default;
	//! A connection to the DuckDB database that holds the rows (the DuckDB catalog file itself, or a temporary
	//! table of the decoded rows): Parts() run on it, and any query over them (COPY, read_parquet).
	virtual CatalogConnection &Connection() = 0;
	//! SELECTs of the rows, one per stored part (one per inlined table, or one for all): the table's current
	//! columns (under their current names and types), then the row id, begin and end snapshot columns under the
	//! format's names, then kStoragePositionColumn, which increases in the order the rows were stored.
	virtual const std::vector<std::string> &Parts() = 0;
};

//! A consistent view for one scan: the inlined rows it reads later belong to the same catalog state as the
//! data files listed when the session was opened, even if a flush commits in between.
class InlinedReadSession {
public:
	virtual ~InlinedReadSession() = default;
	//! Live rows of an inlined table at a snapshot: the source's columns, then row id and begin snapshot.
	//! The stream keeps the session alive.
	virtual std::unique_ptr<RowStream> ScanInlinedRows(const InlinedSource &source, const InlinedColumnNames &names,
	                                                   int64_t snapshot_id, const InlinedRowFilter &filter) = 0;
	//! Bounds (min, max, whether NULL occurs) of every value the inlined table holds in one of the source's
	//! columns, live or not, as the current column's type; nullptr when unknown.
	virtual duckdb::unique_ptr<duckdb::BaseStatistics> ColumnStatistics(const InlinedSource &source,
	                                                                    duckdb::idx_t column) = 0;
};

//! One table of the catalog database as it stores it (see MetadataStore::ReadCatalogTable).
struct CatalogTableRows {
	std::vector<std::string> names;
	std::vector<duckdb::LogicalType> types;
	std::vector<std::vector<duckdb::Value>> rows;
};

class MetadataStore {
public:
	virtual ~MetadataStore() = default;

	//! Where a new lake's data files go when ATTACH gives no DATA_PATH (empty: DATA_PATH is needed).
	virtual std::string DefaultDataPath() = 0;
	//! The catalog database as messages and duckdb_databases() show it: never a password.
	virtual std::string DisplayName() const = 0;
	//! Whether other processes may write the catalog while this one has it open (then nothing read earlier,
	//! such as the persisted options, may be trusted without checking the latest snapshot).
	virtual bool SharedWithOtherProcesses() const {
		return false;
	}
	//! Whether the catalog's text columns may hold a NUL character (PostgreSQL's text cannot).
	virtual bool StoresNulInText() const {
		return true;
	}
	//! How many columns an inlined data table may have, its row id and snapshot columns included.
	virtual size_t MaxInlinedTableColumns() {
		return SIZE_MAX;
	}
	//! One lake is done with the store (DETACH); the database closes with the last of them. `abandon`: the
	//! ATTACH failed, so what opening the store created (a new catalog database file) is removed as well.
	virtual void Close(bool abandon) = 0;

	//! True when the catalog database already holds a lake.
	virtual bool IsInitialized() = 0;
	//! Empty when a new lake may be created in the catalog database (in the lake's schema); otherwise why not, as a
	//! phrase that follows the catalog's name. A SQLite or DuckDB file: only when it holds no table at all. A
	//! PostgreSQL schema: when it holds no table named ducklake_* (other tables are the database's own, untouched).
	virtual std::string WhyNoLakeCanBeCreated() = 0;
	//! Creates the catalog tables with snapshot 0 and schema main.
	virtual void Initialize(const StoreInitOptions &options) = 0;
	virtual LakeMetadata LoadMetadata() = 0;
	//! Upgrades a catalog of an older format (0.1-0.3) to format 1.0 in one catalog write transaction (see
	//! CatalogMigration; `files_with_row_ids`: the data files that embed their rows' ids, which the catalog does
	//! not record); on any failure nothing has changed.
	virtual void MigrateCatalog(const std::string &from_version, const std::vector<int64_t> &files_with_row_ids) = 0;
	//! A copy of the catalog, migrated as MigrateCatalog does, that lives in memory only: a READ_ONLY attach
	//! reads an older lake through it and the catalog database stays as it is. nullptr when the backend cannot
	//! make one.
	virtual std::shared_ptr<MetadataStore> MigratedCopy(const std::string &from_version,
	                                                    const std::vector<int64_t> &files_with_row_ids) {
		return nullptr;
	}
	//! The catalog tables of the format version that the catalog database lacks (a damaged catalog).
	virtual std::vector<std::string> MissingCatalogTables(const std::string &format_version) = 0;

	virtual SnapshotRecord GetLatestSnapshot() = 0;
	//! The snapshot with this id, or an invalid optional when it does not exist.
	virtual bool GetSnapshot(int64_t snapshot_id, SnapshotRecord &result) = 0;
	//! The latest snapshot at or before the timestamp: the latest of all for infinity, none for -infinity (the
	//! backends' FindSnapshotAtTime sees finite times only: they cannot be written as SQL timestamps).
	bool GetSnapshotAtTime(duckdb::timestamp_tz_t time, SnapshotRecord &result) {
		if (time == duckdb::timestamp_t::infinity()) {
			result = GetLatestSnapshot();
			return true;
		}
		return time != duckdb::timestamp_t::ninfinity() && FindSnapshotAtTime(time, result);
	}
	//! GetSnapshotAtTime for a finite time
	virtual bool FindSnapshotAtTime(duckdb::timestamp_tz_t time, SnapshotRecord &result) = 0;
	virtual std::vector<SnapshotListing> ListSnapshots() = 0;

	virtual CatalogContents LoadCatalog(int64_t snapshot_id) = 0;
	virtual std::vector<DataFileRecord> LoadDataFiles(int64_t table_id, int64_t snapshot_id) = 0;
	//! LoadDataFiles restricted in the catalog query itself to the files `filter` lets through (the others are
	//! never read from the catalog).
	virtual std::vector<DataFileRecord> LoadDataFilesMatching(int64_t table_id, int64_t snapshot_id,
	                                                          const PartitionListingFilter &filter) = 0;
	virtual TableStatsRecord LoadTableStats(int64_t table_id) = 0;
	//! The table's data files visible at the snapshot whose stored path is one of `paths` (compared as text;
	//! path, path_is_relative and data_file_id filled in): one query, whatever the table's size.
	virtual std::vector<DataFileRecord> FindDataFilesByPath(int64_t table_id, int64_t snapshot_id,
	                                                        const std::vector<std::string> &paths) = 0;

	virtual std::vector<InlinedTableRecord> LoadInlinedTables(int64_t table_id) = 0;
	//! The rows the inlined tables hold (a count per table; the DuckDB file keeps it, SQLite and PostgreSQL count
	//! them) and, with `with_bytes`, their estimated size (a scan of every value). An inlined table dropped
	//! meanwhile (by a flush) is an error. What the automatic flush after a commit measures.
	virtual InlinedBacklog MeasureInlinedRows(const std::vector<InlinedTableColumnNames> &tables, bool with_bytes) = 0;
	virtual std::vector<OptionRecord> LoadOptions() = 0;
	//! What a scan of a table starts from, read from one catalog state: the table's inlined tables, its data
	//! files at the snapshot (as LoadDataFiles) and, when it has inlined tables, a read session whose later
	//! inlined-row scans see that same state (else nullptr).
	struct TableReadStart {
		std::vector<InlinedTableRecord> inlined_tables;
		std::vector<DataFileRecord> files;
		std::shared_ptr<InlinedReadSession> session;
	};
	virtual TableReadStart BeginTableRead(int64_t table_id, int64_t snapshot_id) = 0;
	//! Streams every row of an inlined table inserted at or before `snapshot_id`, live or deleted: the table's
	//! columns, then row id, begin snapshot and end snapshot (NULL while live).
	//! Several sources (schema versions) are read as one; `order_by` (SQL over the current column names,
	//! e.g. a table's sort keys) orders the rows, otherwise they come in storage order.
	virtual void StreamInlinedRows(const std::vector<InlinedSource> &sources, const InlinedColumnNames &names,
	                               int64_t snapshot_id, const std::vector<std::string> &order_by,
	                               const std::function<void(duckdb::DataChunk &)> &callback) = 0;
	//! The rows StreamInlinedRows would stream, as a relation for the flush's parallel COPY.
	virtual std::unique_ptr<InlinedRowsRelation> OpenInlinedRows(const std::vector<InlinedSource> &sources,
	                                                             const InlinedColumnNames &names,
	                                                             int64_t snapshot_id) = 0;
	//! Where to read the catalog to see table `table_id` as it was at its schema version `schema_version` (the
	//! columns its inlined table of that version stores). The version lasts from the snapshot it began in to the
	//! table's next schema version: the latest snapshot of that range that still exists (`exists`), or, when all
	//! of them expired, the range's last snapshot id, whose rows of the table expiry keeps while an inlined table
	//! of the version exists (only `snapshot.snapshot_id` set; read it with LoadCatalog, not a cached catalog set).
	//! `found` is false when the catalog does not know the version.
	virtual TableVersionSnapshot FindTableVersionSnapshot(int64_t table_id, int64_t schema_version) = 0;
	//! Every delete file of a data file that began at or before `snapshot_id`, ended or not, oldest first
	//! (a flush recovers each position's deletion snapshot from them).
	virtual std::vector<DataFileRecord::DeleteFileRef> LoadDeleteFileHistory(int64_t data_file_id,
	                                                                        int64_t snapshot_id) = 0;
	//! Inlined deletions of a table made at or before `snapshot_id`, with their snapshots.
	virtual std::vector<InlinedDeleteEntry> LoadInlinedDeleteEntries(int64_t table_id, int64_t snapshot_id) = 0;

	//! What the change feed of the table over snapshots start..end reads besides the inlined rows (see
	//! TableChangeSources), from one catalog state.
	virtual TableChangeSources LoadChangeSources(int64_t table_id, int64_t start_snapshot, int64_t end_snapshot) = 0;

	//! Opens the catalog write transaction of one commit, waiting for other writers as `retry` allows.
	virtual std::unique_ptr<MetadataWriteTxn> BeginWrite(const WriteRetryPolicy &retry = WriteRetryPolicy()) = 0;
	//! Whether TryCommitInlinedInserts can ever commit (otherwise a commit need not describe itself for it).
	virtual bool CommitsInlinedInsertsInOneStep() {
		return false;
	}
	//! Commits `commit` in one step where the backend can (see InlinedInsertCommit): the new snapshot's id, or
	//! -1 when nothing was written (the backend cannot, a check failed, or it collided with another writer), and
	//! the caller commits the ordinary way.
	virtual int64_t TryCommitInlinedInserts(const InlinedInsertCommit &commit) {
		return -1;
	}
	//! The table's stats (column statistics rows, next row id) as this store last read or wrote them, for
	//! TryCommitInlinedInserts; false when not known. Once a table has had rows its bounds only widen or become
	//! unknown (TableStatsMerge), so values inside these bounds are inside the catalog's now.
	virtual bool KnownTableStats(int64_t table_id, TableStatsRecord &stats) {
		return false;
	}

	//! Every row of one table of the catalog database (a ducklake_* table, inlined data tables included), with
	//! its columns' names and types as the database declares them: the one way to look into a catalog that
	//! works on every backend (ducklake_catalog_table). Throws a CatalogException when there is no such table.
	virtual CatalogTableRows ReadCatalogTable(const std::string &table_name) = 0;

	// --- snapshot expiry and file cleanup ---
	//! Rows of ducklake_files_scheduled_for_deletion, oldest first (read-only listing).
	virtual std::vector<ScheduledFileRecord> ListScheduledFiles() = 0;
	//! Every data and delete file any row of the catalog names, ended ones included.
	virtual std::vector<FileLocationRecord> ListAllFiles() = 0;
};

} // namespace inlake

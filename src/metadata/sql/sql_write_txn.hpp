//===----------------------------------------------------------------------===//
// SqlWriteTxn: one lake commit (or expiry, or cleanup) as one write
// transaction on a SqlMetadataStore's catalog database.
//
// The store's lock (other threads of this process) and the database's write
// lock (other processes: CatalogConnection::BeginWrite) are both taken when
// it begins and held until Commit or Rollback, so the latest snapshot it
// reads is still the latest when it commits: the commit logic's conflict
// check cannot miss a concurrent commit, and snapshot ids cannot collide.
// Fixed-shape catalog rows go through CatalogWriteBatch and are written at
// Commit; everything later steps read back is written at once.
//===----------------------------------------------------------------------===//
#pragma once

#include <map>
#include <set>

#include "metadata/metadata_store.hpp"
#include "metadata/sql/catalog_write_batch.hpp"
#include "metadata/sql/sql_metadata_store.hpp"

#include <mutex>

namespace inlake {

class SqlWriteTxn : public MetadataWriteTxn {
public:
	SqlWriteTxn(SqlMetadataStore &store, const WriteRetryPolicy &retry);
	~SqlWriteTxn() override;

	SnapshotRecord GetLatestSnapshot() override;
	std::vector<SnapshotChangesRecord> GetChangesAfter(int64_t snapshot_id) override;
	TableStatsRecord GetTableStats(int64_t table_id) override;
	bool NameInUse(int64_t schema_id, const std::string &name, const std::vector<int64_t> &tables,
	               const std::vector<int64_t> &views) override;

	void InsertSnapshot(const SnapshotRecord &snapshot, const SnapshotChangesRecord &changes) override;
	void InsertSchema(const SchemaRecord &schema, int64_t begin_snapshot) override;
	void EndSchema(int64_t schema_id, int64_t end_snapshot) override;
	void InsertView(const ViewRecord &view, int64_t begin_snapshot) override;
	void EndView(int64_t view_id, int64_t end_snapshot) override;
	void InsertMacro(const MacroRecord &macro, int64_t begin_snapshot) override;
	void EndMacro(int64_t macro_id, int64_t end_snapshot) override;
	void InsertTable(const TableRecord &table, int64_t begin_snapshot) override;
	void EndTable(int64_t table_id, int64_t end_snapshot) override;
	void InsertDataFile(const DataFileRecord &file) override;
	void InsertNameMapping(const NameMapping &mapping) override;
	std::vector<DataFileRecord> FindLiveDataFilesByPath(int64_t table_id,
	                                                    const std::vector<std::string> &paths) override;
	void EndDataFilesOfTable(int64_t table_id, int64_t end_snapshot) override;
	void EndDataFiles(int64_t table_id, const std::vector<int64_t> &data_file_ids, int64_t end_snapshot) override;
	void WriteTableStats(const TableStatsRecord &stats, bool exists) override;
	void RecordSchemaVersion(int64_t begin_snapshot, int64_t schema_version, int64_t table_id) override;
	void WritePartitionSpec(int64_t table_id, const PartitionSpec &spec, int64_t snapshot_id,
	                        bool superseded) override;
	void WriteSortOrder(int64_t table_id, int64_t sort_id, const std::vector<TableRecord::SortKey> &sort_keys,
	                    int64_t snapshot_id) override;

	std::vector<InlinedTableRecord> GetInlinedTables(int64_t table_id) override;
	void CreateInlinedTable(const InlinedTableRecord &table, const std::vector<LakeColumn> &columns,
	                        const InlinedColumnNames &names) override;
	void AppendInlinedRows(const std::string &inlined_table, duckdb::ColumnDataCollection &rows) override;
	int64_t EndInlinedRows(const std::string &inlined_table, const InlinedColumnNames &names,
	                       const std::vector<int64_t> &row_ids, int64_t end_snapshot, int64_t visible_at) override;
	void InsertDeleteFile(const DeleteFileRecord &file) override;
	bool DeletesChangedSince(int64_t table_id, int64_t data_file_id, int64_t snapshot_id,
	                         bool include_inlined = true) override;
	bool AnyDeletesChangedSince(int64_t table_id, const std::vector<int64_t> &data_file_ids, int64_t snapshot_id,
	                            int64_t first_new_file_id) override;
	std::vector<DataFileRecord> GetLiveDataFiles(int64_t table_id) override;
	std::vector<InlinedDeleteRecord> FindInlinedDeletes(int64_t table_id,
	                                                    const std::vector<InlinedDeleteRecord> &positions) override;
	void AppendInlinedDeletes(int64_t table_id, const std::vector<InlinedDeleteRecord> &deletes,
	                          int64_t snapshot_id) override;
	int64_t CountInlinedRowsEndedAfter(const std::string &inlined_table, const InlinedColumnNames &names,
	                                   int64_t snapshot_id) override;
	void DeleteInlinedRowsUpTo(const std::string &inlined_table, const InlinedColumnNames &names,
	                           int64_t snapshot_id) override;
	void DeleteInlinedDeletesUpTo(int64_t table_id, int64_t data_file_id, int64_t snapshot_id) override;
	void DropInlinedTable(const InlinedTableRecord &table) override;
	void WriteOption(const OptionRecord &option, bool remove) override;

	void Commit() override;
	void Rollback() override;

	std::vector<SnapshotRecord> GetAllSnapshots() override;
	void DeleteSnapshots(const std::vector<int64_t> &snapshot_ids) override;
	std::vector<FileLocationRecord> FindUnreachableDataFiles() override;
	std::vector<FileLocationRecord> FindUnreachableDeleteFiles() override;
	void ScheduleFilesForDeletion(const std::vector<ScheduledFileRecord> &files) override;
	void RemoveDataFiles(const std::vector<int64_t> &data_file_ids) override;
	void RemoveDeleteFiles(const std::vector<int64_t> &delete_file_ids) override;
	void RemoveUnreachableCatalogRows() override;
	int64_t RemoveUnreachableInlinedRows(const std::string &inlined_table, const InlinedColumnNames &names) override;
	std::vector<InlinedTableRecord> GetAllInlinedTables() override;
	std::vector<int64_t> FindRemovedTables() override;
	void RemoveTableLeftovers(int64_t table_id) override;
	std::vector<ScheduledFileRecord> GetScheduledFiles(bool all, duckdb::timestamp_tz_t before) override;
	void RemoveScheduledFiles(const std::vector<ScheduledFileRecord> &files) override;

private:
	SqlMetadataStore &store;
	CatalogConnection &connection;
	std::unique_lock<OwnedMutex> guard;
	bool open = false;
	//! The latest snapshot, read as the transaction began (until GetLatestSnapshot takes it; kept after that: the
	//! store's stats_after_commit hold for this transaction when they are of its snapshot)
	SnapshotRecord latest;
	bool has_latest = false;
	//! Tables whose stats this transaction wrote
	std::set<int64_t> stats_written;
	//! What the store remembers of this transaction's stats once it has committed
	void RememberStatsAfterCommit();
	//! Inlined tables of the tables this transaction read them for (dropped when it changes them)
	std::map<int64_t, std::vector<InlinedTableRecord>> inlined_tables;
	//! The stats rows of tables as this transaction read them (GetTableStats) or last wrote them
	std::map<int64_t, TableStatsRecord> stats_read;
	CatalogWriteBatch batch;
};

} // namespace inlake

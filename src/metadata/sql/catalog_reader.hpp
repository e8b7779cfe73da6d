//===----------------------------------------------------------------------===//
// CatalogReader: the catalog reads every backend shares (metadata, snapshots,
// the schemas, tables and columns visible at a snapshot, a table's data files
// with their statistics and deletions), written once in the SQL the DuckDB,
// SQLite and PostgreSQL catalogs all speak; the few differences come from the
// connection's SqlDialect.
//
// It reads what the catalog holds now: caching is the store's business.
// Callers serialise their use of the connection.
//===----------------------------------------------------------------------===//
#pragma once

#include "metadata/metadata_records.hpp"
#include "metadata/sql/catalog_connection.hpp"
#include "metadata/sql/result_row.hpp"

#include <map>
#include <string>
#include <vector>

namespace inlake {

//! The snapshot in one row of "snapshot_id, snapshot_time, schema_version, next_catalog_id, next_file_id".
SnapshotRecord SnapshotFromRow(const CatalogRows &rows, duckdb::idx_t row);
//! The columns SnapshotFromRow reads, for a SELECT list.
extern const char *const kSnapshotColumns;
//! "begin_snapshot <= s AND (end_snapshot IS NULL OR end_snapshot > s)"
std::string VisibleAt(int64_t snapshot_id);
//! ducklake_inlined_delete_<table_id>
std::string InlinedDeleteTableName(int64_t table_id);
//! A data file's row_id_start (column `column` of `row`); a damaged catalog's NULL is an IO error naming the
//! file (read as 0, its rows would share ids with others: a delete would hit the wrong rows).
int64_t DataFileRowIdStart(const CatalogRows &rows, duckdb::idx_t row, duckdb::idx_t column, int64_t data_file_id,
                           const std::string &path);

class CatalogReader {
public:
	//! `prefix` qualifies the catalog tables' names (e.g. "\"db\".\"main\"."; empty on SQLite)
	CatalogReader(CatalogConnection &connection, std::string prefix)
	    : connection(connection), prefix(std::move(prefix)) {
	}

	LakeMetadata Metadata();
	//! The newest snapshot; an IO error when the catalog has none (a damaged catalog)
	SnapshotRecord LatestSnapshot();
	//! LatestSnapshot as a query and its reading (to send it together with other statements).
	std::string LatestSnapshotSql() const;
	static SnapshotRecord LatestSnapshotFrom(const CatalogRows &result);
	bool Snapshot(int64_t snapshot_id, SnapshotRecord &result);
	//! The newest snapshot taken at or before `time`
	bool SnapshotAtTime(duckdb::timestamp_tz_t time, SnapshotRecord &result);
	std::vector<SnapshotListing> Snapshots();
	//! Where to read table `table_id` as it was at its schema version `schema_version` (see
	//! MetadataStore::FindTableVersionSnapshot)
	TableVersionSnapshot TableVersion(int64_t table_id, int64_t schema_version);
	//! The schemas and tables (with columns, sort keys, largest column id) visible at `snapshot_id`
	CatalogContents Catalog(int64_t snapshot_id);
	//! The table's data files visible at `snapshot_id`, with column statistics, delete file and inlined deletions
	std::vector<DataFileRecord> DataFiles(int64_t table_id, int64_t snapshot_id,
	                                      const PartitionListingFilter *filter = nullptr);
	//! DataFiles in two steps, so that its first query can go in a pipeline with others: the query listing the
	//! files, then (given its rows) the rest, which reads the files' statistics and deletions if there are any
	std::string DataFilesSql(int64_t table_id, int64_t snapshot_id,
	                         const PartitionListingFilter *filter = nullptr) const;
	std::vector<DataFileRecord> DataFilesFrom(const CatalogRows &files, int64_t table_id, int64_t snapshot_id,
	                                          const PartitionListingFilter *filter = nullptr);
	//! " AND (...)": the condition of `filter` on the ducklake_data_file row `alias` ("" without a filter)
	std::string ListingFilterSql(int64_t table_id, const PartitionListingFilter *filter,
	                             const std::string &alias) const;

	// catalog_reader_tables.cpp: a table's changing state, as a commit, a flush or a scan consults it
	//! ducklake_snapshot_changes rows of snapshots after `snapshot_id`, oldest first
	std::vector<SnapshotChangesRecord> ChangesAfter(int64_t snapshot_id);
	//! The table's ducklake_table_stats and column stats rows (table_id -1: the table has no stats row)
	TableStatsRecord TableStats(int64_t table_id);
	//! Whether a live table or view of the schema, other than those in `tables` / `views`, has the name
	//! (case-insensitive)
	bool NameInUse(int64_t schema_id, const std::string &name, const std::vector<int64_t> &tables,
	               const std::vector<int64_t> &views);
	//! TableStats and InlinedTables of one table, read together.
	TableStatsRecord TableStatsAndInlinedTables(int64_t table_id, std::vector<InlinedTableRecord> &inlined_tables);
	//! The table's inlined insert tables, by schema version (all tables' when `table_id` is negative)
	std::vector<InlinedTableRecord> InlinedTables(int64_t table_id);
	//! InlinedTables as its query and the reading of that query's rows (for pipelines)
	std::string InlinedTablesSql(int64_t table_id) const;
	static std::vector<InlinedTableRecord> InlinedTablesFrom(const CatalogRows &rows);
	//! Persisted options (ducklake_metadata rows other than the lake's own keys)
	std::vector<OptionRecord> Options();
	//! Row-id ranges of the table's live (not ended) data files
	std::vector<DataFileRecord> LiveDataFiles(int64_t table_id);

	// catalog_reader_mappings.cpp: files added from outside (ducklake_add_data_files)
	//! Loads the name mapping of every file that has a mapping_id (one query for all of them).
	void AttachNameMappings(std::vector<DataFileRecord> &files);
	//! The table's data files visible at `snapshot_id` (-1: live, not ended) whose stored path is one of `paths`
	//! (data_file_id, path, path_is_relative filled in).
	std::vector<DataFileRecord> DataFilesWithPaths(int64_t table_id, int64_t snapshot_id,
	                                               const std::vector<std::string> &paths);
	//! Whether the data file's deletions changed after `snapshot_id` (see MetadataWriteTxn::DeletesChangedSince)
	bool DeletesChangedSince(int64_t table_id, int64_t data_file_id, int64_t snapshot_id, bool include_inlined);
	//! DeletesChangedSince (inlined deletions included) of any of the files, in one query per catalog table
	bool AnyDeletesChangedSince(int64_t table_id, const std::vector<int64_t> &data_file_ids, int64_t snapshot_id,
	                            int64_t first_new_file_id);
	//! Inlined deletions already recorded for these positions
	std::vector<InlinedDeleteRecord> FindInlinedDeletes(int64_t table_id,
	                                                    const std::vector<InlinedDeleteRecord> &positions);
	//! Every delete file of a data file that began at or before `snapshot_id`, oldest first
	std::vector<DataFileRecord::DeleteFileRef> DeleteFileHistory(int64_t data_file_id, int64_t snapshot_id);
	//! Inlined deletions of a table made at or before `snapshot_id`
	std::vector<InlinedDeleteEntry> InlinedDeleteEntries(int64_t table_id, int64_t snapshot_id);
	//! catalog_reader_history.cpp: what the change feed of snapshots start..end reads (see TableChangeSources)
	TableChangeSources ChangeSources(int64_t table_id, int64_t start_snapshot, int64_t end_snapshot);
	//! Rows of an inlined table inserted at or before `snapshot_id` and ended after it
	int64_t CountInlinedRowsEndedAfter(const std::string &inlined_table, const InlinedColumnNames &names,
	                                   int64_t snapshot_id);
	//! See MetadataStore::MeasureInlinedRows
	InlinedBacklog MeasureInlinedRows(const std::vector<InlinedTableColumnNames> &tables, bool with_bytes);

private:
	//! The ducklake_delete_file columns DeleteFileRefFrom reads, data_file_id first
	static constexpr const char *kDeleteFileRefColumns =
	    "data_file_id, delete_file_id, path, path_is_relative, delete_count, file_size_bytes, begin_snapshot, "
	    "partial_max, format, encryption_key";
	//! A row of kDeleteFileRefColumns
	static DataFileRecord::DeleteFileRef DeleteFileRefFrom(const ResultRow &r);
	void ReadViews(int64_t snapshot_id, CatalogContents &contents);
	void ReadMacros(int64_t snapshot_id, CatalogContents &contents);
	//! The comments (ducklake_tag / ducklake_column_tag key "comment") of the tables read
	void ReadComments(int64_t snapshot_id, CatalogContents &contents, const std::map<int64_t, size_t> &table_index);
	void AddInlinedDeletes(int64_t table_id, int64_t snapshot_id, std::vector<DataFileRecord> &files,
	                       const std::map<int64_t, size_t> &file_index);
	//! The key values of the partitioned files among `files` (visible at the snapshot), with their keys' columns
	//! and transforms
	//! `file_condition`: " AND ..." restricting the ducklake_data_file row `f` to the files listed ("" for all)
	void AddPartitionValues(int64_t table_id, int64_t snapshot_id, std::vector<DataFileRecord> &files,
	                        const std::map<int64_t, size_t> &file_index, const std::string &file_condition);

	CatalogConnection &connection;
	std::string prefix;
};

} // namespace inlake

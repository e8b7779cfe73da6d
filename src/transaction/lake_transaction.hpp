//===----------------------------------------------------------------------===//
// LakeTransaction: one DuckDB transaction on a lake.
//
// It reads one snapshot (the latest when the transaction first touches the
// lake, pinned from then on) and collects its own changes in LocalChanges.
// Lookups and scans see the snapshot plus those changes; nobody else sees the
// changes until Commit writes them as one new snapshot in one catalog
// transaction (see lake_commit.hpp). Rollback discards them and removes the
// data files the transaction wrote.
//
// The implementation is split by concern: lake_transaction.cpp (snapshot,
// commit, rollback), transaction_ddl.cpp, transaction_data.cpp,
// transaction_row_location.cpp, transaction_options.cpp and
// transaction_scan.cpp.
//===----------------------------------------------------------------------===//
#pragma once

#include "catalog/lake_catalog.hpp"
#include "read/lake_scan.hpp"
#include "transaction/local_changes.hpp"
#include "transaction/pending_row_ids.hpp"
#include "write/row_id_set.hpp"

#include "duckdb/transaction/transaction.hpp"

#include <functional>

namespace duckdb {
struct AlterInfo;
struct AlterTableInfo;
class BoundAtClause;
struct BoundCreateTableInfo;
struct CreateSchemaInfo;
} // namespace duckdb

namespace inlake {

class LakeTransaction : public duckdb::Transaction {
public:
	LakeTransaction(LakeCatalog &catalog, duckdb::TransactionManager &manager, duckdb::ClientContext &context);
	~LakeTransaction() override;

	static LakeTransaction &Get(duckdb::ClientContext &context, duckdb::Catalog &catalog);
	static LakeTransaction &Get(duckdb::CatalogTransaction transaction, duckdb::Catalog &catalog);

	LakeCatalog &GetCatalog() {
		return catalog;
	}
	//! Unique among the process's lake transactions (tells a prepared scan it runs in another transaction).
	uint64_t Serial() const {
		return serial;
	}
	//! The snapshot this transaction reads.
	const SnapshotRecord &Snapshot();
	//! The committed schemas and tables at Snapshot().
	LakeCatalogSet &CommittedSet();
	//! The snapshot an AT (VERSION => n | TIMESTAMP => t) clause names.
	SnapshotRecord ResolveAtClause(const duckdb::BoundAtClause &at_clause);
	//! The committed schemas and tables at another snapshot (time travel).
	LakeCatalogSet &CatalogSetAt(const SnapshotRecord &snapshot);

	// --- DDL ----------------------------------------------------------------
	duckdb::optional_ptr<LakeSchemaEntry> LookupSchema(const std::string &name);
	void ScanSchemas(const std::function<void(LakeSchemaEntry &)> &callback);
	LakeSchemaEntry &CreateSchema(duckdb::CreateSchemaInfo &info);
	void DropSchema(LakeSchemaEntry &schema, bool cascade);

	duckdb::optional_ptr<LakeTableEntry> LookupTable(LakeSchemaEntry &schema, const std::string &name);
	void ScanTables(LakeSchemaEntry &schema, const std::function<void(LakeTableEntry &)> &callback);
	LakeTableEntry &CreateTable(LakeSchemaEntry &schema, duckdb::BoundCreateTableInfo &info);
	void DropTable(LakeTableEntry &table);
	void AlterTable(LakeSchemaEntry &schema, duckdb::AlterInfo &info);

	// --- views (transaction_views.cpp) ---------------------------------------
	duckdb::optional_ptr<LakeViewEntry> LookupView(LakeSchemaEntry &schema, const std::string &name);
	void ScanViews(LakeSchemaEntry &schema, const std::function<void(LakeViewEntry &)> &callback);
	//! nullptr for CREATE VIEW IF NOT EXISTS of an existing view
	duckdb::optional_ptr<LakeViewEntry> CreateView(LakeSchemaEntry &schema, duckdb::CreateViewInfo &info);
	void DropView(LakeViewEntry &view);
	//! ALTER VIEW ... RENAME TO and COMMENT ON VIEW
	void AlterView(LakeSchemaEntry &schema, duckdb::AlterInfo &info);
	// --- macros (transaction_macros.cpp) -------------------------------------
	//! Scalar and table macros have a namespace each
	duckdb::optional_ptr<LakeMacro> LookupMacro(LakeSchemaEntry &schema, const std::string &name, bool table_macro);
	void ScanMacros(LakeSchemaEntry &schema, bool table_macros, const std::function<void(LakeMacro &)> &callback);
	//! nullptr for CREATE MACRO IF NOT EXISTS of an existing macro
	duckdb::optional_ptr<LakeMacro> CreateMacro(LakeSchemaEntry &schema, duckdb::CreateMacroInfo &info);
	void DropMacro(LakeMacro &macro);
	//! A clear error when a table or view of the schema has the name
	void CheckNameFree(LakeSchemaEntry &schema, const std::string &name, const char *what);
	//! The entry the transaction sees for a table id (altered, created or committed), or nullptr.
	duckdb::optional_ptr<LakeTableEntry> CurrentTable(int64_t table_id);

	// --- data ---------------------------------------------------------------
	//! The folder new data files of the table go to (ends with '/').
	std::string TableDataPath(LakeTableEntry &table);
	//! TableDataPath for writing a file there: refused unless the lake's data path is checked to be the lake's
	//! (LakeCatalog::CheckDataPathForFiles).
	std::string TableWritePath(LakeTableEntry &table);
	//! `embedded_row_ids`: the files carry each row's id (_ducklake_internal_row_id), kept from the rows an
	//! UPDATE rewrote; otherwise their rows get new row ids.
	void AppendFiles(LakeTableEntry &table, std::vector<WrittenDataFile> files, bool embedded_row_ids = false);
	//! Registers files ducklake_add_data_files checked (transaction_add_files.cpp): their rows get new row ids,
	//! the files are read through their name mappings, and the commit records them as they are (never copied).
	//! `added` is parallel to `files`.
	void AddExternalFiles(LakeTableEntry &table, std::vector<WrittenDataFile> files,
	                      std::vector<std::shared_ptr<const AddedFileInfo>> added);
	//! Of the table's files, those that may be among the files being added, as canonical paths (absolute,
	//! normalised, links resolved): the committed files at the transaction's snapshot the catalog records under
	//! one of `stored_paths` (the spellings it may have for those files; one catalog query), and every file the
	//! transaction added or wrote.
	std::set<std::string> KnownFilesOfTable(LakeTableEntry &table, const std::vector<std::string> &stored_paths);
	//! Rows (the table's columns) to inline at commit; with `rows_carry_ids`, one more trailing column holds
	//! the (committed) row id each row keeps, otherwise they get new row ids.
	void AppendInlinedRows(LakeTableEntry &table, duckdb::ColumnDataCollection &rows, bool rows_carry_ids = false);
	//! Records deleted rows by row id (committed or provisional).
	void DeleteRows(LakeTableEntry &table, const std::vector<int64_t> &row_ids);
	//! Records deleted rows by row id: first the committed data files whose every row `row_ids` names (files
	//! with no deletion yet, more rows than the inlining limit, row ids row_id_start + position) are ended at
	//! commit, counted from the set's bits without listing their ids; then DeleteRows with the rest. Empties
	//! `row_ids` of the ended files' ids.
	void DeleteRows(LakeTableEntry &table, RowIdSet &row_ids);

	//! How the table's current columns are read from one of its inlined tables (any schema version).
	InlinedSource InlinedSourceFor(LakeTableEntry &table, const InlinedTableRecord &inlined);
	//! The columns an inlined table of `table` stores (those of its schema version).
	std::vector<LakeColumn> InlinedTableColumns(LakeTableEntry &table, const InlinedTableRecord &inlined);
	//! Registers what a flush wrote (committed as one inline_flush snapshot).
	void AddFlush(TableFlush flush);
	//! The table's committed data files at the transaction's snapshot, sorted by row id (cached).
	const std::vector<DataFileRecord> &CommittedFiles(LakeTableEntry &table);

	// --- options ------------------------------------------------------------
	//! The persisted value of an option for the table: table, then schema, then global scope.
	bool FindOption(const std::string &key, LakeTableEntry *table, std::string &value);
	//! The effective data_inlining_row_limit for writes to the table.
	int64_t InliningRowLimit(LakeTableEntry &table);
	//! Whether deletes of `table` write Puffin deletion vectors: its write_deletion_vectors option (table, schema,
	//! lake), else the setting ducklake_write_deletion_vectors.
	bool WriteDeletionVectors(LakeTableEntry &table);
	//! How data files of the table are written: folder, columns, target file size (option target_file_size,
	//! else the ATTACH option) and row group size (option parquet_row_group_size, else small enough for
	//! the target size, since files can only be split between row groups).
	ParquetWriteOptions WriteOptionsFor(LakeTableEntry &table);
	void SetOption(OptionRecord option, bool remove);
	//! ducklake_set_commit_message: stored on the snapshot this transaction's commit creates (a later call
	//! replaces an earlier one; a transaction that changes nothing creates no snapshot to store them on)
	void SetCommitMessage(const SnapshotChangesRecord &message);
	//! The sources of the table at `snapshot_id` (-1: this transaction's view).
	std::shared_ptr<LakeScanSpec> BuildScanSpec(LakeTableEntry &table, int64_t snapshot_id);

	// --- end ----------------------------------------------------------------
	void Commit();
	void Rollback();
	void CheckWritable(const std::string &what);

	LocalChanges changes;

private:
	//! Throws when the lake requires a commit message (option require_commit_message) and the transaction, which
	//! would make a snapshot, has none (an empty or blank message counts as none)
	void CheckCommitMessage();
	void AddInlinedRowSets(LakeTableEntry &table, int64_t snapshot_id, LakeScanSpec &spec,
	                       const LocalTableChanges *table_changes, std::shared_ptr<InlinedReadSession> session,
	                       const std::vector<InlinedTableRecord> &inlined_tables);
	//! Drops the transaction's own inlined rows with these ids (and takes them from row_ids).
	void RemoveInlinedRows(LocalTableChanges &table_changes, PendingRowIds &row_ids);
	void ApplyLocalDeletes(const LocalTableChanges &table_changes, LakeScanSpec &spec);
	//! Adds the data and delete files the transaction wrote for a table to `paths` (never files it added from
	//! outside), for removal
	static void AddWrittenFiles(const LocalTableChanges &table_changes, std::vector<std::string> &paths);
	//! Whether a scan of the table lists its committed files only once its filters are known (a partitioned
	//! table without inlined rows); sets spec.partitioning when it does.
	bool DeferFileListing(LakeTableEntry &table, LakeScanSpec &spec);
	//! The scan's view of a committed data file at `read_snapshot` (its deletions applied).
	ScanDataFile CommittedScanFile(const DataFileRecord &file, const std::string &table_path, int64_t read_snapshot);
	//! Adds the transaction's own files, inlined rows and deletions of a table to its scan spec.
	std::shared_ptr<LakeScanSpec> AddLocalSources(LocalTableChanges &table_changes, std::shared_ptr<LakeScanSpec> spec);
	//! Every position of a committed data file deleted at the transaction's snapshot.
	std::vector<int64_t> CommittedDeletedPositions(const DataFileRecord &file, const std::string &table_path,
	                                               int64_t snapshot_id);
	//! Moves the deleted rows that live in committed data files (the version the transaction sees: a position
	//! not deleted yet) from `row_ids` to `found`, grouped by data file id.
	void LocateInCommittedFiles(LakeTableEntry &table, const LocalTableChanges &table_changes,
	                            PendingRowIds &row_ids, std::map<int64_t, std::vector<RowLocation>> &found,
	                            std::map<int64_t, std::vector<int64_t>> &found_ids);
	//! Moves the deleted rows that live in this transaction's own files with embedded row ids from `row_ids`
	//! to table_changes.own_file_deletes.
	void LocateInOwnRowIdFiles(LocalTableChanges &table_changes, PendingRowIds &row_ids);
	//! Every position of a data file the transaction has deleted so far (committed and its own deletions),
	//! ascending.
	std::vector<int64_t> DeletedPositionsSeen(LakeTableEntry &table, const LocalTableChanges &table_changes,
	                                          const DataFileRecord &file);
	//! Sends a statement's deletions of one data file to a delete file (more than the inlining limit).
	void WriteDeleteFile(LakeTableEntry &table, LocalTableChanges &table_changes, const DataFileRecord &file,
	                     const std::vector<int64_t> &new_positions);
	//! Rewrites the transaction's own inlined rows of a table to its new columns.
	void ReshapeInlinedRows(LocalTableChanges &table_changes, const std::vector<int64_t> &column_sources,
	                        const std::vector<LakeColumn> &old_columns, LakeTableEntry &table);
	std::string NewObjectPath(const std::string &name, const std::string &uuid);
	//! Resolves the type names of an ALTER's new column or type (user types such as JSON).
	void BindAlterTypes(duckdb::AlterTableInfo &alter);
	//! Turns the initial default of a column ADD COLUMN adds into a constant (refusing a default that fails).
	//! Throws unless every sort key of the table binds to its columns and evaluates.
	void CheckSortKeys(const TableRecord &record);
	void FixInitialDefault(LakeColumn &column, const std::string &table_name);
	bool IsTableDropped(int64_t table_id) const;

	LakeCatalog &catalog;
	uint64_t serial;
	duckdb::ClientContext &context;
	bool has_snapshot = false;
	//! The commit's catalog transaction succeeded (Rollback then keeps the files it names)
	bool catalog_committed = false;
	SnapshotRecord snapshot;
	std::shared_ptr<LakeCatalogSet> committed_set;
	//! Catalog sets of time-travel lookups, kept alive for the transaction
	std::vector<std::shared_ptr<LakeCatalogSet>> historical_sets;
	std::map<int64_t, std::vector<DataFileRecord>> committed_files;
};

//! How `columns` are read from an inlined table storing `stored_columns` (matched by column id; a column the
//! inlined table lacks reads its initial default).
InlinedSource InlinedSourceOf(const std::string &inlined_table, const std::vector<LakeColumn> &stored_columns,
                              const std::vector<LakeColumn> &columns);

//! The setting ducklake_default_data_inlining_row_limit (10 when unset); a value beyond the largest row count is
//! that count.
int64_t DefaultInliningRowLimitSetting(duckdb::ClientContext &context);

} // namespace inlake

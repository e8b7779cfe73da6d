//===----------------------------------------------------------------------===//
// LocalChanges: everything a lake transaction changed and has not committed.
//
// Objects created in the transaction get transaction-local ids at or above
// kLocalIdBase; the commit replaces them with catalog ids. Entries are never
// freed before the transaction ends (bound plans may still point at them):
// dropping a created table moves it to `discarded_tables`.
//===----------------------------------------------------------------------===//
#pragma once

#include "catalog/lake_macro.hpp"
#include "catalog/lake_schema_entry.hpp"
#include "catalog/lake_table_entry.hpp"
#include "metadata/expiry_records.hpp"
#include "metadata/metadata_records.hpp"
#include "write/parquet_file_writer.hpp"

#include "duckdb/common/types/column/column_data_collection.hpp"

#include <iterator>
#include <map>
#include <set>
#include <vector>

namespace inlake {

constexpr int64_t kLocalIdBase = int64_t(1) << 56;

inline bool IsLocalId(int64_t id) {
	return id >= kLocalIdBase;
}

//! Provisional row ids of rows inserted by the transaction start here; the
//! commit replaces them with ids from the table's row-id sequence.
constexpr int64_t kLocalRowIdBase = int64_t(1) << 60;

inline bool IsLocalRowId(int64_t row_id) {
	return row_id >= kLocalRowIdBase;
}

//! A delete file written by the transaction for one committed data file; or, when every row of the data file is
//! deleted, no file at all: the commit ends the data file instead (its end_snapshot; older snapshots still read it).
struct LocalDeleteFile {
	int64_t data_file_id = -1;
	//! The delete file written (path empty when the data file ends)
	WrittenDataFile file;
	//! Every row of the data file is deleted: the commit ends it instead of registering a delete file
	bool ends_data_file = false;
	//! The data file's size (the table's file_size_bytes drops by it when the file ends)
	int64_t data_file_size_bytes = 0;
	//! Every deleted position of the data file (earlier deletions included), sorted; not kept when the data file ends
	std::vector<int64_t> positions;
	//! Positions this transaction deleted (for the table's record count)
	int64_t newly_deleted = 0;
};

//! Where a deleted row lives: a position in a data file (committed: its data_file_id; written by this
//! transaction: its index in LocalTableChanges::new_files).
struct RowLocation {
	int64_t file = -1;
	int64_t position = -1;
};

//! A file ducklake_add_data_files registers: not written by the lake, which reads it through its name mapping and
//! never removes it (a rollback leaves it where it is).
struct AddedFileInfo {
	//! What ducklake_data_file.path records: relative to the table's folder when path_is_relative, else absolute
	std::string stored_path;
	bool path_is_relative = false;
	//! How its columns are the table's (shared by the files of one call that have the same columns); the
	//! commit gives it its mapping_id
	std::shared_ptr<const NameMapping> mapping;
};

struct LocalTableChanges {
	//! Parquet files written by this transaction's inserts (and files it added), in insert order
	std::vector<WrittenDataFile> new_files;
	//! Parallel to new_files: how an added file is registered (nullptr: a file the lake wrote)
	std::vector<std::shared_ptr<const AddedFileInfo>> new_file_added;
	//! Provisional first row id of each new file (parallel to new_files; for files with embedded row ids the
	//! smallest kept id, which is no provisional id)
	std::vector<int64_t> new_file_row_id_starts;
	//! Whether a new file carries each row's id in _ducklake_internal_row_id (rows an UPDATE rewrote keep the
	//! ids of the rows they replace), parallel to new_files
	std::vector<bool> new_file_has_row_ids;
	//! Rows to inline at commit: the table's columns, then the row id (provisional, or the committed id of
	//! the row an UPDATE replaced) and the snapshot id (NULL)
	std::shared_ptr<duckdb::ColumnDataCollection> inlined_rows;
	//! Rows inserted so far with new row ids; the next provisional row id is kLocalRowIdBase + this
	int64_t new_row_count = 0;
	//! Deleted rows that are committed inlined rows, or rows of this transaction's own files with provisional
	//! ids (row ids); their deletions are recorded at commit
	std::set<int64_t> deleted_row_ids;
	//! Deletions written as delete files, by data file id
	std::map<int64_t, LocalDeleteFile> delete_files;
	//! Deleted rows of committed data files whose deletions are inlined at commit: row id -> location
	std::map<int64_t, RowLocation> file_deletes;
	//! Deleted rows of this transaction's own files with embedded row ids: (index in new_files, position)
	std::set<std::pair<int64_t, int64_t>> own_file_deletes;

	bool HasInsertedRows() const {
		return !new_files.empty() || (inlined_rows && inlined_rows->Count() > 0);
	}
	//! The transaction deletes every row of this committed data file: the commit ends it
	bool EndsDataFile(int64_t data_file_id) const {
		auto local = delete_files.find(data_file_id);
		return local != delete_files.end() && local->second.ends_data_file;
	}
	//! Parallel to new_files: the transaction deleted every row of its own file again (an INSERT then a DELETE, two
	//! UPDATEs of the same rows); the commit does not register it and it is removed once committed. Added files
	//! never count (they are not the lake's to remove).
	std::vector<bool> EmptiedNewFiles() const {
		std::vector<int64_t> deleted(new_files.size(), 0);
		for (auto &location : own_file_deletes) {
			deleted[size_t(location.first)]++;
		}
		std::vector<bool> emptied(new_files.size(), false);
		for (size_t i = 0; i < new_files.size(); i++) {
			if (!new_file_has_row_ids[i]) {
				auto start = new_file_row_id_starts[i];
				deleted[i] += int64_t(std::distance(deleted_row_ids.lower_bound(start),
				                                    deleted_row_ids.lower_bound(start + new_files[i].record_count)));
			}
			bool added = i < new_file_added.size() && new_file_added[i];
			emptied[i] = !added && new_files[i].record_count > 0 && deleted[i] == new_files[i].record_count;
		}
		return emptied;
	}
	bool HasDeletes() const {
		return !deleted_row_ids.empty() || !delete_files.empty() || !file_deletes.empty() ||
		       !own_file_deletes.empty();
	}
};

//! A data file written by a flush, with the spans of the rows it holds.
struct FlushedDataFile {
	WrittenDataFile file;
	int64_t min_row_id = 0;
	int64_t min_snapshot = 0;
	int64_t max_snapshot = 0;
	//! Whether the file carries the hidden row id and snapshot columns (a partial file). Without them it is a
	//! plain data file: one snapshot (its begin snapshot) and row ids min_row_id + position.
	bool embedded_row_ids = true;
	//! Rows that were deleted while inlined: a partial delete file (delete_count 0: none), and their positions
	WrittenDataFile delete_file;
	std::vector<int64_t> deleted_positions;
	//! The catalog id the commit gives the file
	int64_t data_file_id = -1;
	int64_t delete_count = 0;
	int64_t min_delete_snapshot = 0;
	int64_t max_delete_snapshot = 0;
};

//! The inlined deletions of one data file, flushed into a partial delete file.
struct FlushedDeletes {
	int64_t data_file_id = -1;
	WrittenDataFile delete_file;
	int64_t delete_count = 0;
	int64_t min_snapshot = 0;
	int64_t max_snapshot = 0;
};

//! The paths of written data files and of their partial delete files.
inline std::vector<std::string> WrittenDataFilePaths(const std::vector<FlushedDataFile> &files) {
	std::vector<std::string> paths;
	for (auto &file : files) {
		paths.push_back(file.file.path);
		if (file.delete_count > 0) {
			paths.push_back(file.delete_file.path);
		}
	}
	return paths;
}

//! What ducklake_flush_inlined_data wrote for one table; registered at commit.
struct TableFlush {
	int64_t table_id = -1;
	//! Inlined tables whose rows (inserted at or before the transaction's snapshot) were flushed
	std::vector<std::string> inlined_tables;
	//! Inlined tables of superseded schema versions: emptied by the flush, dropped at commit
	std::vector<InlinedTableRecord> superseded_tables;
	std::vector<FlushedDataFile> files;
	std::vector<FlushedDeletes> deletes;
	int64_t rows_flushed = 0;
	//! The flush writes its delete files as Puffin deletion vectors instead of Parquet
	bool deletion_vectors = false;

	//! Every file the flush wrote (data files, their partial delete files, merged delete files).
	std::vector<std::string> WrittenPaths() const {
		auto paths = WrittenDataFilePaths(files);
		for (auto &merged : deletes) {
			paths.push_back(merged.delete_file.path);
		}
		return paths;
	}
};

//! What ducklake_merge_adjacent_files or ducklake_rewrite_data_files wrote for one table; registered at commit
//! (maintenance/table_compaction.hpp, transaction/compaction_commit.hpp).
struct TableCompaction {
	int64_t table_id = -1;
	//! Merge: the replaced files leave the catalog (the new files serve every snapshot they served). Rewrite:
	//! they end at the commit's snapshot and the new files begin there (older snapshots read the old files).
	bool replaced_files_removed = true;
	//! The committed data files replaced, as the transaction saw them
	std::vector<DataFileRecord> replaced_files;
	//! Every delete file of the replaced files (ended ones included), removed with them on a merge
	std::vector<DataFileRecord::DeleteFileRef> replaced_delete_files;
	//! The replaced data and delete files, scheduled for deletion when a merge commits
	std::vector<ScheduledFileRecord> scheduled_files;
	//! The files written, with their partial delete files (rows that were deleted and are carried)
	std::vector<FlushedDataFile> files;
	//! next_file_id of the transaction's snapshot: a delete file of a replaced file with a larger id was written
	//! after the compaction read the file's deletions
	int64_t base_next_file_id = 0;

	std::vector<std::string> WrittenPaths() const {
		return WrittenDataFilePaths(files);
	}
};

//! Moves `entry` from `created` to `discarded` (kept alive to the transaction's end); false when the
//! transaction did not create it.
template <class ENTRY>
bool DiscardCreated(std::vector<duckdb::unique_ptr<ENTRY>> &created, std::vector<duckdb::unique_ptr<ENTRY>> &discarded,
                    ENTRY &entry) {
	for (size_t i = 0; i < created.size(); i++) {
		if (created[i].get() == &entry) {
			discarded.push_back(std::move(created[i]));
			created.erase(created.begin() + i);
			return true;
		}
	}
	return false;
}

//! Puts `replacement` where `entry` is: in `created` when the transaction created it (returns true), else as
//! the latest version of the committed object `id` in `altered`. The entry replaced goes to `discarded`.
template <class ENTRY>
bool ReplaceLocalEntry(std::vector<duckdb::unique_ptr<ENTRY>> &created,
                       std::map<int64_t, duckdb::unique_ptr<ENTRY>> &altered,
                       std::vector<duckdb::unique_ptr<ENTRY>> &discarded, ENTRY &entry, int64_t id,
                       duckdb::unique_ptr<ENTRY> replacement) {
	for (auto &slot : created) {
		if (slot.get() == &entry) {
			discarded.push_back(std::move(slot));
			slot = std::move(replacement);
			return true;
		}
	}
	auto previous = altered.find(id);
	if (previous != altered.end()) {
		discarded.push_back(std::move(previous->second));
	}
	altered[id] = std::move(replacement);
	return false;
}

//! A set_option / reset of a persisted option, written at commit.
struct OptionChange {
	OptionRecord option; // scope_id may be a transaction-local id
	bool remove = false;
};

struct LocalChanges {
	std::vector<duckdb::unique_ptr<LakeSchemaEntry>> created_schemas;
	std::set<int64_t> dropped_schema_ids;
	//! Tables created in this transaction, in creation order
	std::vector<duckdb::unique_ptr<LakeTableEntry>> created_tables;
	std::vector<duckdb::unique_ptr<LakeTableEntry>> discarded_tables;
	std::set<int64_t> dropped_table_ids;
	//! Committed tables altered by this transaction: their latest entry, by table id
	std::map<int64_t, duckdb::unique_ptr<LakeTableEntry>> altered_tables;
	//! Committed tables whose columns changed (new schema version for the table)
	std::set<int64_t> column_altered_tables;
	//! Committed tables whose sort order changed
	std::set<int64_t> sort_altered_tables;
	//! Committed tables whose partition spec changed
	std::set<int64_t> partition_altered_tables;
	//! Partition specs (local ids) a later ALTER of the same transaction replaced, by table id: files the
	//! transaction wrote may name them, so the commit records them too (begun and ended at its snapshot)
	std::map<int64_t, std::vector<PartitionSpec>> superseded_partition_specs;
	std::map<int64_t, LocalTableChanges> table_changes;
	//! Views created (local ids), dropped, and committed views renamed or commented (their latest entry)
	std::vector<duckdb::unique_ptr<LakeViewEntry>> created_views;
	std::vector<duckdb::unique_ptr<LakeViewEntry>> discarded_views;
	std::set<int64_t> dropped_view_ids;
	std::map<int64_t, duckdb::unique_ptr<LakeViewEntry>> altered_views;
	//! Macros created (local ids) and committed macros dropped (CREATE OR REPLACE drops the old one)
	std::vector<duckdb::unique_ptr<LakeMacro>> created_macros;
	std::vector<duckdb::unique_ptr<LakeMacro>> discarded_macros;
	//! Dropped committed macros: whether each is a table macro
	std::map<int64_t, bool> dropped_macro_ids;
	std::vector<OptionChange> option_changes;
	std::vector<TableFlush> flushes;
	std::vector<TableCompaction> compactions;
	//! ducklake_set_commit_message: author, message and extra info for the snapshot this transaction creates
	//! (its snapshot_id and changes_made unused); no change of its own
	SnapshotChangesRecord commit_message;
	int64_t next_local_id = kLocalIdBase;
	//! Bumped by every change to the catalog (DDL, options), so prepared statements re-bind
	//! (see LakeCatalog::GetCatalogVersion)
	int64_t version = 0;

	bool Empty() const {
		return !HasSnapshotChanges() && option_changes.empty();
	}
	//! Whether committing creates a snapshot (option changes alone do not)
	bool HasSnapshotChanges() const {
		return created_schemas.size() || dropped_schema_ids.size() || created_tables.size() ||
		       dropped_table_ids.size() || table_changes.size() || flushes.size() || compactions.size() ||
		       altered_tables.size() ||
		       HasViewChanges() || HasMacroChanges();
	}
	//! Changes a user's statements made (not the maintenance's: flushes, compactions)
	bool HasUserChanges() const {
		return HasSchemaChanges() || !table_changes.empty();
	}
	bool HasSchemaChanges() const {
		return !created_schemas.empty() || !dropped_schema_ids.empty() || !created_tables.empty() ||
		       !dropped_table_ids.empty() || !altered_tables.empty() || HasViewChanges() || HasMacroChanges();
	}
	bool HasMacroChanges() const {
		return !created_macros.empty() || !dropped_macro_ids.empty();
	}
	bool HasViewChanges() const {
		return !created_views.empty() || !dropped_view_ids.empty() || !altered_views.empty();
	}
};

} // namespace inlake

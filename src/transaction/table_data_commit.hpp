//===----------------------------------------------------------------------===//
// TableDataCommit: writes one table's data changes of a lake commit: new
// Parquet files, inlined rows, and deletions, with the table's statistics.
//
// Row ids: the transaction's rows carry provisional ids (kLocalRowIdBase +
// n); here they become next_row_id + n, so files and inlined rows keep the
// order they were inserted in; committed ids (the new versions of rows an
// UPDATE rewrote) stay. Deletions were located when they were made (see
// LakeTransaction::DeleteRows): inlined rows get their end snapshot here,
// data-file positions go to the inlined deletion table; a row that another
// transaction deleted, updated or moved first is a conflict.
//===----------------------------------------------------------------------===//
#pragma once

#include "catalog/lake_table_entry.hpp"
#include "metadata/metadata_store.hpp"
#include "transaction/change_set.hpp"
#include "transaction/local_changes.hpp"
#include "transaction/table_stats_merge.hpp"

namespace inlake {

struct TableCommitContext {
	MetadataWriteTxn &write;
	int64_t snapshot_id;
	//! The snapshot the transaction read (changes after it by others may conflict)
	int64_t base_snapshot_id;
	//! Schema version naming the table's inlined data table
	int64_t table_schema_version;
	InlinedColumnNames names;
	ChangeSet &change_set;
	std::string lake_name;
	//! Where catalog ids (the name mappings of added files) come from (next_catalog_id of the new snapshot)
	int64_t *next_catalog_id = nullptr;
	//! The catalog ids of the partition specs the commit records, by transaction-local id
	const std::map<int64_t, int64_t> *partition_ids = nullptr;

	//! The catalog id of the spec a file was written under (-1: none). The commit records every spec the
	//! transaction set, also those it replaced again (LakeCommit's WriteSupersededSpecs); should a file still name
	//! an unrecorded one, it is recorded unpartitioned (-1; its rows are all there, only its partition values are
	//! not kept) rather than failing the commit.
	int64_t PartitionId(int64_t written_id) const {
		if (written_id < 0 || !IsLocalId(written_id)) {
			return written_id;
		}
		if (!partition_ids) {
			return -1;
		}
		auto found = partition_ids->find(written_id);
		return found == partition_ids->end() ? -1 : found->second;
	}
};

//! The catalog's per-column statistics of a file the writer produced.
std::vector<FileColumnStatsRecord> FileColumnStatsOf(const WrittenDataFile &file);

class TableDataCommit {
public:
	//! `flush`: the table's flush by the same transaction, already committed (nullptr: none)
	TableDataCommit(TableCommitContext &context, LakeTableEntry &table, int64_t table_id, bool is_new_table,
	                LocalTableChanges &changes, int64_t &next_file_id, const TableFlush *flush = nullptr);

	void Write();

private:
	void WriteFiles(TableStatsMerge &merge, int64_t real_row_start);
	//! An added file's registration (table_data_commit_added.cpp): its stored path, and its name mapping, written
	//! once per mapping the transaction's files share
	void RegisterAddedFile(const AddedFileInfo &added, DataFileRecord &record);
	//! A file this transaction adds that a concurrent commit added to the table first is a conflict
	void CheckAddedFilesAreNew();
	void WriteInlinedRows(TableStatsRecord &stats, TableStatsMerge &merge, int64_t real_row_start);
	void WriteDeletes(TableStatsRecord &stats);
	void WriteDeleteFiles(TableStatsRecord &stats);
	//! Ends the inlined rows (committed row ids) as they were at the transaction's snapshot.
	int64_t EndInlinedRows(const std::set<int64_t> &row_ids);
	//! Deletes rows that were inlined at the transaction's snapshot and that its own flush moved to files.
	int64_t DeleteFlushedRows(const std::set<int64_t> &row_ids);
	//! Records the deletions of data-file positions: committed files' (located at statement time) and the
	//! transaction's own files' (own files with embedded row ids, and `provisional_ids` of the others).
	int64_t DeleteFilePositions(const std::set<int64_t> &provisional_ids);
	std::string InlinedTableName();
	[[noreturn]] void Conflict(const std::string &what);
	//! A committed data file the transaction deletes from that is no longer live (a concurrent compaction
	//! replaced it, or a DROP ended it) is a conflict: its deletions would be lost.
	void CheckFilesStillLive(const std::set<int64_t> &data_file_ids);

	TableCommitContext &context;
	LakeTableEntry &table;
	int64_t table_id;
	bool is_new_table;
	LocalTableChanges &changes;
	int64_t &next_file_id;
	const TableFlush *flush;
	//! Catalog ids given to the transaction's new files (parallel to changes.new_files; -1: dropped)
	std::vector<int64_t> new_file_ids;
	//! Parallel to changes.new_files: every row of the file was deleted by the transaction; not registered
	//! (LocalTableChanges::EmptiedNewFiles)
	std::vector<bool> emptied_files;
	std::vector<InlinedTableRecord> inlined_tables;
	bool inlined_tables_loaded = false;
	//! mapping_id given to each name mapping of the transaction's added files
	std::map<const NameMapping *, int64_t> mapping_ids;
};

} // namespace inlake

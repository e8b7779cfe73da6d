//===----------------------------------------------------------------------===//
// TableDataCommit: writes one table's data changes of a lake commit: new
// Parquet files, inlined rows, and deletions, with the table's statistics.
//
// Row ids: the transaction's rows carry provisional ids (kLocalRowIdBase +
// n); here they become next_row_id + n, so files and inlined rows keep the
// order they were inserted in. Deletions are resolved against the catalog as
// it is now (inside the commit's catalog transaction): inlined rows get their
// end snapshot, data-file positions go to the inlined deletion table; a row
// that another transaction deleted or moved first is a conflict.
//===----------------------------------------------------------------------===//
#pragma once

#include "catalog/lake_table_entry.hpp"
#include "metadata/metadata_store.hpp"
#include "transaction/change_set.hpp"
#include "transaction/local_changes.hpp"

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
};

//! The catalog's per-column statistics of a file the writer produced.
std::vector<FileColumnStatsRecord> FileColumnStatsOf(const WrittenDataFile &file);

class TableDataCommit {
public:
	TableDataCommit(TableCommitContext &context, LakeTableEntry &table, int64_t table_id, bool is_new_table,
	                LocalTableChanges &changes, int64_t &next_file_id);

	void Write();

private:
	void WriteFiles(TableStatsRecord &stats, int64_t real_row_start);
	void WriteInlinedRows(TableStatsRecord &stats, int64_t real_row_start);
	void WriteDeletes(TableStatsRecord &stats);
	void WriteDeleteFiles(TableStatsRecord &stats);
	int64_t EndInlinedRows(std::set<int64_t> &row_ids);
	int64_t DeleteFilePositions(const std::set<int64_t> &row_ids);
	std::string InlinedTableName();
	[[noreturn]] void Conflict(const std::string &what);

	TableCommitContext &context;
	LakeTableEntry &table;
	int64_t table_id;
	bool is_new_table;
	LocalTableChanges &changes;
	int64_t &next_file_id;
	//! Catalog ids given to the transaction's new files (parallel to changes.new_files)
	std::vector<int64_t> new_file_ids;
	std::vector<InlinedTableRecord> inlined_tables;
	bool inlined_tables_loaded = false;
};

} // namespace inlake

//===----------------------------------------------------------------------===//
// Compacting one table's data files, within the calling transaction
// (ducklake_merge_adjacent_files, ducklake_rewrite_data_files, CHECKPOINT).
//
// Candidates are the table's live data files at the transaction's snapshot
// that the lake owns (lake-named, under its data path: files registered with
// ducklake_add_data_files elsewhere are never rewritten, so never scheduled
// for deletion). They are grouped by ParquetLayout signature (files written
// under different schemas are not mixed), in row id order, into bins of about
// the table's target_file_size, and each bin is copied into one new file
// (maintenance/file_rewrite.hpp).
//
//  * MERGE: files below max_file_size (default: target_file_size) and at
//    least min_file_size; bins of one file are left alone. Deleted rows are
//    carried with their delete snapshots, row ids and insert snapshots are
//    kept: the commit removes the old files from the catalog and every
//    snapshot reads the new ones exactly as it read them (the old files are
//    scheduled for deletion).
//  * REWRITE: files whose deleted fraction is at least delete_threshold are
//    rewritten without the deleted rows (row ids and insert snapshots kept).
//    The commit ends the old files, so time travel to before the rewrite
//    reads them until expiry; until then a merge leaves the new files alone.
//
// Nothing is visible until the transaction commits, as one snapshot recorded
// as compacted_table:<id> (transaction/compaction_commit.hpp). A table with
// uncommitted changes of this transaction is refused.
//===----------------------------------------------------------------------===//
#pragma once

#include "maintenance/file_rewrite.hpp"

#include <cstdint>

namespace duckdb {
class ClientContext;
}

namespace inlake {

class LakeTableEntry;
class LakeTransaction;

struct CompactionRequest {
	DeletedRows mode = DeletedRows::KEEP_DELETED; // KEEP_DELETED: merge, DROP_DELETED: rewrite
	int64_t min_file_size = 0;
	//! -1: the table's target_file_size
	int64_t max_file_size = -1;
	double delete_threshold = 0.95;
	//! New files the whole call may still write (-1: no bound); every table's compaction counts them down
	int64_t remaining_files = -1;
};

struct CompactionOutcome {
	int64_t files_processed = 0;
	int64_t files_created = 0;
};

CompactionOutcome CompactTable(duckdb::ClientContext &context, LakeTransaction &transaction, LakeTableEntry &table,
                               CompactionRequest &request);

} // namespace inlake

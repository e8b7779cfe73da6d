//===----------------------------------------------------------------------===//
// The sources of a table's change feed over snapshots start..end (both
// included): what ducklake_table_changes / _insertions / _deletions read.
//
// Every row a table ever held has an insert snapshot and, once deleted, a
// delete snapshot. A row is an insertion of the range when its insert
// snapshot is in it and a deletion when its delete snapshot is; an UPDATE is
// both, at one snapshot, for one row id. The plan finds those rows without
// reading anything else:
//  * data files that held rows during the range, as a LakeScanSpec whose
//    skipped positions are the rows of no interest (deleted before the
//    range, or neither inserted nor deleted in it), with each remaining
//    position's delete snapshot (from the file's delete-file history, its
//    inlined deletions, or the file's own end);
//  * inlined rows inserted or ended in the range, already in memory.
// A flush is not a change: flushed rows keep their insert snapshots (in the
// file) and their delete snapshots (in its partial delete file). The inlined
// rows are read before the files, so a flush committing in between shows its
// rows twice, never not at all; `inlined_keys` lets the scan drop the file
// copy. Only committed snapshots are read: the transaction's own changes are
// not in the feed. Columns are the table's at `end`: older rows read a
// column added later as its default, through the same scan as time travel.
//===----------------------------------------------------------------------===//
#pragma once

#include "read/lake_scan.hpp"

#include "duckdb/common/types/column/column_data_collection.hpp"

#include <memory>
#include <set>
#include <utility>
#include <vector>

namespace duckdb {
class ClientContext;
}

namespace inlake {

class LakeTableEntry;
class LakeTransaction;

struct ChangeFeedFile {
	//! (position, delete snapshot) of the file's positions deleted within the range, sorted by position
	std::vector<std::pair<int64_t, int64_t>> deletes;
	//! The delete snapshot of every other position: the file's end when it ended in the range, else -1 (none)
	int64_t default_delete = -1;
	//! A rewrite's file (partial_max below its begin snapshot): its rows were inserted into the files it
	//! replaced, which the feed reads for those insertions
	bool rows_moved_here = false;

	//! The delete snapshot of a position, -1 when it was not deleted within the range
	int64_t DeleteSnapshot(int64_t position) const;
};

struct ChangeFeedPlan {
	int64_t start_snapshot = 0;
	int64_t end_snapshot = 0;
	//! The data files to read (no row sets), columns as of `end`; one ChangeFeedFile per spec file
	std::shared_ptr<LakeScanSpec> spec;
	std::vector<ChangeFeedFile> files;
	//! Inlined rows inserted or deleted in the range: the table's columns, then row id, insert snapshot and
	//! delete snapshot (NULL: not deleted within the range)
	std::shared_ptr<duckdb::ColumnDataCollection> inlined_rows;
	//! (row id, insert snapshot) of every inlined row read, to drop a flushed copy read again from a file
	std::set<std::pair<int64_t, int64_t>> inlined_keys;
	//! Snapshots of the range that compacted the table: rows "inserted" there were moved, not inserted
	std::set<int64_t> compaction_snapshots;
};

//! Plans the change feed of `table` (the table as of `end_snapshot`) over start..end.
ChangeFeedPlan PlanChangeFeed(duckdb::ClientContext &context, LakeTransaction &transaction, LakeTableEntry &table,
                              int64_t start_snapshot, int64_t end_snapshot);

} // namespace inlake

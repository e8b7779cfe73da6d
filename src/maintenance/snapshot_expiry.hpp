//===----------------------------------------------------------------------===//
// Snapshot expiry (ducklake_expire_snapshots, CHECKPOINT with expire_older_than).
//
// ExpireSnapshots picks the snapshots to expire (older than a time and/or the
// listed versions; never the latest) and, unless it is a dry run, in ONE
// catalog write transaction (serialised with this process's commits):
//  * deletes them (ducklake_snapshot, ducklake_snapshot_changes);
//  * schedules every data and delete file no remaining snapshot can read in
//    ducklake_files_scheduled_for_deletion and removes its rows (stats,
//    partition values, inlined deletions of the data file) - the files stay
//    on disk until ducklake_cleanup_old_files;
//  * removes the ended inlined rows no remaining snapshot can read;
//  * removes schema/table/view/column/tag/partition/sort rows no remaining
//    snapshot can read, and for a table left with no ducklake_table row drops
//    its inlined data and deletion tables and its stats.
// Inlined deletions of live data files are kept (the files still need them).
//===----------------------------------------------------------------------===//
#pragma once

#include "metadata/expiry_records.hpp"

#include <cstdint>
#include <vector>

namespace inlake {

class LakeCatalog;

struct ExpiryRequest {
	bool has_older_than = false;
	//! Expire snapshots whose snapshot_time is before this
	duckdb::timestamp_tz_t older_than;
	bool has_versions = false;
	//! Expire these snapshot ids (an id the lake has no snapshot of is an error naming it, and nothing is expired;
	//! the latest snapshot is kept even when listed)
	std::vector<int64_t> versions;
	bool dry_run = false;
};

struct ExpiryResult {
	//! The expired (dry run: expirable) snapshot ids, ascending
	std::vector<int64_t> expired;
	std::vector<ScheduledFileRecord> scheduled_files;
	int64_t inlined_rows_removed = 0;
};

ExpiryResult ExpireSnapshots(LakeCatalog &catalog, const ExpiryRequest &request);

} // namespace inlake

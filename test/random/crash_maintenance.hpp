//===----------------------------------------------------------------------===//
// Crash maintenance: kills during file maintenance (inlake_crash_test
// --kill-in-maintenance). The child runs, between its workload statements,
// maintenance that removes or replaces files: ducklake_delete_orphaned_files
// (after planting orphans, so there is something to remove),
// ducklake_cleanup_old_files, ducklake_expire_snapshots,
// ducklake_merge_adjacent_files, ducklake_rewrite_data_files and CHECKPOINT
// (flush + expiry + cleanup), each preceded by one byte on the readiness
// pipe; the parent waits for the n-th such byte and SIGKILLs the child a few
// hundred microseconds later, while the maintenance runs.
//
// Contract: MaintenanceStep returns a LAKE step ({l} is the lake); PlantOrphans
// writes a few `ducklake-<uuid>.parquet` files of junk under the data path that
// no catalog row names. SignalMaintenance writes the byte (false when the pipe
// is gone); WaitMaintenance reads `count` of them, false when the child ended
// first or `timeout_ms` passed.
//===----------------------------------------------------------------------===//
#pragma once

#include "rng.hpp"
#include "step.hpp"
#include "table_model.hpp"

#include <string>
#include <vector>

namespace inlake_random {

//! `compaction_only`: a merge, rewrite or CHECKPOINT every time (--kill-in-compaction).
Step MaintenanceStep(Rng &rng, const std::vector<TableModel> &tables, bool compaction_only);
void PlantOrphans(Rng &rng, const std::string &data_path);
bool SignalMaintenance(int fd);
bool WaitMaintenance(int fd, int count, int timeout_ms);

} // namespace inlake_random

//===----------------------------------------------------------------------===//
// The maintenance sequence of CHECKPOINT <lake> and ducklake_checkpoint(lake),
// in DuckLake's order, one step per function, each honouring the lake's
// persisted global options:
//  1. flush_inlined_data     ducklake_flush_inlined_data, restricted to
//                            compaction_schema / compaction_table when set
//                            (auto_compact = false tables are skipped there);
//  2. expire_snapshots       only when expire_older_than is set;
//  3. merge_adjacent_files   (not run yet: see the step's function);
//  4. rewrite_data_files     (not run yet; rewrite_delete_threshold is its option);
//  5. cleanup_old_files      files scheduled before now - delete_older_than
//                            (DuckLake's default, 2 days, when it is unset);
//  6. delete_orphaned_files  orphaned files last modified before the same
//                            cutoff (never younger than the setting
//                            ducklake_orphaned_file_min_age), lake-wide.
// Each step commits on its own (the flush in a transaction of its own, the
// others in their own catalog transactions), so a step that fails stops the
// sequence with its error and leaves the earlier steps' work committed.
// The caller must not be inside an explicit transaction on the lake.
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace duckdb {
class ClientContext;
}

namespace inlake {

class LakeCatalog;

//! What one step of the sequence did: one row of ducklake_checkpoint().
struct MaintenanceStepReport {
	//! flush_inlined_data, expire_snapshots, merge_adjacent_files, rewrite_data_files, cleanup_old_files,
	//! delete_orphaned_files
	std::string step;
	//! Whether the step ran (false: `detail` says why not)
	bool ran = false;
	//! How many of `unit` the step handled (0 when it did not run)
	int64_t count = 0;
	//! "rows flushed", "snapshots expired", "files deleted", ...
	std::string unit;
	//! What the step worked on or why it did not run
	std::string detail;
};

//! Runs the whole sequence on the lake; throws the first failing step's error.
std::vector<MaintenanceStepReport> RunCheckpointSequence(duckdb::ClientContext &context, LakeCatalog &catalog);

} // namespace inlake

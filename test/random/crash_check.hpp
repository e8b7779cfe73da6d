//===----------------------------------------------------------------------===//
// Crash check: what the crash test verifies after it killed a child.
//
// Contract: attaches the lake in this process and replays the log's committed
// statements on a fresh native database. The statement the child was running
// (logged as an intent only) counts as committed exactly when the lake's latest
// snapshot moved past the last logged one; CheckAfterKill then appends its C or
// F record, so the log again says exactly what the lake holds. Checks: each
// table equals the replay (every committed statement visible once, nothing
// uncommitted), no committed snapshot lost, time travel to a sample of retained
// committed snapshots equals the replay at that point (expired ones must fail),
// every data/delete file the catalog references exists, and (with
// check_orphans) that ducklake_delete_orphaned_files leaves exactly the
// referenced files. Returns "" or the failure.
//===----------------------------------------------------------------------===//
#pragma once

#include "features.hpp"
#include "lake_backend.hpp"
#include "rng.hpp"

#include <string>

namespace inlake_random {

struct CrashCheckConfig {
	std::string dir;
	Backend backend = Backend::DUCKDB;
	FeatureSet features;
	int time_travel_sample = 4;
	bool check_orphans = false;
	//! Self-test: leave the committed inserts out of the replay (the check must fail).
	bool skip_replay = false;
	bool verbose = false;
	//! After a kill during maintenance: ducklake_cleanup_old_files must then succeed (files a killed cleanup
	//! already removed may still be scheduled) and leave every referenced file.
	bool cleanup_after_kill = false;
};

std::string CheckAfterKill(const CrashCheckConfig &config, Rng &rng);

} // namespace inlake_random

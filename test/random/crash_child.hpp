//===----------------------------------------------------------------------===//
// Crash child: the process the crash test kills. It continues the random
// workload on the lake in `dir` from what earlier children committed.
//
// Contract: rebuilds the native tables by replaying every committed statement
// of the log, restores the generator's table models from the last committed
// one, attaches the lake, writes one byte to `ready_fd` (the parent starts its
// kill timer then), and runs `statements` autocommit statements (same
// Generator as the differential test, no explicit transactions). Each statement
// is logged as an intent before it runs and as committed (with the lake's
// latest snapshot) or failed after it, both fsync'd. A lake/native mismatch or
// an INTERNAL error ends the child with a message on stderr and exit code 4/5;
// a completed run exits 0. With kill_in_maintenance it also runs orphan
// sweeps, cleanups and expiry (crash_maintenance.hpp) between statements.
//===----------------------------------------------------------------------===//
#pragma once

#include "features.hpp"
#include "lake_backend.hpp"

#include <cstdint>
#include <string>

namespace inlake_random {

struct CrashChildConfig {
	std::string dir;
	uint64_t seed = 1;
	int round = 0;
	int statements = 30;
	FeatureSet features;
	Backend backend = Backend::DUCKDB;
	int ready_fd = -1;
	bool verbose = false;
	//! Runs file maintenance between statements, signalling each on ready_fd (crash_maintenance.hpp).
	bool kill_in_maintenance = false;
	//! The maintenance is only merges, rewrites and CHECKPOINTs, and inlining limits are 0..4 (many small files).
	bool compaction_only = false;
};

std::string CrashLogPath(const std::string &dir);

int RunCrashChild(const CrashChildConfig &config);

} // namespace inlake_random

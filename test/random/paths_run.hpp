//===----------------------------------------------------------------------===//
// Paths run: one seed of the randomized path workload (inlake_paths_random_test).
//
// Contract: RunPathsSeed lays out the seed's folder (paths_layout.hpp), plants
// user files named like lake files around the lake, makes a sentinel lake in a
// folder the data path's text could match, creates the lake with a DATA_PATH
// spelled by the grammar from a working directory, and runs `steps` random
// steps: inserts (inlined and Parquet), deletes, updates, flushes, expiry,
// cleanup, orphan sweeps (and dry runs of the three), orphans and user files
// planted, DETACH/ATTACH and restarts from other working directories (chdir),
// and hiding the data path (moved away before an attach, or while attached).
// On the DuckDB backend 30% of the seeds turn the lake into an older writer's
// (data_path recorded relative to the working directory of creation, no
// marker): attached from a folder where that path leads elsewhere the lake is
// "lost": file writes must be refused and reads may fail, never differ.
// After every step: each table equals the model, every file the catalog names
// exists, the sentinel lake reads the same, and no file or folder outside the
// lake's data path and catalog files appeared, went or changed size. A dry run
// must list exactly the orphans (cleanup: the scheduled files), a sweep must
// leave only named files. Writes refused because the data path is missing
// ("... nothing was written") are accepted only while it is hidden, and must
// change nothing; so are other IO errors while it is hidden (its files cannot
// be read). The process changes its working directory and HOME: run
// each seed in a process of its own. The reproducer (`trace`) is a bash script
// running build/inlake once per attach, from the working directory of that
// attach.
//===----------------------------------------------------------------------===//
#pragma once

#include "paths_layout.hpp"

#include <cstdint>
#include <string>

namespace inlake_random {

struct PathsRunConfig {
	uint64_t seed = 1;
	PathsBackend backend = PathsBackend::DUCKDB;
	//! An empty folder for the seed (absolute, no symbolic links on the way).
	std::string root;
	int steps = 40;
	bool verbose = false;
	//! Also run into the known defects (paths_known_defects below), which the CI run steps around.
	bool known_defects = false;
	//! Self-test: at step 3 the harness removes a user file beside the lake, as a wrong sweep would (must fail).
	bool inject_fault = false;
};

// Known defects the workload steps around unless known_defects is set (test/random/README.md, paths section):
// - a DATA_PATH whose last character is not ASCII (DuckDB 1.4.4's FileSystem::CreateDirectoriesRecursive trims
//   UTF-8 bytes at the end: `dätä` makes the folder `dät`, the ATTACH fails): such names get a suffix;
// - a catalog path with `~` (ATTACH 'ducklake:~/lake.duckdb'): "the folder "~/" of the catalog database does not
//   exist" (open_store.cpp checks the folder without expanding `~`): catalog paths are spelled without `~`;
// - an older writer's lake that names no file yet takes a folder its relative data path leads to from the catalog's
//   folder or the working directory, when that folder holds another (markerless) lake's files: it writes its marker
//   and files there, and its sweep deletes the other lake's files (findings/older_lake_adopts_foreign_folder.sh):
//   such folders are planted only with known_defects;
// - the data path moved away while the lake is attached after its once-per-ATTACH check: a write makes the
//   folder again and commits its file there: the data path is hidden only between DETACH and ATTACH.

struct PathsRunResult {
	bool ok = true;
	std::string failure;
	int step = -1;
	//! A bash script that replays the seed up to the failure.
	std::string trace;
	int refusals = 0;
};

PathsRunResult RunPathsSeed(const PathsRunConfig &config);

} // namespace inlake_random

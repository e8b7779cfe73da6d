//===----------------------------------------------------------------------===//
// RandomOptions: the command line of inlake_random_test.
//
// Contract: Parse fills the options or throws std::invalid_argument with a
// message for the user. Without --seed/--seeds a run covers the bounded CI
// count (DEFAULT_SEEDS, a few minutes on 2 cores); --long covers LONG_SEEDS.
//===----------------------------------------------------------------------===//
#pragma once

#include "features.hpp"
#include "lake_backend.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace inlake_random {

struct RandomOptions {
	static const uint64_t DEFAULT_SEEDS = 20;
	static const uint64_t LONG_SEEDS = 3000;

	uint64_t start = 1;
	uint64_t seeds = DEFAULT_SEEDS;
	int statements = 60;
	bool long_mode = false;
	bool verbose = false;
	bool keep = false;
	bool self_test = false;
	bool help = false;
	//! Run seeds in this process (for a debugger); by default each seed runs in a child process.
	bool no_fork = false;
	std::string fault;
	std::string dir;
	int time_travel_sample = 5;
	//! --compaction-focus: many compactions (20% of the steps) on lakes with low inlining limits
	bool compaction_focus = false;
	//! --partition-focus: many SET/RESET PARTITIONED BY (15% of the steps) among the workload
	bool partition_focus = false;
	//! --min-merge-share P: fail unless at least P percent of all merge calls merged something (-1: no check)
	int min_merge_share = -1;
	FeatureSet features;
	std::vector<Backend> backends;

	void Parse(int argc, char **argv);
	static std::string Usage();
};

} // namespace inlake_random

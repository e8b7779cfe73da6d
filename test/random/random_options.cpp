#include "random_options.hpp"

#include <stdexcept>

namespace inlake_random {

static uint64_t Number(const std::string &flag, const std::string &text) {
	try {
		size_t used = 0;
		auto value = std::stoull(text, &used);
		if (used == text.size()) {
			return value;
		}
	} catch (std::exception &) {
	}
	throw std::invalid_argument(flag + " needs a number, not \"" + text + "\"");
}

void RandomOptions::Parse(int argc, char **argv) {
	bool seeds_given = false;
	for (int i = 1; i < argc; i++) {
		std::string flag = argv[i];
		auto value = [&]() -> std::string {
			if (i + 1 >= argc) {
				throw std::invalid_argument(flag + " needs a value");
			}
			return argv[++i];
		};
		if (flag == "--seeds") {
			seeds = Number(flag, value());
			seeds_given = true;
		} else if (flag == "--seed") {
			start = Number(flag, value());
			seeds = 1;
			seeds_given = true;
		} else if (flag == "--start") {
			start = Number(flag, value());
		} else if (flag == "--statements") {
			statements = int(Number(flag, value()));
		} else if (flag == "--long") {
			long_mode = true;
		} else if (flag == "--verbose") {
			verbose = true;
		} else if (flag == "--keep") {
			keep = true;
		} else if (flag == "--exclude") {
			features.ExcludeList(value());
		} else if (flag == "--backend") {
			auto name = value();
			backends = name == "all" ? AllBackends() : std::vector<Backend> {ParseBackend(name)};
		} else if (flag == "--inject-fault") {
			fault = value();
			if (fault != "content" && fault != "error" && fault != "history" && fault != "rowid" &&
			    fault != "feed") {
				throw std::invalid_argument("--inject-fault takes content, error, history, rowid or feed");
			}
		} else if (flag == "--dir") {
			dir = value();
		} else if (flag == "--time-travel-sample") {
			time_travel_sample = int(Number(flag, value()));
		} else if (flag == "--partition-focus") {
			partition_focus = true;
		} else if (flag == "--compaction-focus") {
			compaction_focus = true;
		} else if (flag == "--min-merge-share") {
			min_merge_share = int(Number(flag, value()));
		} else if (flag == "--no-fork") {
			no_fork = true;
		} else if (flag == "--self-test") {
			self_test = true;
		} else if (flag == "--help" || flag == "-h") {
			help = true;
		} else {
			throw std::invalid_argument("unknown option " + flag + " (see --help)");
		}
	}
	if (long_mode && !seeds_given) {
		seeds = LONG_SEEDS;
	}
	if (backends.empty()) {
		backends = AllBackends();
	}
}

std::string RandomOptions::Usage() {
	std::string usage =
	    "inlake_random_test: randomized differential test of the lake against native DuckDB tables\n"
	    "  --seeds N            run N seeds (default " + std::to_string(DEFAULT_SEEDS) + ", --long: " +
	    std::to_string(LONG_SEEDS) + ")\n"
	    "  --seed S             run exactly seed S\n"
	    "  --start S            first seed (default 1)\n"
	    "  --statements M       statements per seed (default 60)\n"
	    "  --long               many seeds, one line per seed and a summary\n"
	    "  --verbose            print every statement (a failing seed reads as a SQL script)\n"
	    "  --exclude a,b        leave features out (below)\n"
	    "  --backend NAME|all   catalog backend: duckdb, sqlite or postgres (needs INLAKE_TEST_PG; skipped loudly without\n"
	    "                       it); default all\n"
	    "  --inject-fault KIND  self-test: content|error|history|rowid|feed (the run must fail)\n"
	    "  --self-test          check that the table comparison sees subtle differences\n"
	    "  --time-travel-sample N  snapshots checked by a mid-seed time travel check (default 5)\n"
"  --partition-focus    many SET/RESET PARTITIONED BY (15% of the steps; 3% otherwise)\n"
"  --compaction-focus   many merges, rewrites and CHECKPOINTs (a fifth of the steps) on lakes with inlining limits\n"
	    "                       of 0..4 (many small Parquet files)\n"
	    "  --min-merge-share P  fail unless at least P% of the merge calls of the whole run merged files\n"
	    "  --dir PATH           where lakes are created (default a new /tmp directory)\n"
	    "  --keep               keep the lake directories\n"
	    "  --no-fork            run the seeds in this process (by default each seed runs in a child, so a crash is\n"
	    "                       reported with its seed)\n"
	    "features:\n";
	for (auto &feature : AllFeatures()) {
		usage += "  " + std::string(feature.name) + ": " + feature.description + "\n";
	}
	return usage;
}

} // namespace inlake_random

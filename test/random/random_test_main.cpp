// inlake_random_test: the randomized differential test (see differential_run.hpp and --help).
#include "compare_self_test.hpp"
#include "differential_run.hpp"
#include "postgres_catalogs.hpp"
#include "random_options.hpp"

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

using namespace inlake_random;

static std::string MakeBaseDir(const RandomOptions &options) {
	if (!options.dir.empty()) {
		std::filesystem::create_directories(options.dir);
		return options.dir;
	}
	char pattern[] = "/tmp/inlake_random_XXXXXX";
	if (!mkdtemp(pattern)) {
		throw std::runtime_error("mkdtemp failed");
	}
	return pattern;
}

//! What a run with an injected fault must report (a failure for another reason does not prove the check works).
static std::string FaultMarker(const std::string &fault) {
	if (fault == "content") {
		return "table t1 differs";
	}
	if (fault == "error") {
		return "injected fault";
	}
	if (fault == "history") {
		return "time travel: ";
	}
	if (fault == "feed") {
		return "change feed: ";
	}
	return "row lineage broken";
}

static bool RunOne(const RandomOptions &options, Backend backend, uint64_t seed, const std::string &base,
                   CompactionStats &stats) {
	RunConfig config;
	config.seed = seed;
	config.statements = options.statements;
	config.features = BackendFeatures(backend, options.features);
	config.backend = backend;
	config.dir = base + "/seed-" + std::to_string(seed) + "-" + BackendName(backend);
	config.verbose = options.verbose;
	config.fault = options.fault;
	config.time_travel_sample = options.time_travel_sample;
	if (options.partition_focus) {
		config.partition_percent = 15;
	}
	if (options.compaction_focus) {
		config.compaction_percent = 20;
		config.small_files = true;
	}
	std::filesystem::remove_all(config.dir);
	std::filesystem::create_directories(config.dir);
	auto started = std::chrono::steady_clock::now();
	RunResult result;
	try {
		CreateCatalog(backend, config.dir);
		result = DifferentialRun(config).Run(); // the run's sessions are closed before DropCatalog below
		stats = result.stats;
		// a failed seed keeps its catalog for a look (unless the failure was the injected fault it must find)
		if ((result.ok || !options.fault.empty()) && !options.keep) {
			DropCatalog(backend, config.dir);
		}
	} catch (std::exception &ex) {
		result.ok = false;
		result.failure = "seed " + std::to_string(seed) + ": the " + BackendName(backend) + " catalog: " + ex.what();
	}
	auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started);
	if (!result.ok) {
		std::cout << "FAILED " << BackendName(backend) << " " << result.failure << "\n"
		          << "reproduce: inlake_random_test --seed " << seed << " --statements " << options.statements
		          << " --backend " << BackendName(backend)
		          << (options.features.ExcludedList() == "(none)" ? "" : " --exclude " + options.features.ExcludedList())
		          << " --verbose" << std::endl;
		if (backend == Backend::POSTGRES && options.fault.empty()) {
			std::cout << "the catalog stays in database " << PostgresDatabase(config.dir) << " (INLAKE_TEST_PG)"
			          << std::endl;
		}
	} else if (options.long_mode || options.verbose) {
		std::cout << "seed " << seed << " " << BackendName(backend) << " ok (" << result.steps << " statements, "
		          << result.stats.merges_effective << "/" << result.stats.merges << " merges and "
		          << result.stats.rewrites_effective << "/" << result.stats.rewrites << " rewrites did something, "
		          << result.stats.checkpoints << " CHECKPOINTs, " << ms.count() << " ms)" << std::endl;
	}
	if (result.ok && !options.keep) {
		std::filesystem::remove_all(config.dir);
	}
	if (!options.fault.empty() && !result.ok) {
		bool detected = result.failure.find(FaultMarker(options.fault)) != std::string::npos;
		std::cout << (detected ? "the injected fault was detected" : "FAILED for another reason than the injected fault")
		          << std::endl;
		// Only a detection of the injected fault counts as the (expected) failure.
		return !detected;
	}
	return result.ok;
}

static void AddStats(CompactionStats &total, const CompactionStats &seed) {
	total.merges += seed.merges;
	total.merges_effective += seed.merges_effective;
	total.rewrites += seed.rewrites;
	total.rewrites_effective += seed.rewrites_effective;
	total.checkpoints += seed.checkpoints;
}

//! Runs one seed in a child process, so a crash of the lake (a signal) is reported with its seed and the run goes on.
static bool RunOneIsolated(const RandomOptions &options, Backend backend, uint64_t seed, const std::string &base,
                           CompactionStats &total) {
	CompactionStats stats;
	if (options.no_fork) {
		bool ok = RunOne(options, backend, seed, base, stats);
		AddStats(total, stats);
		return ok;
	}
	std::cout.flush();
	int fds[2];
	if (pipe(fds) != 0) {
		throw std::runtime_error("pipe failed");
	}
	auto pid = fork();
	if (pid == 0) {
		close(fds[0]);
		bool ok = RunOne(options, backend, seed, base, stats);
		// the seed's compaction counts go back to the parent (--min-merge-share sums them over the run)
		auto written = write(fds[1], &stats, sizeof(stats));
		(void)written;
		_exit(ok ? 0 : 1);
	}
	close(fds[1]);
	if (read(fds[0], &stats, sizeof(stats)) == ssize_t(sizeof(stats))) {
		AddStats(total, stats);
	}
	close(fds[0]);
	int status = 0;
	waitpid(pid, &status, 0);
	if (WIFSIGNALED(status)) {
		std::cout << "FAILED " << BackendName(backend) << " seed " << seed << ": the process died of signal "
		          << WTERMSIG(status) << " (a crash; rerun with --seed " << seed << " --verbose --no-fork)" << std::endl;
		return false;
	}
	return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

//! The exit code of a run whose every backend was skipped (CTest's SKIP_RETURN_CODE).
static const int SKIPPED = 77;

//! The backends that can run here; says loudly which cannot (a skipped backend must not pass unnoticed).
static std::vector<Backend> UsableBackends(const std::vector<Backend> &requested) {
	std::vector<Backend> usable;
	for (auto backend : requested) {
		auto why = BackendUnavailable(backend);
		if (why.empty()) {
			usable.push_back(backend);
			continue;
		}
		std::cout << "################################################################################\n"
		          << "SKIPPED: the " << BackendName(backend) << " backend: " << why << "\n"
		          << "################################################################################" << std::endl;
	}
	return usable;
}

int main(int argc, char **argv) {
	RandomOptions options;
	try {
		options.Parse(argc, argv);
	} catch (std::exception &ex) {
		std::cerr << ex.what() << "\n" << RandomOptions::Usage();
		return 2;
	}
	if (options.help) {
		std::cout << RandomOptions::Usage();
		return 0;
	}
	if (options.self_test) {
		return RunCompareSelfTest(options.verbose) == 0 ? 0 : 1;
	}
	auto base = MakeBaseDir(options);
	std::cout << "inlake_random_test: seeds " << options.start << ".." << options.start + options.seeds - 1
	          << ", " << options.statements << " statements, excluded " << options.features.ExcludedList()
	          << (options.fault.empty() ? "" : ", injected fault " + options.fault) << ", lakes under " << base
	          << std::endl;
	auto backends = UsableBackends(options.backends);
	uint64_t runs = 0, failures = 0;
	CompactionStats stats;
	auto started = std::chrono::steady_clock::now();
	for (uint64_t seed = options.start; seed < options.start + options.seeds; seed++) {
		for (auto backend : backends) {
			runs++;
			failures += RunOneIsolated(options, backend, seed, base, stats) ? 0 : 1;
		}
	}
	auto seconds = std::chrono::duration_cast<std::chrono::seconds>(std::chrono::steady_clock::now() - started);
	std::cout << "compactions: " << stats.merges_effective << " of " << stats.merges << " merges and "
	          << stats.rewrites_effective << " of " << stats.rewrites << " rewrites did something; "
	          << stats.checkpoints << " CHECKPOINTs" << std::endl;
	if (options.min_merge_share >= 0 && runs > 0 &&
	    (stats.merges == 0 || stats.merges_effective * 100 < stats.merges * options.min_merge_share)) {
		std::cout << "FAILED: fewer than " << options.min_merge_share
		          << "% of the merge calls merged files (the workload makes too few small files to test merges)"
		          << std::endl;
		failures++;
	}
	std::cout << "summary: " << runs << " runs, " << failures << " failed, " << seconds.count() << " s"
	          << (backends.size() < options.backends.size() ? " (some backends SKIPPED, see above)" : "") << std::endl;
	if (options.dir.empty() && !options.keep && failures == 0) {
		std::filesystem::remove_all(base);
	}
	if (backends.empty()) {
		return SKIPPED; // CTest: SKIP_RETURN_CODE
	}
	return failures == 0 ? 0 : 1;
}

// inlake_paths_random_test: the randomized path workload (paths_run.hpp) over many seeds and every catalog backend.
// Each seed runs in a child process of its own (it changes the working directory and HOME).
#include "paths_catalog.hpp"
#include "paths_run.hpp"

#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <stdexcept>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

using namespace inlake_random;
namespace fs = std::filesystem;

struct PathsOptions {
	int seeds = 6;
	uint64_t start = 1;
	int steps = 40;
	int minutes = 0;
	bool verbose = false;
	bool known_defects = false;
	bool inject_fault = false;
	bool keep = false;
	bool fork = true;
	bool help = false;
	std::string dir;
	std::vector<PathsBackend> backends = {PathsBackend::DUCKDB, PathsBackend::SQLITE, PathsBackend::POSTGRES};
};

static const char *USAGE =
    "inlake_paths_random_test: random DATA_PATH spellings, working directories and file maintenance on lakes\n"
    "  --seeds N          seeds per backend (default 6)\n"
    "  --start S          first seed (default 1)\n"
    "  --seed S           one seed (--start S --seeds 1)\n"
    "  --steps M          steps per seed (default 40)\n"
    "  --minutes T        run seeds from --start until T minutes passed (per backend: T / backends)\n"
    "  --backend NAME|all duckdb, sqlite, postgres (INLAKE_TEST_PG; skipped, and said so, without it) or all\n"
    "  --dir PATH         where the seeds' folders go (default a new /tmp folder)\n"
    "  --keep             keep every seed's folder (a failed seed's folder is always kept)\n"
    "  --known-defects    also run into the known defects (paths_run.hpp) the default run steps around\n"
    "  --inject-fault user-file  self-test: the harness removes a user file beside the lake (must fail)\n"
    "  --verbose          print every statement and shell step\n"
    "  --no-fork          run the seeds in this process (debugging; one seed only)\n"
    "Exit: 0 all passed, 1 a seed failed, 77 nothing ran (only postgres, and no server).\n";

static std::vector<PathsBackend> ParseBackends(const std::string &name) {
	if (name == "all") {
		return PathsOptions().backends;
	}
	for (auto backend : PathsOptions().backends) {
		if (PathsBackendName(backend) == name) {
			return {backend};
		}
	}
	throw std::invalid_argument("unknown backend " + name + " (duckdb, sqlite, postgres, all)");
}

static void Parse(int argc, char **argv, PathsOptions &options) {
	for (int i = 1; i < argc; i++) {
		std::string flag = argv[i];
		auto value = [&]() -> std::string {
			if (i + 1 >= argc) {
				throw std::invalid_argument(flag + " needs a value");
			}
			return argv[++i];
		};
		if (flag == "--seeds") {
			options.seeds = std::stoi(value());
		} else if (flag == "--start") {
			options.start = std::stoull(value());
		} else if (flag == "--seed") {
			options.start = std::stoull(value());
			options.seeds = 1;
		} else if (flag == "--steps") {
			options.steps = std::stoi(value());
		} else if (flag == "--minutes") {
			options.minutes = std::stoi(value());
		} else if (flag == "--backend") {
			options.backends = ParseBackends(value());
		} else if (flag == "--dir") {
			options.dir = value();
		} else if (flag == "--known-defects") {
			options.known_defects = true;
		} else if (flag == "--inject-fault") {
			if (value() != "user-file") {
				throw std::invalid_argument("--inject-fault takes user-file");
			}
			options.inject_fault = true;
		} else if (flag == "--keep") {
			options.keep = true;
		} else if (flag == "--verbose") {
			options.verbose = true;
		} else if (flag == "--no-fork") {
			options.fork = false;
		} else if (flag == "--help" || flag == "-h") {
			options.help = true;
		} else {
			throw std::invalid_argument("unknown option " + flag);
		}
	}
}

//! Runs one seed (in this process); prints a failure with its reproducer; returns 0 or 1.
static int RunSeed(const PathsOptions &options, PathsBackend backend, uint64_t seed, const std::string &base) {
	auto name = "seed-" + std::to_string(seed) + "-" + PathsBackendName(backend);
	PathsRunConfig config;
	config.seed = seed;
	config.backend = backend;
	config.root = base + "/" + name;
	config.steps = options.steps;
	config.verbose = options.verbose;
	config.known_defects = options.known_defects;
	config.inject_fault = options.inject_fault;
	fs::remove_all(config.root);
	fs::create_directories(config.root);
	auto result = RunPathsSeed(config);
	auto trace = base + "/" + name + ".sh";
	std::ofstream(trace) << result.trace;
	if (!result.ok) {
		std::cout << "FAILED " << PathsBackendName(backend) << " seed " << seed << " step " << result.step << ": "
		          << result.failure << "\n  reproduce: inlake_paths_random_test --seed " << seed << " --backend "
		          << PathsBackendName(backend) << " --steps " << options.steps
		          << (options.known_defects ? " --known-defects" : "") << "\n  as shell steps: " << trace
		          << " (the seed's folder: " << config.root << ")" << std::endl;
		return 1;
	}
	if (!options.keep) {
		fs::remove_all(config.root);
		fs::remove(trace);
	}
	return 0;
}

static int ForkSeed(const PathsOptions &options, PathsBackend backend, uint64_t seed, const std::string &base) {
	std::cout.flush();
	auto pid = fork();
	if (pid == 0) {
		_exit(RunSeed(options, backend, seed, base));
	}
	int status = 0;
	waitpid(pid, &status, 0);
	if (WIFEXITED(status) && WEXITSTATUS(status) <= 1) {
		return WEXITSTATUS(status);
	}
	std::cout << "FAILED " << PathsBackendName(backend) << " seed " << seed << ": the seed's process "
	          << (WIFSIGNALED(status) ? "died of signal " + std::to_string(WTERMSIG(status))
	                                  : "exited with " + std::to_string(WEXITSTATUS(status)))
	          << "\n  reproduce: inlake_paths_random_test --seed " << seed << " --backend " << PathsBackendName(backend)
	          << " --no-fork" << std::endl;
	return 1;
}

int main(int argc, char **argv) {
	PathsOptions options;
	try {
		Parse(argc, argv, options);
	} catch (std::exception &ex) {
		std::cerr << ex.what() << "\n" << USAGE;
		return 2;
	}
	if (options.help) {
		std::cout << USAGE;
		return 0;
	}
	auto base = options.dir;
	if (base.empty()) {
		char pattern[] = "/tmp/inlake_paths_XXXXXX";
		base = mkdtemp(pattern);
	}
	fs::create_directories(base);
	base = fs::canonical(base).string();
	int failures = 0, ran = 0;
	auto started = std::chrono::steady_clock::now();
	for (auto backend : options.backends) {
		if (backend == PathsBackend::POSTGRES && PostgresTestServer().empty()) {
			std::cout << "SKIPPED postgres: no PostgreSQL test server (INLAKE_TEST_PG; scripts/pg-cluster.sh start DIR "
			             "prints one)" << std::endl;
			continue;
		}
		auto backend_started = std::chrono::steady_clock::now();
		auto budget = std::chrono::seconds(options.minutes * 60 / int(options.backends.size()));
		int seeds = 0, backend_failures = 0;
		for (uint64_t seed = options.start;; seed++) {
			bool more = options.minutes > 0 ? std::chrono::steady_clock::now() - backend_started < budget
			                                : seed < options.start + uint64_t(options.seeds);
			if (!more) {
				break;
			}
			backend_failures += options.fork ? ForkSeed(options, backend, seed, base) : RunSeed(options, backend, seed, base);
			seeds++;
		}
		auto seconds = std::chrono::duration_cast<std::chrono::seconds>(std::chrono::steady_clock::now() - backend_started);
		std::cout << PathsBackendName(backend) << ": " << seeds << " seeds from " << options.start << ", "
		          << backend_failures << " failed, " << seconds.count() << " s" << std::endl;
		failures += backend_failures;
		ran++;
	}
	auto seconds = std::chrono::duration_cast<std::chrono::seconds>(std::chrono::steady_clock::now() - started);
	std::cout << "summary: " << (failures ? "FAILED" : ran ? "ok" : "nothing ran") << ", " << seconds.count() << " s"
	          << std::endl;
	if (failures == 0 && !options.keep) {
		fs::remove_all(base);
	}
	return failures ? 1 : ran ? 0 : 77;
}

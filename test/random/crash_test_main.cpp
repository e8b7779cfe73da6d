// inlake_crash_test: kills a child running the random workload at random moments and checks the lake after every
// kill (see crash_child.hpp and crash_check.hpp, and --help).
#include "crash_check.hpp"
#include "crash_child.hpp"
#include "crash_maintenance.hpp"
#include "features.hpp"
#include "lake_backend.hpp"
#include "rng.hpp"

#include <chrono>
#include <csignal>
#include <filesystem>
#include <iostream>
#include <poll.h>
#include <stdexcept>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

using namespace inlake_random;

struct CrashOptions {
	static const int DEFAULT_ROUNDS = 24;
	static const int LONG_ROUNDS = 400;
	int rounds = DEFAULT_ROUNDS;
	bool rounds_given = false;
	uint64_t seed = 1;
	int statements = 30;
	int max_delay_ms = 1500;
	bool long_mode = false;
	bool verbose = false;
	bool keep = false;
	bool check_orphans = true;
	bool skip_replay = false;
	bool kill_in_maintenance = false;
	bool kill_in_compaction = false;
	bool help = false;
	std::string exclude;
	std::string dir;
	FeatureSet features;
	std::vector<Backend> backends = AllBackends();
	// Child mode.
	bool child = false;
	int round = 0;
	int ready_fd = -1;
};

static const char *USAGE =
    "inlake_crash_test: SIGKILLs a child running the random workload on a lake, then checks the lake\n"
    "  --rounds N          kill rounds per backend (default 24, --long: 400)\n"
    "  --long              many rounds\n"
    "  --seed S            the workload seed (default 1)\n"
    "  --statements M      statements per child (default 30)\n"
    "  --max-delay-ms D    longest wait before a kill (default 1500)\n"
    "  --exclude a,b       features to leave out (as inlake_random_test --help lists)\n"
    "  --backend NAME|all  catalog backend: duckdb, sqlite or postgres (needs INLAKE_TEST_PG, else skipped loudly);\n"
    "                      default all\n"
    "  --kill-in-maintenance  the child also sweeps orphans, cleans up and expires; each kill falls in one of\n"
    "                      those (crash_maintenance.hpp), and the check then also runs a cleanup\n"
    "  --kill-in-compaction   as --kill-in-maintenance, with merges, rewrites and CHECKPOINTs only (inlining limits\n"
    "                      0..4), each kill up to 30 ms in\n"
    "  --no-check-orphans  skip the check that ducklake_delete_orphaned_files leaves only referenced files\n"
    "  --inject-fault skip-replay  self-test: leave the committed inserts out of the replay (must fail)\n"
    "  --dir PATH          where the lake lives (default a new /tmp directory)\n"
    "  --keep              keep the lake directory\n"
    "  --verbose           print each round (the child prints its statements to stderr)\n";

static int Int(const std::string &text) {
	return std::stoi(text);
}

static void Parse(int argc, char **argv, CrashOptions &options) {
	for (int i = 1; i < argc; i++) {
		std::string flag = argv[i];
		auto value = [&]() -> std::string {
			if (i + 1 >= argc) {
				throw std::invalid_argument(flag + " needs a value");
			}
			return argv[++i];
		};
		if (flag == "--rounds") {
			options.rounds = Int(value());
			options.rounds_given = true;
		} else if (flag == "--long") {
			options.long_mode = true;
		} else if (flag == "--seed") {
			options.seed = std::stoull(value());
		} else if (flag == "--statements") {
			options.statements = Int(value());
		} else if (flag == "--max-delay-ms") {
			options.max_delay_ms = Int(value());
		} else if (flag == "--exclude") {
			options.exclude = value();
			options.features.ExcludeList(options.exclude);
		} else if (flag == "--backend") {
			auto name = value();
			options.backends = name == "all" ? AllBackends() : std::vector<Backend> {ParseBackend(name)};
		} else if (flag == "--kill-in-maintenance") {
			options.kill_in_maintenance = true;
		} else if (flag == "--kill-in-compaction") {
			options.kill_in_maintenance = true;
			options.kill_in_compaction = true;
		} else if (flag == "--no-check-orphans") {
			options.check_orphans = false;
		} else if (flag == "--inject-fault") {
			if (value() != "skip-replay") {
				throw std::invalid_argument("--inject-fault takes skip-replay");
			}
			options.skip_replay = true;
		} else if (flag == "--dir") {
			options.dir = value();
		} else if (flag == "--keep") {
			options.keep = true;
		} else if (flag == "--verbose") {
			options.verbose = true;
		} else if (flag == "--child") {
			options.child = true;
		} else if (flag == "--round") {
			options.round = Int(value());
		} else if (flag == "--ready-fd") {
			options.ready_fd = Int(value());
		} else if (flag == "--help" || flag == "-h") {
			options.help = true;
		} else {
			throw std::invalid_argument("unknown option " + flag);
		}
	}
	if (options.long_mode && !options.rounds_given) {
		options.rounds = CrashOptions::LONG_ROUNDS;
	}
}

//! Starts a child on `dir`; returns its pid and the read end of its readiness pipe.
static pid_t StartChild(const CrashOptions &options, Backend backend, const std::string &dir, int round, int &ready) {
	int fds[2];
	if (pipe(fds) != 0) {
		throw std::runtime_error("pipe failed");
	}
	auto pid = fork();
	if (pid == 0) {
		close(fds[0]);
		std::vector<std::string> args = {"/proc/self/exe", "--child", "--dir", dir, "--seed", std::to_string(options.seed),
		                                 "--round", std::to_string(round), "--statements",
		                                 std::to_string(options.statements), "--backend", BackendName(backend),
		                                 "--ready-fd", std::to_string(fds[1])};
		if (!options.exclude.empty()) {
			args.insert(args.end(), {"--exclude", options.exclude});
		}
		if (options.verbose) {
			args.push_back("--verbose");
		}
		if (options.kill_in_maintenance) {
			args.push_back(options.kill_in_compaction ? "--kill-in-compaction" : "--kill-in-maintenance");
		}
		std::vector<char *> argv;
		for (auto &arg : args) {
			argv.push_back(const_cast<char *>(arg.c_str()));
		}
		argv.push_back(nullptr);
		execv("/proc/self/exe", argv.data());
		_exit(127);
	}
	close(fds[1]);
	ready = fds[0];
	return pid;
}

//! Waits for the child's readiness byte; false when it ended first.
static bool WaitReady(int ready) {
	pollfd poll_fd {ready, POLLIN, 0};
	if (poll(&poll_fd, 1, 300000) <= 0) {
		return false;
	}
	char byte;
	return read(ready, &byte, 1) == 1;
}

//! One kill round; returns "" or the failure.
static std::string Round(const CrashOptions &options, Backend backend, const std::string &dir, int round, Rng &rng) {
	int ready = -1;
	auto pid = StartChild(options, backend, dir, round, ready);
	bool is_ready = WaitReady(ready);
	int delay = -1;
	if (is_ready && options.kill_in_maintenance) {
		// the n-th maintenance step, a few hundred microseconds in (the pipe stays open: the child writes to it)
		auto nth = int(rng.Range(1, 3));
		// a compaction writes its files before it commits: later kills fall in the commit or after it
		auto micros = useconds_t(rng.Below(options.kill_in_compaction ? 30000 : 2500));
		if (WaitMaintenance(ready, nth, 300000)) {
			usleep(micros);
			kill(pid, SIGKILL);
			delay = 0;
		}
		is_ready = false;
	}
	close(ready);
	if (is_ready) {
		auto roll = rng.Below(100);
		delay = roll < 30 ? int(rng.Below(30)) : roll < 90 ? int(rng.Below(options.max_delay_ms + 1)) : -1;
		if (options.skip_replay && round == 0) {
			delay = -1; // the self-test's first child runs to its end, so committed inserts exist to leave out
		}
		if (delay >= 0) {
			std::this_thread::sleep_for(std::chrono::milliseconds(delay));
			kill(pid, SIGKILL);
		}
	}
	int status = 0;
	waitpid(pid, &status, 0);
	bool killed = WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL;
	if (!killed && !(WIFEXITED(status) && WEXITSTATUS(status) == 0)) {
		return "the child failed (exit status " + std::to_string(WIFEXITED(status) ? WEXITSTATUS(status) : -1) +
		       (WIFSIGNALED(status) ? ", signal " + std::to_string(WTERMSIG(status)) : "") + "); see its stderr above";
	}
	if (options.verbose || options.long_mode) {
		std::cout << "round " << round << ": " << (killed ? "killed after " + std::to_string(delay) + " ms" : "finished")
		          << std::endl;
	}
	CrashCheckConfig check;
	check.dir = dir;
	check.backend = backend;
	check.features = BackendFeatures(backend, options.features);
	check.check_orphans = options.check_orphans;
	check.skip_replay = options.skip_replay;
	check.verbose = options.verbose || options.long_mode;
	check.cleanup_after_kill = options.kill_in_maintenance;
	return CheckAfterKill(check, rng);
}

static int RunParent(const CrashOptions &options) {
	std::string base = options.dir;
	if (base.empty()) {
		char pattern[] = "/tmp/inlake_crash_XXXXXX";
		base = mkdtemp(pattern);
	}
	int failures = 0;
	bool detected_skip = false;
	auto started = std::chrono::steady_clock::now();
	int skipped = 0;
	for (auto backend : options.backends) {
		auto unavailable = BackendUnavailable(backend);
		if (!unavailable.empty()) {
			std::cout << "################################################################################\n"
			          << "SKIPPED: the " << BackendName(backend) << " backend: " << unavailable << "\n"
			          << "################################################################################" << std::endl;
			skipped++;
			continue;
		}
		auto dir = base + "/seed-" + std::to_string(options.seed) + "-" + BackendName(backend);
		std::filesystem::remove_all(dir);
		std::filesystem::create_directories(dir);
		try {
			CreateCatalog(backend, dir);
		} catch (std::exception &ex) {
			std::cout << "FAILED " << BackendName(backend) << ": creating the catalog: " << ex.what() << std::endl;
			failures++;
			continue;
		}
		Rng rng(options.seed ^ 0x5EED);
		std::cout << "inlake_crash_test: seed " << options.seed << ", " << options.rounds << " rounds, backend "
		          << BackendName(backend) << ", lake in " << dir << std::endl;
		for (int round = 0; round < options.rounds; round++) {
			auto failure = Round(options, backend, dir, round, rng);
			// the skipped statement shows in the final contents or, earlier, in a sampled time travel
			detected_skip = detected_skip || failure.find("differs from the replay of the log") != std::string::npos ||
			                (failure.rfind("time travel:", 0) == 0 && failure.find("differs") != std::string::npos);
			if (!failure.empty()) {
				std::cout << "FAILED " << BackendName(backend) << " seed " << options.seed << " round " << round << ": "
				          << failure << "\nreproduce: inlake_crash_test --seed " << options.seed << " --rounds "
				          << round + 1 << (options.exclude.empty() ? "" : " --exclude " + options.exclude)
				          << (options.kill_in_compaction    ? " --kill-in-compaction"
				              : options.kill_in_maintenance ? " --kill-in-maintenance"
				                                            : "")
				          << " (kill timing varies)" << std::endl;
				failures++;
				break;
			}
		}
		if (failures == 0 && !options.keep) {
			std::filesystem::remove_all(dir);
			try {
				DropCatalog(backend, dir);
			} catch (std::exception &ex) {
				std::cout << "FAILED " << BackendName(backend) << ": dropping the catalog: " << ex.what() << std::endl;
				failures++;
			}
		}
	}
	auto seconds = std::chrono::duration_cast<std::chrono::seconds>(std::chrono::steady_clock::now() - started);
	bool all_skipped = skipped == int(options.backends.size());
	std::cout << "summary: " << (failures ? "FAILED" : all_skipped ? "SKIPPED" : "ok") << ", " << seconds.count() << " s"
	          << (skipped && !all_skipped ? " (some backends SKIPPED, see above)" : "") << std::endl;
	if (options.skip_replay) {
		// Only a detection of the skipped replay counts as the (expected) failure.
		std::cout << (detected_skip ? "the injected fault was detected" : "the injected fault was NOT detected")
		          << std::endl;
		return detected_skip ? 1 : 0;
	}
	if (all_skipped) {
		return 77; // every backend skipped: CTest's SKIP_RETURN_CODE
	}
	return failures == 0 ? 0 : 1;
}

int main(int argc, char **argv) {
	CrashOptions options;
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
	if (options.child) {
		CrashChildConfig config;
		config.dir = options.dir;
		config.seed = options.seed;
		config.round = options.round;
		config.statements = options.statements;
		config.features = BackendFeatures(options.backends[0], options.features);
		config.backend = options.backends[0];
		config.ready_fd = options.ready_fd;
		config.verbose = options.verbose;
		config.kill_in_maintenance = options.kill_in_maintenance;
		config.compaction_only = options.kill_in_compaction;
		return RunCrashChild(config);
	}
	return RunParent(options);
}

//===----------------------------------------------------------------------===//
// history_bench: what a lake's history costs later. Issue 10's targets:
//  * ATTACH after N small commits within 2x of attaching an empty lake, for
//    any N, both after a normal exit and after a writer killed mid-way (a
//    process that ends without closing: its catalog WAL is left behind);
//  * commit latency flat: 10-row inlined commits at about 100 snapshots
//    against the same commits at about N snapshots.
// One process drives everything; each writer runs in a child process (fork)
// so that its end is a real process end. Times are medians and percentiles
// of this one run; the ratios are the result (see bench/README.md).
//
//   history_bench [--commits N] [--attach-reps K]
//===----------------------------------------------------------------------===//
#include "bench_util.hpp"
#include "inlake_extension.hpp"

#include <cstring>
#include <functional>
#include <sys/wait.h>
#include <unistd.h>

namespace {
using namespace bench; // NOLINT

struct Options {
	int64_t commits = 20000;
	int64_t attach_reps = 15;
};

const char *kInsert = "INSERT INTO lake.t SELECT $1 + i, 'x' || ($1 + i), i FROM range(10) r(i)";

std::string AttachSql(const std::string &dir) {
	return "ATTACH 'ducklake:" + dir + "/lake.duckdb' AS lake (DATA_PATH '" + dir + "/files/')";
}

//! Runs `work` in a child process and waits for it; `clean` false ends the child without closing anything.
void InChild(const std::function<void()> &work) {
	fflush(stdout);
	auto pid = fork();
	if (pid == 0) {
		try {
			work();
		} catch (std::exception &ex) {
			fprintf(stderr, "child failed: %s\n", ex.what());
			_exit(1);
		}
		_exit(0);
	}
	int status = 0;
	waitpid(pid, &status, 0);
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		throw std::runtime_error("a writer process failed");
	}
}

//! Median milliseconds of ATTACH plus a first read, each in a new database instance.
double MedianAttachMs(const std::string &dir, int64_t reps) {
	std::vector<double> times;
	for (int64_t i = 0; i < reps; i++) {
		DuckDB db(nullptr);
		inlake::LoadInlake(*db.instance);
		Connection con(db);
		auto start = NowMs();
		Run(con, AttachSql(dir));
		Run(con, "SELECT count(*) FROM lake.t");
		times.push_back(NowMs() - start);
	}
	return Percentile(times, 0.5);
}

//! Creates the lake with its table.
void CreateLake(const std::string &dir) {
	InChild([&]() {
		DuckDB db(nullptr);
		inlake::LoadInlake(*db.instance);
		Connection con(db);
		Run(con, AttachSql(dir));
		Run(con, "CREATE TABLE lake.t (id BIGINT, name VARCHAR, x INTEGER)");
	});
}

//! Commits `count` 10-row inserts in one process and writes the latency of each (ms) to `latencies_path`.
//! With `kill` the process ends without closing its database (as if killed).
void CommitInChild(const std::string &dir, int64_t first, int64_t count, bool kill, const std::string &latencies_path) {
	InChild([&]() {
		auto db = new DuckDB(nullptr); // not deleted when `kill`: the instance is never closed
		inlake::LoadInlake(*db->instance);
		auto con = new Connection(*db);
		Run(*con, AttachSql(dir));
		auto insert = con->Prepare(kInsert);
		auto out = fopen(latencies_path.c_str(), "w");
		for (int64_t i = 0; i < count; i++) {
			auto start = NowMs();
			auto result = insert->Execute(Value::BIGINT((first + i) * 10));
			if (result->HasError()) {
				throw std::runtime_error(result->GetError());
			}
			fprintf(out, "%.4f\n", NowMs() - start);
		}
		fclose(out);
		if (kill) {
			_exit(0);
		}
		insert.reset();
		delete con;
		delete db;
	});
}

std::vector<double> ReadLatencies(const std::string &path) {
	std::vector<double> values;
	auto in = fopen(path.c_str(), "r");
	double value;
	while (in && fscanf(in, "%lf", &value) == 1) {
		values.push_back(value);
	}
	if (in) {
		fclose(in);
	}
	return values;
}

int64_t FileSize(const std::string &path) {
	std::error_code error;
	auto size = std::filesystem::file_size(path, error);
	return error ? 0 : int64_t(size);
}

Options ParseOptions(int argc, char **argv) {
	Options options;
	for (int i = 1; i < argc; i++) {
		std::string arg = argv[i];
		if (arg == "--commits" && i + 1 < argc) {
			options.commits = std::stoll(argv[++i]);
		} else if (arg == "--attach-reps" && i + 1 < argc) {
			options.attach_reps = std::stoll(argv[++i]);
		} else {
			printf("usage: history_bench [--commits N (default 20000)] [--attach-reps K (default 15)]\n");
			exit(arg == "--help" ? 0 : 2);
		}
	}
	return options;
}

} // namespace

int main(int argc, char **argv) {
	auto options = ParseOptions(argc, argv);
	auto dir = MakeTempDir("inlake-history-");
	try {
		CreateLake(dir);
		auto empty_ms = MedianAttachMs(dir, options.attach_reps);
		AddRow("attach, empty lake", Fmt("%.1f ms", empty_ms));

		// the first 200 commits (about 100 snapshots in) measure the young lake's latency
		auto early = dir + "/early.txt";
		CommitInChild(dir, 0, 200, false, early);
		int64_t done = 200;
		// then history grows in steps; after each, a writer that is killed and one that exits normally
		for (auto target : {int64_t(1000), int64_t(5000), options.commits}) {
			if (target <= done) {
				continue;
			}
			CommitInChild(dir, done, target - done - 100, false, dir + "/bulk.txt");
			CommitInChild(dir, target - 100, 100, true, dir + "/killed.txt");
			done = target;
			auto wal = FileSize(dir + "/lake.duckdb.wal");
			auto killed_ms = MedianAttachMs(dir, options.attach_reps);
			AddRatio(Fmt("attach after %.0f commits, writer killed / empty", double(target)), killed_ms / empty_ms,
			         2.0);
			AddRow(Fmt("  WAL left by the killed writer (KB), %.0f commits", double(target)),
			       Fmt("%.0f", double(wal) / 1024));
			CommitInChild(dir, done, 1, false, dir + "/one.txt"); // opens and closes normally
			done++;
			auto clean_ms = MedianAttachMs(dir, options.attach_reps);
			AddRatio(Fmt("attach after %.0f commits, clean exit / empty", double(target)), clean_ms / empty_ms, 2.0);
		}
		auto late = dir + "/late.txt";
		CommitInChild(dir, done, 200, false, late);
		auto early_latencies = ReadLatencies(early);
		auto late_latencies = ReadLatencies(late);
		AddRow("commit p50 at ~100 snapshots", Fmt("%.2f ms", Percentile(early_latencies, 0.5)));
		AddRow(Fmt("commit p50 at ~%.0f snapshots", double(done)), Fmt("%.2f ms", Percentile(late_latencies, 0.5)));
		AddRatio("commit p50, late / early", Percentile(late_latencies, 0.5) / Percentile(early_latencies, 0.5), 1.2);
		AddRatio("commit p99, late / early", Percentile(late_latencies, 0.99) / Percentile(early_latencies, 0.99),
		         1.2);
		AddRow("catalog file (MB)", Fmt("%.1f", double(FileSize(dir + "/lake.duckdb")) / (1024 * 1024)));
	} catch (std::exception &ex) {
		fprintf(stderr, "history_bench failed: %s\n", ex.what());
		std::filesystem::remove_all(dir);
		return 1;
	}
	PrintReport();
	std::filesystem::remove_all(dir);
	return 0;
}

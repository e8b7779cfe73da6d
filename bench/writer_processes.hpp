//===----------------------------------------------------------------------===//
// Writer processes for the concurrency benchmarks: the benchmark starts N
// copies of itself (`<exe> --writer-child ARGS...`), each opens its own
// DuckDB instance and lake, says it is ready, waits until every writer is,
// runs its commits, and reports how many committed, how many failed and
// each commit's latency. The parent times the whole run from the moment it
// releases the writers to the moment the last one is done.
//
// Protocol (one pipe pair per child): the child writes "READY\n" to stdout
// when set up; the parent, once all are ready, closes the shared "go" pipe
// (every child blocks reading it until EOF); at the end the child writes
// "DONE <commits> <failures>\n", a line of latencies in ms, and
// "ERROR <text>\n" lines for failed commits (at most a few).
//===----------------------------------------------------------------------===//
#pragma once

#include "bench_util.hpp"

#include <cstring>
#include <functional>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace bench {

struct WriterReport {
	int64_t commits = 0;
	int64_t failures = 0;
	std::vector<double> latencies_ms;
	std::vector<std::string> errors;
	//! Before the writer was ready: opening its database or lake, and its first (untimed) commit; -1: not reported
	double attach_ms = -1;
	double first_commit_ms = -1;
	//! NowMs() when the timed commits began and ended (0: not reported)
	double start_ms = 0;
	double end_ms = 0;
};

struct WriterRunResult {
	double wall_ms = 0;
	std::vector<WriterReport> writers;

	int64_t Commits() const {
		int64_t total = 0;
		for (auto &writer : writers) {
			total += writer.commits;
		}
		return total;
	}
	int64_t Failures() const {
		int64_t total = 0;
		for (auto &writer : writers) {
			total += writer.failures;
		}
		return total;
	}
	std::vector<double> Latencies() const {
		std::vector<double> all;
		for (auto &writer : writers) {
			all.insert(all.end(), writer.latencies_ms.begin(), writer.latencies_ms.end());
		}
		return all;
	}
	double CommitsPerSecond() const {
		return wall_ms > 0 ? double(Commits()) * 1000.0 / wall_ms : 0;
	}
	//! Commits per second over the time the writers committed (first start to last end, from their SPAN lines),
	//! not counting how long the processes took to be scheduled and to report; CommitsPerSecond() without spans.
	double CommitsPerSecondOfSpan() const {
		double first = 0, last = 0;
		for (auto &writer : writers) {
			if (writer.end_ms <= writer.start_ms) {
				return CommitsPerSecond();
			}
			first = first == 0 ? writer.start_ms : std::min(first, writer.start_ms);
			last = std::max(last, writer.end_ms);
		}
		return last > first ? double(Commits()) * 1000.0 / (last - first) : 0;
	}
};

//! The file descriptor a writer child reads the start signal from (set by RunWriterProcesses).
constexpr int kGoFd = 3;

//! In a writer child: reports readiness and blocks until the parent releases every writer.
inline void WaitForStart() {
	printf("READY\n");
	fflush(stdout);
	char byte;
	while (read(kGoFd, &byte, 1) > 0) {
	}
	close(kGoFd);
}

//! In a writer child: the final report.
inline void ReportWriter(const WriterReport &report) {
	printf("DONE %lld %lld\n", (long long)report.commits, (long long)report.failures);
	std::string line = "LAT";
	for (auto latency : report.latencies_ms) {
		line += Fmt(" %.4f", latency);
	}
	printf("%s\n", line.c_str());
	if (report.attach_ms >= 0) {
		printf("SETUP %.4f %.4f\n", report.attach_ms, report.first_commit_ms);
	}
	if (report.end_ms > 0) {
		printf("SPAN %.4f %.4f\n", report.start_ms, report.end_ms);
	}
	for (size_t i = 0; i < report.errors.size() && i < 5; i++) {
		std::string text = report.errors[i];
		std::replace(text.begin(), text.end(), '\n', ' ');
		printf("ERROR %s\n", text.c_str());
	}
	fflush(stdout);
}

//! Starts one child per entry of `child_args` (`/proc/self/exe --writer-child <args>`), releases them together
//! and collects their reports. Throws when a child does not report.
inline WriterRunResult RunWriterProcesses(const std::vector<std::vector<std::string>> &child_args) {
	int go[2];
	if (pipe(go) != 0) {
		throw std::runtime_error("pipe failed");
	}
	struct Child {
		pid_t pid;
		FILE *out;
	};
	std::vector<Child> children;
	for (auto &args : child_args) {
		int out[2];
		if (pipe(out) != 0) {
			throw std::runtime_error("pipe failed");
		}
		auto pid = fork();
		if (pid == 0) {
			dup2(out[1], STDOUT_FILENO);
			dup2(go[0], kGoFd);
			close(out[0]);
			close(out[1]);
			close(go[1]);
			std::vector<std::string> argv_text = {"/proc/self/exe", "--writer-child"};
			argv_text.insert(argv_text.end(), args.begin(), args.end());
			std::vector<char *> argv;
			for (auto &arg : argv_text) {
				argv.push_back(const_cast<char *>(arg.c_str()));
			}
			argv.push_back(nullptr);
			execv("/proc/self/exe", argv.data());
			_exit(127);
		}
		close(out[1]);
		children.push_back({pid, fdopen(out[0], "r")});
	}
	close(go[0]);
	char line[1 << 16];
	for (auto &child : children) {
		if (!fgets(line, sizeof(line), child.out) || strncmp(line, "READY", 5) != 0) {
			close(go[1]);
			throw std::runtime_error("a writer process failed to start");
		}
	}
	WriterRunResult result;
	auto start = NowMs();
	close(go[1]); // every writer starts now
	for (auto &child : children) {
		WriterReport report;
		std::string text;
		int c;
		while ((c = fgetc(child.out)) != EOF) {
			text += char(c);
		}
		fclose(child.out);
		std::istringstream lines(text);
		std::string entry;
		bool done = false;
		while (std::getline(lines, entry)) {
			std::istringstream words(entry);
			std::string kind;
			words >> kind;
			if (kind == "DONE") {
				words >> report.commits >> report.failures;
				done = true;
			} else if (kind == "LAT") {
				double latency;
				while (words >> latency) {
					report.latencies_ms.push_back(latency);
				}
			} else if (kind == "SETUP") {
				words >> report.attach_ms >> report.first_commit_ms;
			} else if (kind == "SPAN") {
				words >> report.start_ms >> report.end_ms;
			} else if (kind == "ERROR") {
				report.errors.push_back(entry.substr(6));
			}
		}
		int status = 0;
		waitpid(child.pid, &status, 0);
		if (!done) {
			throw std::runtime_error("a writer process ended without its report (status " + std::to_string(status) +
			                         ")");
		}
		result.writers.push_back(std::move(report));
	}
	result.wall_ms = NowMs() - start;
	return result;
}

} // namespace bench

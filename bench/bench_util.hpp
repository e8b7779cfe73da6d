//===----------------------------------------------------------------------===//
// Helpers for the benchmarks under bench/ (header-only: CMake builds every
// bench/*.cpp into its own executable). Timing, percentiles, a report table
// of measurement / value / target / verdict rows, statement execution that
// throws on error, and a fresh temporary directory.
//===----------------------------------------------------------------------===//
#pragma once

#include "duckdb.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

namespace bench {
using namespace duckdb; // NOLINT

struct Row {
	std::string name;
	std::string value;
	std::string target;
	std::string verdict;
};

//! The rows PrintReport prints, in the order they were added.
inline std::vector<Row> report;

//! Milliseconds on the monotonic clock.
inline double NowMs() {
	using namespace std::chrono;
	return duration<double, std::milli>(steady_clock::now().time_since_epoch()).count();
}

//! The nearest-rank percentile (p in [0, 1]) of samples; 0 when there are none.
inline double Percentile(std::vector<double> samples, double p) {
	if (samples.empty()) {
		return 0;
	}
	std::sort(samples.begin(), samples.end());
	auto index = idx_t(p * double(samples.size() - 1) + 0.5);
	return samples[std::min<idx_t>(index, samples.size() - 1)];
}

inline std::string Fmt(const char *format, double value) {
	char buffer[64];
	snprintf(buffer, sizeof(buffer), format, value);
	return buffer;
}

//! One row of the final table: measurement, value, target, verdict (MET / NOT MET / empty).
inline void AddRow(const std::string &name, const std::string &value, const std::string &target = "",
                   const std::string &verdict = "") {
	report.push_back({name, value, target, verdict});
}

//! A ratio row; a target > 0 adds "<= target" and its verdict.
inline void AddRatio(const std::string &name, double ratio, double target) {
	if (target > 0) {
		AddRow(name, Fmt("%.2fx", ratio), Fmt("<= %.1fx", target), ratio <= target ? "MET" : "NOT MET");
	} else {
		AddRow(name, Fmt("%.2fx", ratio));
	}
}

//! Runs one statement to completion; throws with the statement text on error.
inline unique_ptr<MaterializedQueryResult> Run(Connection &con, const std::string &sql) {
	auto result = con.Query(sql);
	if (result->HasError()) {
		throw std::runtime_error(sql + "\n  -> " + result->GetError());
	}
	return result;
}

inline double TimeMs(Connection &con, const std::string &sql) {
	auto start = NowMs();
	Run(con, sql);
	return NowMs() - start;
}

//! Median time of reps runs after one warm-up run, whose result (as text) goes to result_text.
inline double MedianQueryMs(Connection &con, const std::string &sql, idx_t reps, std::string &result_text) {
	result_text = Run(con, sql)->ToString();
	std::vector<double> times;
	for (idx_t i = 0; i < reps; i++) {
		times.push_back(TimeMs(con, sql));
	}
	return Percentile(times, 0.5);
}

//! Prints the report as a Markdown table.
inline void PrintReport() {
	size_t widths[3] = {11, 5, 6};
	for (auto &row : report) {
		widths[0] = std::max(widths[0], row.name.size());
		widths[1] = std::max(widths[1], row.value.size());
		widths[2] = std::max(widths[2], row.target.size());
	}
	auto line = [&](const std::string &a, const std::string &b, const std::string &c, const std::string &d) {
		printf("| %-*s | %*s | %-*s | %-7s |\n", int(widths[0]), a.c_str(), int(widths[1]), b.c_str(), int(widths[2]),
		       c.c_str(), d.c_str());
	};
	line("measurement", "value", "target", "verdict");
	printf("|%s|%s|%s|---------|\n", std::string(widths[0] + 2, '-').c_str(), std::string(widths[1] + 2, '-').c_str(),
	       std::string(widths[2] + 2, '-').c_str());
	for (auto &row : report) {
		line(row.name, row.value, row.target, row.verdict);
	}
}

//! A new empty directory <tmp>/<prefix>XXXXXX (mkdtemp); the caller removes it.
inline std::string MakeTempDir(const std::string &prefix) {
	auto pattern = (std::filesystem::temp_directory_path() / (prefix + "XXXXXX")).string();
	std::vector<char> buffer(pattern.begin(), pattern.end());
	buffer.push_back('\0');
	if (!mkdtemp(buffer.data())) {
		throw std::runtime_error("mkdtemp failed for " + pattern);
	}
	return buffer.data();
}

} // namespace bench

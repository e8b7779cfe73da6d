//===----------------------------------------------------------------------===//
// Memory and correctness helpers shared by the Parquet-writing benchmarks
// (flush_bench, compaction_bench): VmRSS / VmHWM of the process around one
// timed statement (the peak is reset right before it, so "peak during" is
// that statement's own high-water mark), DuckDB's buffer-manager memory, and
// MET / NOT MET correctness rows.
//===----------------------------------------------------------------------===//
#pragma once

#include "bench_util.hpp"

#include <fstream>
#include <string>

namespace bench {

//! A "VmXXX:" line of /proc/self/status in MB (-1 if missing).
inline double ProcStatusMb(const std::string &key) {
	std::ifstream status("/proc/self/status");
	std::string line;
	while (std::getline(status, line)) {
		if (line.rfind(key + ":", 0) == 0) {
			return double(std::stoll(line.substr(key.size() + 1))) / 1024.0; // the value is in kB
		}
	}
	return -1;
}

//! Resets VmHWM to the current RSS (Linux >= 4.0); false if not possible.
inline bool ResetPeakRss() {
	std::ofstream clear_refs("/proc/self/clear_refs");
	clear_refs << "5";
	clear_refs.flush();
	return bool(clear_refs);
}

//! DuckDB's own accounting: memory held by its buffer manager, in MB.
inline double DuckDBMemoryMb(Connection &con) {
	auto result = Run(con, "SELECT coalesce(sum(memory_usage_bytes), 0) FROM duckdb_memory()");
	return double(result->GetValue(0, 0).GetValue<int64_t>()) / (1024.0 * 1024.0);
}

inline int64_t ScalarInt(Connection &con, const std::string &sql) {
	auto result = Run(con, sql);
	auto value = result->GetValue(0, 0);
	return value.IsNull() ? 0 : value.GetValue<int64_t>();
}

//! Memory around one timed statement.
struct MemorySample {
	double rss_before = 0;
	double hwm_before = 0; // the process's peak so far
	double duckdb_before = 0;
	double hwm_during = 0; // peak since the reset right before the statement
	double rss_after = 0;
	double duckdb_after = 0;
	bool reset = false;
};

//! Runs sql with memory sampled around it; returns its time in ms. noinline:
//! a profiler can collect only inside it (--toggle-collect='*TimedStatement*').
__attribute__((noinline)) inline double TimedStatement(Connection &con, const std::string &sql, MemorySample &memory,
                                                unique_ptr<MaterializedQueryResult> &result) {
	memory.rss_before = ProcStatusMb("VmRSS");
	memory.hwm_before = ProcStatusMb("VmHWM");
	memory.duckdb_before = DuckDBMemoryMb(con);
	memory.reset = ResetPeakRss();
	auto start = NowMs();
	result = Run(con, sql);
	auto elapsed = NowMs() - start;
	memory.hwm_during = ProcStatusMb("VmHWM");
	memory.rss_after = ProcStatusMb("VmRSS");
	memory.duckdb_after = DuckDBMemoryMb(con);
	return elapsed;
}

inline void AddMemoryRows(const std::string &label, const MemorySample &memory) {
	AddRow("RSS before " + label, Fmt("%.1f MB", memory.rss_before));
	AddRow("peak RSS (VmHWM) before " + label, Fmt("%.1f MB", memory.hwm_before));
	AddRow(std::string("peak RSS (VmHWM) ") + (memory.reset ? "during " : "after (no reset) ") + label,
	       Fmt("%.1f MB", memory.hwm_during));
	AddRow("peak RSS growth during " + label, Fmt("%.1f MB", memory.hwm_during - memory.rss_before));
	AddRow("RSS after " + label, Fmt("%.1f MB", memory.rss_after));
	AddRow("duckdb_memory() before / after " + label,
	       Fmt("%.1f", memory.duckdb_before) + " / " + Fmt("%.1f MB", memory.duckdb_after));
}

inline void Check(bool ok, const std::string &name, const std::string &value, const std::string &expected, int &failures) {
	AddRow(name, value, expected, ok ? "MET" : "NOT MET");
	if (!ok) {
		failures++;
	}
}

} // namespace bench

#include "lineage.hpp"

#include <unordered_set>

namespace inlake_random {

std::string Lineage::Check(SqlSession &lake, int table, const std::string &lake_table, bool accept_changes,
                           int64_t own_low, int64_t own_high) {
	if (int(rowids.size()) <= table) {
		rowids.resize(table + 1);
	}
	auto exec = lake.Exec("SELECT k, rowid FROM " + lake_table);
	if (!exec.ok) {
		return "reading rowids failed: " + exec.Describe();
	}
	auto &known = rowids[table];
	std::unordered_map<int64_t, int64_t> current;
	std::unordered_set<int64_t> seen;
	std::string report;
	int problems = 0;
	for (auto &chunk : exec.result->Collection().Chunks()) {
		for (duckdb::idx_t row = 0; row < chunk.size(); row++) {
			auto key = chunk.GetValue(0, row).GetValue<int64_t>();
			auto rowid = chunk.GetValue(1, row).GetValue<int64_t>();
			if (key >= own_low && key < own_high) {
				current[key] = rowid;
			}
			if (!seen.insert(rowid).second && problems++ < 5) {
				report += "  rowid " + std::to_string(rowid) + " appears twice (k " + std::to_string(key) + ")\n";
			}
			auto entry = key >= own_low && key < own_high ? known.find(key) : known.end();
			if (entry != known.end() && entry->second != rowid && !accept_changes && problems++ < 5) {
				report += "  k " + std::to_string(key) + " had rowid " + std::to_string(entry->second) + ", now " +
				          std::to_string(rowid) + "\n";
			}
		}
	}
	known = std::move(current);
	if (problems > 0) {
		return "row lineage broken (" + std::to_string(problems) + " problems):\n" + report;
	}
	return "";
}

void Lineage::Corrupt(int table) {
	if (int(rowids.size()) > table && !rowids[table].empty()) {
		rowids[table].begin()->second += 1000000;
	}
}

} // namespace inlake_random

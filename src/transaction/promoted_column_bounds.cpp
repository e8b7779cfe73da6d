#include "transaction/promoted_column_bounds.hpp"

#include "transaction/table_stats_merge.hpp"

#include <set>

namespace inlake {
using duckdb::LogicalType;
using duckdb::LogicalTypeId;
using duckdb::Value;

//! The text of the DOUBLE that FLOAT text `text` stands for; false when it is no FLOAT
static bool AsDouble(const std::string &text, std::string &result) {
	Value value;
	std::string error;
	if (!ParseStatValue(text, LogicalType::FLOAT, value) || !value.DefaultTryCastAs(LogicalType::DOUBLE, value, &error)) {
		return false;
	}
	result = value.ToString();
	return true;
}

void RewritePromotedBounds(const std::vector<LakeColumn> &before, const std::vector<LakeColumn> &after,
                           int64_t table_id, MetadataWriteTxn &write) {
	std::map<int64_t, LogicalType> old_types, new_types;
	CollectColumnTypes(before, old_types);
	CollectColumnTypes(after, new_types);
	std::set<int64_t> promoted;
	for (auto &entry : new_types) {
		auto old_type = old_types.find(entry.first);
		if (old_type != old_types.end() && old_type->second.id() == LogicalTypeId::FLOAT &&
		    entry.second.id() == LogicalTypeId::DOUBLE) {
			promoted.insert(entry.first);
		}
	}
	if (promoted.empty()) {
		return;
	}
	auto stats = write.GetTableStats(table_id);
	if (stats.table_id < 0) {
		return;
	}
	bool changed = false;
	for (auto &column : stats.column_stats) {
		if (!promoted.count(column.column_id) || !column.has_min_max) {
			continue;
		}
		std::string min_value, max_value;
		if (AsDouble(column.min_value, min_value) && AsDouble(column.max_value, max_value)) {
			column.min_value = min_value;
			column.max_value = max_value;
		} else {
			column.has_min_max = false; // (not FLOAT text: no bound it is sure of)
			column.min_value.clear();
			column.max_value.clear();
		}
		changed = true;
	}
	if (changed) {
		write.WriteTableStats(stats, true);
	}
}

} // namespace inlake

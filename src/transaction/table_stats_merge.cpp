#include "transaction/table_stats_merge.hpp"

#include <map>

namespace inlake {
using duckdb::LogicalType;
using duckdb::Value;

void CollectColumnTypes(const std::vector<LakeColumn> &columns, std::map<int64_t, LogicalType> &types) {
	for (auto &column : columns) {
		types[column.column_id] = column.type;
		CollectColumnTypes(column.children, types);
	}
}

bool StatValueReplaces(const std::string &candidate, const std::string &current, const LogicalType &type,
                     bool want_less) {
	Value a, b;
	std::string error;
	if (!Value(candidate).DefaultTryCastAs(type, a, &error) || !Value(current).DefaultTryCastAs(type, b, &error)) {
		return false;
	}
	return want_less ? a < b : a > b;
}

void MergeFileIntoTableStats(const std::vector<LakeColumn> &columns, const DataFileRecord &file,
                             TableStatsRecord &stats) {
	stats.record_count += file.record_count;
	stats.file_size_bytes += file.file_size_bytes;
	stats.next_row_id = std::max(stats.next_row_id, file.row_id_start + file.record_count);
	MergeColumnStats(columns, file.column_stats, stats);
}

void MergeColumnStats(const std::vector<LakeColumn> &columns, const std::vector<FileColumnStatsRecord> &file_stats,
                      TableStatsRecord &stats) {
	std::map<int64_t, LogicalType> types;
	CollectColumnTypes(columns, types);
	for (auto &file_column : file_stats) {
		ColumnStatsRecord *target = nullptr;
		for (auto &existing : stats.column_stats) {
			if (existing.column_id == file_column.column_id) {
				target = &existing;
			}
		}
		if (!target) {
			stats.column_stats.emplace_back();
			target = &stats.column_stats.back();
			target->column_id = file_column.column_id;
			target->has_min_max = file_column.has_min_max;
			target->min_value = file_column.min_value;
			target->max_value = file_column.max_value;
			target->contains_null = file_column.null_count != 0;
			target->contains_nan = file_column.contains_nan;
			continue;
		}
		target->contains_null = target->contains_null || file_column.null_count != 0;
		target->contains_nan = target->contains_nan || file_column.contains_nan;
		if (!file_column.has_min_max) {
			continue;
		}
		auto type = types.count(file_column.column_id) ? types[file_column.column_id] : LogicalType::VARCHAR;
		if (!target->has_min_max) {
			target->has_min_max = true;
			target->min_value = file_column.min_value;
			target->max_value = file_column.max_value;
			continue;
		}
		if (StatValueReplaces(file_column.min_value, target->min_value, type, true)) {
			target->min_value = file_column.min_value;
		}
		if (StatValueReplaces(file_column.max_value, target->max_value, type, false)) {
			target->max_value = file_column.max_value;
		}
	}
}

} // namespace inlake

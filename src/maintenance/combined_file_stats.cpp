#include "maintenance/combined_file_stats.hpp"

#include "transaction/table_stats_merge.hpp"

#include <map>

namespace inlake {

namespace {

struct Combined {
	WrittenColumnStats stats;
	size_t sources = 0;
	bool bounds_known = true;
};

void Fold(Combined &target, const FileColumnStatsRecord &source, const duckdb::LogicalType &type) {
	auto &stats = target.stats;
	bool first = target.sources++ == 0;
	stats.value_count += source.value_count;
	stats.null_count += source.null_count;
	stats.column_size_bytes += source.column_size_bytes;
	stats.contains_nan = stats.contains_nan || source.contains_nan;
	if (!source.has_min_max) {
		// no bounds: fine when the source holds only NULLs there (or nothing), unknown otherwise
		if (source.value_count == 0 || source.null_count < source.value_count) {
			target.bounds_known = false;
		}
		return;
	}
	if (first || !stats.has_min_max) {
		stats.has_min_max = true;
		stats.min_value = source.min_value;
		stats.max_value = source.max_value;
		return;
	}
	if (StatValueReplaces(source.min_value, stats.min_value, type, true)) {
		stats.min_value = source.min_value;
	}
	if (StatValueReplaces(source.max_value, stats.max_value, type, false)) {
		stats.max_value = source.max_value;
	}
}

} // namespace

std::vector<WrittenColumnStats> CombineFileStats(const std::vector<LakeColumn> &columns,
                                                 const std::vector<const DataFileRecord *> &sources) {
	std::map<int64_t, duckdb::LogicalType> types;
	CollectColumnTypes(columns, types);
	std::map<int64_t, Combined> combined;
	for (auto source : sources) {
		for (auto &column : source->column_stats) {
			auto type = types.find(column.column_id);
			if (type == types.end()) {
				continue;
			}
			auto &target = combined[column.column_id];
			target.stats.column_id = column.column_id;
			Fold(target, column, type->second);
		}
	}
	std::vector<WrittenColumnStats> result;
	for (auto &entry : combined) {
		if (entry.second.sources != sources.size()) {
			continue; // a source without statistics for the column: unknown
		}
		auto stats = entry.second.stats;
		if (!entry.second.bounds_known) {
			stats.has_min_max = false;
			stats.min_value.clear();
			stats.max_value.clear();
		}
		result.push_back(std::move(stats));
	}
	return result;
}

} // namespace inlake

#include "read/scan_statistics.hpp"

#include "common/column_bounds.hpp"

namespace inlake {
using namespace duckdb;

static unique_ptr<BaseStatistics> FileBounds(const ScanDataFile &file, const LakeColumn &column) {
	auto entry = file.column_stats.find(column.column_id);
	if (entry == file.column_stats.end() || !entry->second.has_min_max) {
		return nullptr;
	}
	auto &stats = entry->second;
	return BoundsStatistics(column.type, Value(stats.min_value), Value(stats.max_value), stats.contains_null);
}

unique_ptr<BaseStatistics> LakeScanColumnStatistics(const LakeScanSpec &spec, idx_t column_index) {
	if (column_index >= spec.columns.size() || !HasValueBounds(spec.columns[column_index].type)) {
		return nullptr;
	}
	auto &column = spec.columns[column_index];
	auto result = BaseStatistics::CreateEmpty(column.type);
	for (auto &file : spec.files) {
		auto bounds = FileBounds(file, column);
		if (!bounds) {
			return nullptr;
		}
		result.Merge(*bounds);
	}
	for (auto &row_set : spec.row_sets) {
		if (row_set.rows) {
			if (row_set.rows->Count() == 0) {
				continue;
			}
			return nullptr; // the transaction's own rows: not worth a pass over them here
		}
		auto bounds = row_set.statistics ? row_set.statistics(column_index) : nullptr;
		if (!bounds) {
			return nullptr;
		}
		result.Merge(*bounds);
	}
	return result.ToUnique();
}

} // namespace inlake

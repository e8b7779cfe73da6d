#include "read/file_stats_filter.hpp"

#include "read/partition_filter.hpp"

#include "duckdb/common/types/string_type.hpp"
#include "duckdb/storage/statistics/base_statistics.hpp"
#include "duckdb/storage/statistics/numeric_stats.hpp"
#include "duckdb/storage/statistics/string_stats.hpp"

namespace inlake {

using namespace duckdb;

//! (with no error string, DuckDB's "try" cast throws: a file's bounds may not fit an older, narrower type of the
//! column that time travel reads it as)
static bool TryCastStat(const std::string &text, const LogicalType &type, Value &result) {
	std::string error;
	return Value(text).DefaultTryCastAs(type, result, &error);
}

static bool TrySetMinMax(BaseStatistics &stats, const ScanColumnStats &column_stats, const LogicalType &type) {
	Value min_value;
	Value max_value;
	if (!TryCastStat(column_stats.min_value, type, min_value) ||
	    !TryCastStat(column_stats.max_value, type, max_value)) {
		return false;
	}
	if (min_value.IsNull() || max_value.IsNull()) {
		return false;
	}
	if (stats.GetStatsType() == StatisticsType::NUMERIC_STATS) {
		NumericStats::SetMin(stats, min_value);
		NumericStats::SetMax(stats, max_value);
		return true;
	}
	auto &min_text = StringValue::Get(min_value);
	auto &max_text = StringValue::Get(max_value);
	StringStats::SetMin(stats, string_t(min_text.c_str(), NumericCast<uint32_t>(min_text.size())));
	StringStats::SetMax(stats, string_t(max_text.c_str(), NumericCast<uint32_t>(max_text.size())));
	return true;
}

//! Builds the statistics of one column of the file; false if they say nothing usable
static bool TryBuildStats(const ScanColumnStats &column_stats, const LogicalType &type,
                          unique_ptr<BaseStatistics> &result) {
	if (type.id() == LogicalTypeId::FLOAT || type.id() == LogicalTypeId::DOUBLE) {
		return false;
	}
	auto stats_type = BaseStatistics::GetStatsType(type);
	auto stats = BaseStatistics::CreateUnknown(type);
	if (column_stats.has_min_max) {
		if (stats_type != StatisticsType::NUMERIC_STATS && stats_type != StatisticsType::STRING_STATS) {
			return false;
		}
		if (stats_type == StatisticsType::STRING_STATS && type.id() != LogicalTypeId::VARCHAR) {
			return false;
		}
		if (!TrySetMinMax(stats, column_stats, type)) {
			return false;
		}
	}
	stats.Set(column_stats.contains_null ? StatsInfo::CAN_HAVE_NULL_AND_VALID_VALUES
	                                     : StatsInfo::CANNOT_HAVE_NULL_VALUES);
	result = stats.ToUnique();
	return true;
}

static bool FilterExcludesFile(const TableFilter &filter, BaseStatistics &stats) {
	auto result = filter.CheckStatistics(stats);
	return result == FilterPropagateResult::FILTER_ALWAYS_FALSE ||
	       result == FilterPropagateResult::FILTER_FALSE_OR_NULL;
}

bool FileCannotMatch(const LakeScanSpec &spec, const ScanDataFile &file, const vector<column_t> &column_ids,
                     const TableFilterSet &filters) {
	if (PartitionsExcludeFile(spec, file, column_ids, filters)) {
		return true;
	}
	for (auto &entry : filters.filters) {
		if (entry.first >= column_ids.size()) {
			continue;
		}
		auto column_index = column_ids[entry.first];
		if (IsVirtualColumn(column_index) || column_index >= spec.columns.size()) {
			continue;
		}
		auto &column = spec.columns[column_index];
		auto stats_entry = file.column_stats.find(column.column_id);
		if (stats_entry == file.column_stats.end()) {
			continue;
		}
		unique_ptr<BaseStatistics> stats;
		if (!TryBuildStats(stats_entry->second, column.type, stats)) {
			continue;
		}
		if (FilterExcludesFile(*entry.second, *stats)) {
			return true;
		}
	}
	return false;
}

} // namespace inlake

#include "write/written_file_stats.hpp"

#include "write/parquet_value_encoding.hpp"

#include "duckdb/common/string_util.hpp"
#include "duckdb/parser/keyword_helper.hpp"
#include "duckdb/common/types/blob.hpp"

namespace inlake {

using duckdb::LogicalTypeId;
using duckdb::Value;

using ColumnStatsMap = duckdb::case_insensitive_map_t<Value>;

static int64_t GetCount(const ColumnStatsMap &map, const char *key, int64_t fallback) {
	auto entry = map.find(key);
	if (entry == map.end() || entry->second.IsNull()) {
		return fallback;
	}
	return entry->second.GetValue<int64_t>();
}

//! DuckDB reports BLOB bounds as hex digits; turn them into the BLOB's own string form.
static std::string HexToBlobString(const std::string &hex) {
	std::string bytes;
	bytes.reserve(hex.size() / 2);
	auto nibble = [](char c) -> int {
		return c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10;
	};
	for (size_t i = 0; i + 1 < hex.size(); i += 2) {
		bytes.push_back(static_cast<char>((nibble(hex[i]) << 4) | nibble(hex[i + 1])));
	}
	return Value::BLOB_RAW(bytes).ToString();
}

static void SetMinMax(const duckdb::LogicalType &type, const ColumnStatsMap &map, WrittenColumnStats &result) {
	auto min_entry = map.find("min");
	auto max_entry = map.find("max");
	if (min_entry == map.end() || max_entry == map.end() || min_entry->second.IsNull() ||
	    max_entry->second.IsNull()) {
		return;
	}
	if (HasParquetStorageEncoding(type)) {
		return; // written as text, whose order is not the type's
	}
	switch (type.id()) {
	case LogicalTypeId::BLOB:
		result.min_value = HexToBlobString(min_entry->second.ToString());
		result.max_value = HexToBlobString(max_entry->second.ToString());
		break;
	default:
		result.min_value = min_entry->second.ToString();
		result.max_value = max_entry->second.ToString();
		break;
	}
	result.has_min_max = true;
}

static int64_t NestedSize(const duckdb::CopyFunctionFileStatistics &stats, const std::string &prefix) {
	int64_t total = 0;
	for (auto &entry : stats.column_statistics) {
		if (duckdb::StringUtil::StartsWith(entry.first, prefix + ".")) {
			total += GetCount(entry.second, "column_size_bytes", 0);
		}
	}
	return total;
}

static WrittenColumnStats ConvertColumn(const duckdb::CopyFunctionFileStatistics &stats,
                                        const ParquetStatsPath &path,
                                        const std::unordered_map<int64_t, NestedCounts> &nested_counts) {
	WrittenColumnStats result;
	result.column_id = path.column->column_id;
	result.value_count = static_cast<int64_t>(stats.row_count);
	bool use_counter = !path.is_leaf || path.under_repeated;
	if (use_counter) {
		auto counted = nested_counts.find(result.column_id);
		if (counted != nested_counts.end()) {
			result.value_count = counted->second.value_count;
			result.null_count = counted->second.null_count;
		} else {
			result.value_count = path.depth == 0 ? result.value_count : 0;
		}
	}
	if (!path.is_leaf) {
		result.column_size_bytes = NestedSize(stats, path.stats_key);
		return result;
	}
	auto entry = stats.column_statistics.find(path.stats_key);
	if (entry == stats.column_statistics.end()) {
		return result;
	}
	auto &map = entry->second;
	result.column_size_bytes = GetCount(map, "column_size_bytes", 0);
	if (!use_counter) {
		result.null_count = GetCount(map, "null_count", 0);
	}
	auto nan = map.find("has_nan");
	result.contains_nan = nan != map.end() && !nan->second.IsNull() && nan->second.GetValue<bool>();
	SetMinMax(path.column->type, map, result);
	return result;
}

WrittenDataFile ConvertWrittenFileStats(const duckdb::CopyFunctionFileStatistics &stats,
                                        const std::vector<ParquetStatsPath> &paths,
                                        const std::unordered_map<int64_t, NestedCounts> &nested_counts) {
	WrittenDataFile result;
	result.record_count = static_cast<int64_t>(stats.row_count);
	result.file_size_bytes = static_cast<int64_t>(stats.file_size_bytes);
	result.footer_size = stats.footer_size_bytes.IsNull() ? 0 : stats.footer_size_bytes.GetValue<int64_t>();
	for (auto &path : paths) {
		if (path.depth == 0 || path.is_leaf) {
			result.column_stats.push_back(ConvertColumn(stats, path, nested_counts));
		}
	}
	return result;
}

int64_t WrittenMinRowId(const duckdb::CopyFunctionFileStatistics &stats) {
	// keyed like every column: the quoted Parquet name
	auto key = duckdb::KeywordHelper::WriteQuoted(RowIdAndSnapshotColumns()[0].name, '"');
	auto entry = stats.column_statistics.find(key);
	if (entry == stats.column_statistics.end()) {
		return -1;
	}
	auto min = entry->second.find("min");
	if (min == entry->second.end() || min->second.IsNull()) {
		return -1;
	}
	Value value;
	std::string error;
	if (!min->second.DefaultTryCastAs(duckdb::LogicalType::BIGINT, value, &error) || value.IsNull()) {
		return -1;
	}
	return value.GetValue<int64_t>();
}

} // namespace inlake

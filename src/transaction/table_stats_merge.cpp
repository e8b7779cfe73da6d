#include "transaction/table_stats_merge.hpp"

#include "transaction/bound_headroom.hpp"
#include "write/inlined_rows_stats.hpp"

#include "duckdb/function/cast/cast_function_set.hpp"

namespace inlake {
using duckdb::LogicalType;
using duckdb::Value;

void CollectColumnTypes(const std::vector<LakeColumn> &columns, std::map<int64_t, LogicalType> &types) {
	for (auto &column : columns) {
		types[column.column_id] = column.type;
		CollectColumnTypes(column.children, types);
	}
}

namespace {

//! The last statistics texts cast in this thread: a commit casts the table's bounds, which rarely change, and its
//! rows' bounds, which often repeat the last commit's (a cast is pure: the same text and type give the same value)
class RecentStatValues {
public:
	bool Find(const std::string &text, const LogicalType &type, bool &ok, Value &value) const {
		for (auto &entry : entries) {
			if (entry.text == text && entry.type == type) {
				ok = entry.ok;
				value = entry.value;
				return true;
			}
		}
		return false;
	}
	void Add(const std::string &text, const LogicalType &type, bool ok, const Value &value) {
		if (entries.size() < kCapacity) {
			entries.push_back(Entry {text, type, ok, value});
			return;
		}
		entries[next_replaced] = Entry {text, type, ok, value};
		next_replaced = (next_replaced + 1) % kCapacity;
	}

private:
	static constexpr size_t kCapacity = 16;
	struct Entry {
		std::string text;
		LogicalType type;
		bool ok;
		Value value;
	};
	std::vector<Entry> entries;
	size_t next_replaced = 0;
};

} // namespace

bool ParseStatValue(const std::string &text, const LogicalType &type, Value &value) {
	thread_local RecentStatValues recent;
	bool ok = false;
	if (recent.Find(text, type, ok, value)) {
		return ok;
	}
	// (DuckDB's default casts, with the set built once per thread: building it is most of a cast's cost)
	thread_local duckdb::CastFunctionSet casts;
	thread_local duckdb::GetCastFunctionInput input;
	std::string error;
	ok = Value(text).TryCastAs(casts, input, type, value, &error);
	recent.Add(text, type, ok, ok ? value : Value());
	return ok;
}

bool StatValueReplaces(const std::string &candidate, const std::string &current, const LogicalType &type,
                     bool want_less) {
	Value a, b;
	if (!ParseStatValue(candidate, type, a) || !ParseStatValue(current, type, b)) {
		return false;
	}
	return want_less ? a < b : a > b;
}

TableStatsMerge::TableStatsMerge(const std::vector<LakeColumn> &columns, TableStatsRecord &stats)
    : stats(stats), never_had_rows(stats.next_row_id == 0) {
	CollectColumns(columns);
}

void TableStatsMerge::CollectColumns(const std::vector<LakeColumn> &columns) {
	for (auto &column : columns) {
		columns_by_id[column.column_id] = &column;
		CollectColumns(column.children);
	}
}

void TableStatsMerge::AddFile(const DataFileRecord &file) {
	stats.record_count += file.record_count;
	stats.file_size_bytes += file.file_size_bytes;
	stats.next_row_id = std::max(stats.next_row_id, file.row_id_start + file.record_count);
	AddColumnStats(file.column_stats);
}

ColumnStatsRecord &TableStatsMerge::NewColumnRow(int64_t column_id) {
	stats.column_stats.emplace_back();
	auto &row = stats.column_stats.back();
	row.column_id = column_id;
	known_before.insert(column_id);
	if (never_had_rows) {
		return row;
	}
	// the column (or nested field) came after the table's rows (ALTER TABLE ... ADD COLUMN): they hold its
	// initial default
	auto column = columns_by_id.find(column_id);
	if (column == columns_by_id.end() || !column->second->has_initial_default) {
		row.contains_null = true;
		return row;
	}
	auto &type = column->second->type;
	Value value;
	if (type.IsNested() || !ParseStatValue(column->second->initial_default, type, value)) {
		unbounded.insert(column_id);
		return row;
	}
	if (IsNanValue(value)) {
		row.contains_nan = true; // (bounds leave NaN out)
		return row;
	}
	row.has_min_max = true;
	row.min_value = row.max_value = value.ToString();
	return row;
}

void TableStatsMerge::AddColumnStats(const std::vector<FileColumnStatsRecord> &added) {
	for (auto &column : added) {
		ColumnStatsRecord *target = nullptr;
		for (auto &existing : stats.column_stats) {
			if (existing.column_id == column.column_id) {
				target = &existing;
			}
		}
		if (!target) {
			target = &NewColumnRow(column.column_id);
		}
		target->contains_null = target->contains_null || column.null_count != 0;
		target->contains_nan = target->contains_nan || column.contains_nan;
		Widen(*target, column);
	}
}

//! `text` as a bound of a column of `type`; false when it is none. DuckDB's Parquet writer cuts a string bound to
//! 256 bytes, which of a JSON value is no JSON (the default casts do not check JSON): a JSON bound that long is
//! taken for a cut one.
static bool ParseBound(const std::string &text, const LogicalType &type, Value &value) {
	return !(type.IsJSONType() && text.size() >= kMaxInlinedBoundBytes) && ParseStatValue(text, type, value);
}

void TableStatsMerge::Widen(ColumnStatsRecord &target, const FileColumnStatsRecord &added) {
	auto column = columns_by_id.find(target.column_id);
	auto type = column != columns_by_id.end() ? column->second->type : LogicalType::VARCHAR;
	Value added_min, added_max;
	if (added.has_min_max && (!ParseBound(added.min_value, type, added_min) ||
	                          !ParseBound(added.max_value, type, added_max))) {
		FileColumnStatsRecord unbounded_values = added;
		unbounded_values.has_min_max = false;
		Widen(target, unbounded_values);
		return;
	}
	if (!added.has_min_max) {
		// (a file's NaN says nothing about its other values: a Parquet list of doubles holding a NaN comes without
		// bounds for all of them)
		bool all_null = added.value_count > 0 && added.null_count >= added.value_count;
		if (!all_null) {
			// values without bounds (or counts that do not say): the table's range is unknown from now on
			unbounded.insert(target.column_id);
			target.has_min_max = false;
			target.min_value.clear();
			target.max_value.clear();
		}
		return;
	}
	if (unbounded.count(target.column_id)) {
		return;
	}
	if (!target.has_min_max) {
		if (!never_had_rows && !known_before.count(target.column_id)) {
			return; // NULL in a table that has had rows: unknown, or only NULLs so far (NULL bounds both)
		}
		target.has_min_max = true;
		target.min_value = added.min_value;
		target.max_value = added.max_value;
		return;
	}
	Value current_min, current_max;
	if (!ParseStatValue(target.min_value, type, current_min) || !ParseStatValue(target.max_value, type, current_max)) {
		return; // (bounds of another writer's that do not read as the type: kept as they are)
	}
	bool grow_min = added_min < current_min;
	bool grow_max = added_max > current_max;
	// a table's first rows set exact bounds; later growth gets headroom (see bound_headroom.hpp)
	auto new_min = grow_min ? added.min_value : target.min_value;
	auto new_max = grow_max ? added.max_value : target.max_value;
	if (grow_min) {
		target.min_value = never_had_rows ? new_min : BoundWithHeadroom(type, new_min, new_max, true);
	}
	if (grow_max) {
		target.max_value = never_had_rows ? new_max : BoundWithHeadroom(type, new_max, new_min, false);
	}
}

} // namespace inlake

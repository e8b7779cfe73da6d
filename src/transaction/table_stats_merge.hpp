//===----------------------------------------------------------------------===//
// Folding what a commit adds to a table into its running statistics
// (ducklake_table_stats / ducklake_table_column_stats): record count, file
// size, next row id, and per column contains_null / contains_nan / min / max
// (compared as values of the column's type, not as strings).
//
// The spec makes a table's min/max a lower and an upper bound of every value
// in the table, and other DuckLake readers prune by them. Once a table has
// had rows, its bounds only widen, or become unknown (NULL) for good when
// added values come without bounds (a long string, a nested or text-stored
// type): the catalog's NULL range cannot tell "unknown" from "no values yet",
// so a NULL range is filled in only while the table has never had a row
// (next_row_id 0) or when its statistics row is new. A column that held only
// NULLs at first keeps a NULL range, which bounds everything. A column (or a
// nested field) with no statistics row in a table that has had rows was added
// by ALTER TABLE: the older rows hold its initial default (or NULL, or NaN),
// which the new row takes in. (TryCommitInlinedInserts relies on the bounds
// only growing.)
//===----------------------------------------------------------------------===//
#pragma once

#include "metadata/metadata_records.hpp"

#include <map>
#include <set>

namespace inlake {

//! The statistics text `text` as a value of `type` (DuckDB's default cast); false when it does not convert.
bool ParseStatValue(const std::string &text, const duckdb::LogicalType &type, duckdb::Value &value);
//! True when the statistics value `candidate` is below (want_less) / above `current`, compared as values of
//! `type` (false when either does not convert).
bool StatValueReplaces(const std::string &candidate, const std::string &current, const duckdb::LogicalType &type,
                       bool want_less);
//! The type of every column id of `columns`, nested fields included.
void CollectColumnTypes(const std::vector<LakeColumn> &columns, std::map<int64_t, duckdb::LogicalType> &types);

//! One commit's changes to one table's statistics; `stats` is what the catalog held before the commit (`columns` and
//! `stats` must outlive the merge).
class TableStatsMerge {
public:
	TableStatsMerge(const std::vector<LakeColumn> &columns, TableStatsRecord &stats);

	//! A new data file: its rows, size and row ids, and its column statistics.
	void AddFile(const DataFileRecord &file);
	//! Only column statistics: inlined rows (counted by the caller), or a flushed file whose rows were counted
	//! when they were inlined.
	void AddColumnStats(const std::vector<FileColumnStatsRecord> &added);

private:
	void CollectColumns(const std::vector<LakeColumn> &columns);
	ColumnStatsRecord &NewColumnRow(int64_t column_id);
	void Widen(ColumnStatsRecord &target, const FileColumnStatsRecord &added);

	TableStatsRecord &stats;
	bool never_had_rows;
	//! every column and nested field, by id
	std::map<int64_t, const LakeColumn *> columns_by_id;
	//! columns whose range became unknown in this commit
	std::set<int64_t> unbounded;
	//! columns whose statistics row this merge creates: what the table's older rows hold in them is known
	std::set<int64_t> known_before;
};

} // namespace inlake

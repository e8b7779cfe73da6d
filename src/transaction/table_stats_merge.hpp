//===----------------------------------------------------------------------===//
// Folding a new data file into a table's running statistics
// (ducklake_table_stats / ducklake_table_column_stats): record count, file
// size, next row id, and per column contains_null / contains_nan / min / max
// (compared as values of the column's type, not as strings).
//===----------------------------------------------------------------------===//
#pragma once

#include "metadata/metadata_records.hpp"

#include <map>

namespace inlake {

//! True when the statistics value `candidate` is below (want_less) / above `current`, compared as values of
//! `type` (false when either does not convert).
bool StatValueReplaces(const std::string &candidate, const std::string &current, const duckdb::LogicalType &type,
                       bool want_less);
//! The type of every column id of `columns`, nested fields included.
void CollectColumnTypes(const std::vector<LakeColumn> &columns, std::map<int64_t, duckdb::LogicalType> &types);

void MergeFileIntoTableStats(const std::vector<LakeColumn> &columns, const DataFileRecord &file,
                             TableStatsRecord &stats);
//! Only the per-column part: a flushed file's rows were counted when they were inlined, but the table's bounds
//! must cover their values from now on (other DuckLake readers prune by them)
void MergeColumnStats(const std::vector<LakeColumn> &columns, const std::vector<FileColumnStatsRecord> &file_stats,
                      TableStatsRecord &stats);

} // namespace inlake

//===----------------------------------------------------------------------===//
// Folding a new data file into a table's running statistics
// (ducklake_table_stats / ducklake_table_column_stats): record count, file
// size, next row id, and per column contains_null / contains_nan / min / max
// (compared as values of the column's type, not as strings).
//===----------------------------------------------------------------------===//
#pragma once

#include "metadata/metadata_records.hpp"

namespace inlake {

void MergeFileIntoTableStats(const std::vector<LakeColumn> &columns, const DataFileRecord &file,
                             TableStatsRecord &stats);
//! Only the per-column part: a flushed file's rows were counted when they were inlined, but the table's bounds
//! must cover their values from now on (other DuckLake readers prune by them)
void MergeColumnStats(const std::vector<LakeColumn> &columns, const std::vector<FileColumnStatsRecord> &file_stats,
                      TableStatsRecord &stats);

} // namespace inlake

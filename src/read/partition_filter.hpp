//===----------------------------------------------------------------------===//
// File skipping by partition values: decides, from a data file's partition key
// values alone (ScanDataFile::partition_values, from the catalog), that no row
// of the file can pass a set of pushed-down table filters. No file is opened.
//
// Per filtered column, the file's keys on that column become bounds that hold
// for every row of the file, and each filter is asked
// TableFilter::CheckStatistics against them (so =, <, <=, >, >=, IN,
// IS [NOT] NULL, AND/OR all prune):
//  * identity: every row holds exactly that value (min = max = value, no
//    NULL); a NULL identity value means every row is NULL.
//  * calendar keys: year alone bounds the source to that year, year+month to
//    that month, +day to that day, +hour to that hour (UTC for TIMESTAMPTZ);
//    each epoch_* key bounds it by itself. The bounds are intersected.
//  * any non-NULL key value: the source is not NULL in any row. A NULL value of
//    a non-identity key says nothing certain (an infinite timestamp has no
//    calendar value either).
// bucket(N) keys are checked apart: an = or IN filter whose constants all hash
// to other buckets (ComputePartitionValue) excludes the file. Unknown
// transforms, values that do not parse and DECIMAL buckets (a widened scale
// changes the hashed bytes) never prune: a file is skipped only when it
// provably holds no matching row.
//===----------------------------------------------------------------------===//
#pragma once

#include "read/lake_scan.hpp"

#include "duckdb/planner/table_filter.hpp"

namespace inlake {

//! filters are keyed by position in column_ids; column_ids index spec.columns (virtual column ids are ignored).
//! True when the file's partition values prove that no row of it passes the filters.
bool PartitionsExcludeFile(const LakeScanSpec &spec, const ScanDataFile &file,
                           const duckdb::vector<duckdb::column_t> &column_ids, const duckdb::TableFilterSet &filters);

} // namespace inlake

//===----------------------------------------------------------------------===//
// The catalog-side part of partition pruning: which files of a partitioned
// table the catalog query itself lists, from the filters DuckDB pushes into a
// scan (LakeFileList::ComplexFilterPushdown), so that a one-partition query on
// a table of many files reads only that partition's rows of the catalog.
//
// For each key of the table's spec whose column has an `=`, `IN` or `IS NULL`
// filter (also under AND / OR and DuckDB's optional filters), the listing is
// restricted to files whose key value is the transform of one of the
// constants. Only keys whose values are exact functions of the value are used:
// identity keys of types whose equal values always have the same text
// (integers, text, dates, timestamps, BOOLEAN, UUID, DECIMAL of the key's
// scale), and the calendar, epoch and bucket transforms (bucket not of
// DECIMAL). Files of other specs are always listed. What the catalog lists
// is pruned further in memory (read/partition_filter.hpp).
//===----------------------------------------------------------------------===//
#pragma once

#include "common/lake_column.hpp"
#include "common/partition_key.hpp"

#include "duckdb/planner/table_filter.hpp"

namespace inlake {

//! `filters` are keyed by position in `column_ids`, which index `columns` (the table's). An empty filter (no
//! key restricted) when nothing applies.
PartitionListingFilter ListingFilterFor(const PartitionSpec &spec, const std::vector<LakeColumn> &columns,
                                        const duckdb::vector<duckdb::column_t> &column_ids,
                                        const duckdb::TableFilterSet &filters);

} // namespace inlake

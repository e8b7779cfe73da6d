//===----------------------------------------------------------------------===//
// ALTER TABLE ... SET / RESET PARTITIONED BY: the partition spec a table's
// record gets, and the checks that keep a spec valid as the table changes.
//
// A key is a column (identity), year(c), month(c), day(c), hour(c),
// bucket(N, c) or, on format 1.1 lakes, epoch_year/month/day/hour(c) (see
// common/partition_transform.hpp). A key naming no column, a transform on a
// type it cannot apply to, N < 1, a nested column or a key given twice is
// refused with a BinderException naming it. The spec gets partition_id -1
// here; the transaction gives it a local id (the commit a catalog id).
//===----------------------------------------------------------------------===//
#pragma once

#include "metadata/metadata_records.hpp"

#include "duckdb/parser/parsed_expression.hpp"

namespace inlake {

//! The keys of SET PARTITIONED BY (empty: RESET PARTITIONED BY).
PartitionSpec PartitionSpecFromKeys(const TableRecord &record,
                                    const duckdb::vector<duckdb::unique_ptr<duckdb::ParsedExpression>> &keys);

//! Throws when a key of the table's spec needs a newer format than the lake's (the epoch_* transforms: 1.1).
void CheckPartitionFormat(const TableRecord &record, const std::string &format_version);

//! Throws when `column_id` is a key of the table's spec (DROP COLUMN): naming the table and how to change it.
void CheckNotPartitionKey(const TableRecord &record, int64_t column_id, const std::string &column_name);

//! Throws when the table's spec no longer applies to its columns' types (after ALTER COLUMN TYPE).
void CheckPartitionTypes(const TableRecord &record);

} // namespace inlake

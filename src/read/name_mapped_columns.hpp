//===----------------------------------------------------------------------===//
// Reading a file that was added from outside (ducklake_add_data_files) through
// its name mapping (ducklake_name_mapping).
//
// The scan matches file columns to table columns by field id. A name-mapped
// file's own field ids (if any) mean nothing to the lake, so before the column
// mapping is built its columns get the field ids the mapping names:
//  * a top-level column and a STRUCT field by name (exact, then case-insensitive),
//  * the element of a LIST and the key and value of a MAP by position (their
//    names differ between writers: element, array, item, key_value, ...).
// A file column the mapping does not name gets a negative id that no table
// column has, so it is never read. A table column the mapping does not name
// reads its initial default (NULL), as for a column added after the file.
//
// Hive partition entries (is_partition): the value of the `key=value` folder of
// the file's path whose key is the entry's source name is the column's value for
// every row of the file.
//===----------------------------------------------------------------------===//
#pragma once

#include "metadata/metadata_records.hpp"

#include "duckdb/common/multi_file/multi_file_data.hpp"

#include <map>
#include <string>

namespace inlake {

//! Gives the file's columns the field ids of the table columns the mapping maps them to.
void ApplyNameMapping(duckdb::vector<duckdb::MultiFileColumnDefinition> &file_columns, const NameMapping &mapping);

//! The `key=value` folders of a path (the file name itself excluded), by key; a later folder wins.
std::map<std::string, std::string> HivePartitionsOfPath(const std::string &path);

//! A Hive folder's value as a value of the column's type (__HIVE_DEFAULT_PARTITION__: NULL); an error naming the
//! value and type when it is not one.
duckdb::Value HivePartitionValue(const std::string &text, const duckdb::LogicalType &type);

//! The table column id -> value text of the mapping's partition entries found in the path.
std::map<int64_t, std::string> HivePartitionValues(const NameMapping &mapping, const std::string &path);

} // namespace inlake

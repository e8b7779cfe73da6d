//===----------------------------------------------------------------------===//
// How the columns of a Parquet file added from outside (ducklake_add_data_files)
// are a table's columns, decided once when the file is added and recorded as a
// name mapping (ducklake_column_mapping / ducklake_name_mapping).
//
// Matching, level by level (the top-level columns, then each STRUCT's fields):
//  * by Parquet field id when every file column of the level has one and each
//    is the id of a table column of that level (a file written by a DuckLake
//    writer for this table keeps matching after the table renamed a column);
//  * by name otherwise (exact, then case-insensitive);
//  * a LIST's element and a MAP's key and value by position.
// The mapping records what was matched by source name, so a reader (this one or
// another DuckLake implementation) reads the file by name from then on.
//
// Refusals (an InvalidInputException naming the file, the column and, for a
// type, both types): a table column the file lacks unless allow_missing (it
// then reads its initial default, NULL unless the column was added with a
// default), or a Hive folder of the path supplies it (hive_partitioning); a
// file column the table lacks unless ignore_extra_columns; a file type that is
// not the table's type or one that widens to it losslessly (the lake's type
// promotions, e.g. INTEGER into BIGINT).
//
// Statistics: those of the footer for top-level columns of primitive types
// (min/max as the table's type prints them; none for FLOAT/DOUBLE, whose footer
// bounds say nothing of NaN), and the folder value for a Hive column.
//===----------------------------------------------------------------------===//
#pragma once

#include "common/lake_column.hpp"
#include "metadata/metadata_records.hpp"
#include "write/parquet_footer_reader.hpp"

#include <string>
#include <vector>

namespace inlake {

struct AddFilesOptions {
	bool allow_missing = false;
	bool ignore_extra_columns = false;
	//! Read `key=value` folders of the path as the values of table columns the file lacks
	bool hive_partitioning = false;
	//! Starts every error message (the SQL function's name)
	std::string function_name = "ducklake_add_data_files";
};

struct MatchedFile {
	//! The mapping's entries (mapping_id and table_id are set at commit)
	NameMapping mapping;
	//! Statistics by table column id
	std::vector<FileColumnStatsRecord> column_stats;
};

MatchedFile MatchFileColumns(const std::string &table_name, const std::vector<LakeColumn> &columns,
                             const ParquetFooter &footer, const AddFilesOptions &options);

//! A text that tells two mappings with the same entries apart from others (files of one call share a mapping).
std::string MappingKey(const NameMapping &mapping);

} // namespace inlake

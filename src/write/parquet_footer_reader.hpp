//===----------------------------------------------------------------------===//
// What ducklake_add_data_files learns of a Parquet file without reading its
// data: its columns and the statistics of its footer.
//
// Everything comes from DuckDB: the columns and their DuckDB types from
// binding read_parquet over the file (the types the scan will read), the
// top-level Parquet field ids from parquet_schema(), the record count, row
// groups, file size and footer size from parquet_file_metadata(), and the
// per-column min/max/null counts of every row group from parquet_metadata().
// A file that does not exist, is not Parquet or is damaged is refused with an
// error naming it; nothing is cached.
//===----------------------------------------------------------------------===//
#pragma once

#include "duckdb/common/types.hpp"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace duckdb {
class DatabaseInstance;
}

namespace inlake {

//! One top-level column of a Parquet file (nested fields live in its DuckDB type).
struct FooterColumn {
	std::string name;
	duckdb::LogicalType type;
	//! The Parquet field id (-1: the file has none for it)
	int64_t field_id = -1;
};

//! A top-level primitive column's statistics over all row groups of the file.
struct FooterColumnStats {
	int64_t value_count = 0;
	int64_t column_size_bytes = 0;
	//! -1: some row group does not say
	int64_t null_count = 0;
	//! min/max as the file's DuckDB type prints them; only when every row group has both
	bool has_min_max = true;
	std::string min_value;
	std::string max_value;
};

struct ParquetFooter {
	std::string path;
	int64_t record_count = 0;
	int64_t row_group_count = 0;
	int64_t file_size_bytes = 0;
	int64_t footer_size = 0;
	std::vector<FooterColumn> columns;
	//! By top-level column name
	std::map<std::string, FooterColumnStats> stats;
};

//! The footers of the files (full paths), in the order given. `function_name` starts every error message.
std::vector<ParquetFooter> ReadParquetFooters(duckdb::DatabaseInstance &db, const std::vector<std::string> &paths,
                                              const std::string &function_name);

} // namespace inlake

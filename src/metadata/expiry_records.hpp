//===----------------------------------------------------------------------===//
// Typed records of snapshot expiry and file cleanup, as the metadata store
// hands them to maintenance/ (snapshot_expiry, file_cleanup).
//===----------------------------------------------------------------------===//
#pragma once

#include "duckdb/common/types/timestamp.hpp"

#include <cstdint>
#include <string>

namespace inlake {

//! A data or delete file no retained snapshot can read, with the path parts needed to locate it.
struct UnreachableFileRecord {
	//! data_file_id or delete_file_id
	int64_t file_id = -1;
	int64_t table_id = -1;
	std::string path;
	bool path_is_relative = true;
	//! The table's and schema's paths (latest rows); has_* false when the row is gone
	bool has_table_path = false;
	std::string table_path;
	bool table_path_is_relative = true;
	bool has_schema_path = false;
	std::string schema_path;
	bool schema_path_is_relative = true;
};

//! One row of ducklake_files_scheduled_for_deletion. A relative path is relative to the data path.
struct ScheduledFileRecord {
	int64_t data_file_id = -1;
	std::string path;
	bool path_is_relative = true;
	duckdb::timestamp_tz_t schedule_start;
};

//! A data or delete file the catalog lists (at any snapshot), with the paths its location is resolved from:
//! data path + schema path + table path + path, each part only when it is relative.
struct CatalogFileRecord {
	std::string schema_path;
	bool schema_path_is_relative = true;
	std::string table_path;
	bool table_path_is_relative = true;
	std::string path;
	bool path_is_relative = true;
};

} // namespace inlake

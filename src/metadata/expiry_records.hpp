//===----------------------------------------------------------------------===//
// Typed records of snapshot expiry and file cleanup, as the metadata store
// hands them to maintenance/ (snapshot_expiry, file_cleanup).
//===----------------------------------------------------------------------===//
#pragma once

#include "duckdb/common/types/timestamp.hpp"

#include <cstdint>
#include <string>

namespace inlake {

//! A data or delete file row (one no retained snapshot can read, or any), with the path parts needed to
//! locate it.
struct FileLocationRecord {
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

	//! The file's path relative to the lake's data path when every part is relative (`relative` true), else
	//! the absolute path where the chain stops being relative.
	std::string PathInDataPath(bool &relative) const {
		relative = path_is_relative;
		if (!path_is_relative || !has_table_path) {
			return path;
		}
		if (!table_path_is_relative) {
			relative = false;
			return table_path + path;
		}
		if (!has_schema_path) {
			return table_path + path;
		}
		relative = schema_path_is_relative;
		return schema_path + table_path + path;
	}
};

//! One row of ducklake_files_scheduled_for_deletion. A relative path is relative to the data path.
struct ScheduledFileRecord {
	int64_t data_file_id = -1;
	std::string path;
	bool path_is_relative = true;
	duckdb::timestamp_tz_t schedule_start;
};

} // namespace inlake

//===----------------------------------------------------------------------===//
// LakeOptions: what one ATTACH 'ducklake:PATH' AS name (...) asks for.
//
// ParseAttachOptions validates every option of the ATTACH statement; an
// unknown option or a bad value is an InvalidInputException naming it.
// Options not given here (the data path of an existing lake, the format
// version) are taken from the catalog itself when it is loaded.
//===----------------------------------------------------------------------===//
#pragma once

#include "duckdb/common/case_insensitive_map.hpp"
#include "duckdb/common/optional_idx.hpp"
#include "duckdb/common/types/value.hpp"

#include <map>
#include <string>
#include <unordered_map>

namespace inlake {

//! The kind of database that holds a lake's catalog (the prefix after "ducklake:").
enum class CatalogBackend { DUCKDB, SQLITE, POSTGRES };

struct LakeOptions {
	//! Name of the attached lake (the catalog name in SQL)
	std::string lake_name;
	//! The database kind: ducklake:PATH and ducklake:duckdb:PATH are DuckDB files, ducklake:sqlite:PATH a SQLite
	//! file, ducklake:postgres:CONNINFO a PostgreSQL database
	CatalogBackend backend = CatalogBackend::DUCKDB;
	//! Path of the catalog database (without the ducklake: and backend prefixes)
	std::string metadata_path;
	//! Name of the attached catalog database inside DuckDB (METADATA_CATALOG; empty: __ducklake_metadata_<lake>)
	std::string metadata_catalog;
	//! Schema inside the catalog database holding the ducklake_* tables
	std::string metadata_schema = "main";
	bool metadata_schema_given = false;
	//! METADATA_PARAMETERS: settings of the catalog connection (PostgreSQL: libpq keywords), lower-case keys
	std::map<std::string, std::string> metadata_parameters;
	//! Connection settings for what the path and METADATA_PARAMETERS leave unset (a postgres secret's)
	std::map<std::string, std::string> connection_defaults;
	//! DATA_PATH as given (empty: the lake's stored one, or PATH.files/ for a new lake)
	std::string data_path;
	//! OVERRIDE_DATA_PATH: an existing lake is read from DATA_PATH although it records another data path
	bool override_data_path = false;
	//! AUTOMATIC_MIGRATION: upgrade a catalog of an older format (0.1-0.3) to 1.0 when it is attached
	bool automatic_migration = false;
	bool read_only = false;
	//! Format version for a new lake (DUCKLAKE_VERSION)
	std::string format_version = "1.0";
	bool format_version_given = false;
	//! DATA_INLINING_ROW_LIMIT of the ATTACH (not persisted)
	duckdb::optional_idx data_inlining_row_limit;
	//! WRITE_DELETION_VECTORS of the ATTACH (-1: not given): recorded as the lake's write_deletion_vectors option
	//! when the lake is attached writable, so later attaches keep it
	int write_deletion_vectors = -1;
	//! ENCRYPTED of the ATTACH (-1: not given): a new lake is created encrypted; an existing lake must match
	int encrypted = -1;
	//! Snapshot to pin the whole attach to (SNAPSHOT_VERSION), -1 = latest
	int64_t snapshot_version = -1;
	//! SNAPSHOT_TIME as given (cast with the session's time zone when the lake is attached; then it is resolved
	//! to the newest snapshot at or before it, which becomes snapshot_version)
	duckdb::Value snapshot_time;
	bool has_snapshot_time = false;
	duckdb::timestamp_tz_t snapshot_time_tz;
	//! Whether a missing catalog may be created (CREATE_IF_NOT_EXISTS, default true)
	bool create_if_not_exists = true;
	//! Target size of data files written by inserts
	int64_t target_file_size = 512LL * 1024 * 1024;
};

//! `path` is the ATTACH string after "ducklake:" (a backend prefix such as "sqlite:" included).
LakeOptions ParseAttachOptions(const std::string &lake_name, const std::string &path,
                               const std::unordered_map<std::string, duckdb::Value> &options, bool read_only);

} // namespace inlake

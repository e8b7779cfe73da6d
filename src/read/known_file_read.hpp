//===----------------------------------------------------------------------===//
// __inlake_read_parquet: read_parquet of one lake-written file whose size the
// catalog knows, for the SQL that reads delete files and single data files
// (read/delete_file_loader.hpp).
//
//   __inlake_read_parquet(path, file_size => n[, footer_size => m]
//                         [, encryption_keys => [k]], ...)
//   __inlake_read_parquet([path, ...], encryption_keys => [k, ...], ...)
//
// takes read_parquet's own named parameters too. It reads exactly the paths
// given (no glob is expanded, so nothing is listed or asked whether it
// exists); encryption_keys holds each file's key as the catalog stores it
// (NULL or '': not encrypted), so files under different keys are read in one
// scan. For one path it also hands
// DuckDB's reader what read/data_file_open_info.hpp describes, so that opening
// the file asks storage nothing and a repeated read comes from DuckDB's
// caches; a small file on object storage is fetched in one read
// (read/small_file_prefetch.hpp). file_size 0 (unknown) reads it as
// read_parquet would.
//
// The function is not registered with the database (users would see it in
// duckdb_functions()): OpenKnownFileReadConnection gives an internal
// connection whose temporary catalog holds it.
//===----------------------------------------------------------------------===//
#pragma once

#include "common/internal_connection.hpp"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace inlake {

//! A new internal connection to `db` on which KnownFileReadSql's function can be called.
std::unique_ptr<InternalConnection> OpenKnownFileReadConnection(duckdb::DatabaseInstance &db);

//! A lake file as the catalog describes it.
struct StoredFile {
	std::string path;
	//! Sizes in bytes (0: unknown)
	int64_t file_size = 0;
	int64_t footer_size = 0;
	//! The file's key as the catalog stores it (empty: not encrypted)
	std::string encryption_key;
};

//! The FROM clause item reading `file` with the read_parquet named parameters `extra` (", file_row_number =
//! true", say)
std::string KnownFileReadSql(const StoredFile &file, const std::string &extra = std::string());

//! ... reading the files `files` (their sizes are not used) in one scan.
std::string KnownFilesReadSql(const std::vector<StoredFile> &files, const std::string &extra = std::string());

} // namespace inlake

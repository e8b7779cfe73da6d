//===----------------------------------------------------------------------===//
// What the catalog knows about a data file, handed to DuckDB's Parquet reader
// so that opening the file costs no request to learn it.
//
// DuckDB 1.4.4 reads these OpenFileInfo::extended_info options (checked in its
// sources):
//  * "footer_size" (UBIGINT): the Parquet reader reads the footer in one read
//    of exactly that many bytes (+8), instead of guessing (parquet_reader.cpp);
//  * "validate_external_file_cache" (BOOLEAN) false: the caching file system
//    does not reopen the file to check that cached ranges are current, so a
//    repeated read of cached bytes opens nothing (caching_file_system.cpp);
//  * "file_size" (UBIGINT), "last_modified" (TIMESTAMP), "etag" (VARCHAR):
//    httpfs opens a file without its HEAD request when all three are given
//    (HTTPFileHandle's constructor); the local file system ignores them.
//
// An encrypted file (common/file_encryption_key.hpp) also gets
//  * "encryption_key" (BLOB): the key's bytes; DuckDB's Parquet reader
//    decrypts the file with it (ParquetReader's constructor), whatever the
//    scan's own encryption_config.
//
// Only the lake's own files (written by a lake writer under a unique name and
// never changed afterwards) get them: a file added with ducklake_add_data_files
// was written by someone else and may still change, so it is opened as
// read_parquet would open it. Sizes the catalog does not know (0, as older
// writers may leave) are not passed. The catalog keeps no modification time of
// a file: last_modified is a fixed time (the epoch) and etag empty; neither is
// compared to anything while validation is off.
//===----------------------------------------------------------------------===//
#pragma once

#include "read/lake_scan.hpp"

#include "duckdb/common/open_file_info.hpp"

namespace inlake {

//! Adds the options above to `file` (whose extended_info exists) for the data file `data_file`.
void AddKnownFileFacts(duckdb::OpenFileInfo &file, const ScanDataFile &data_file);
//! ... for a lake-written file of `file_size` bytes with a footer of `footer_size` (0: unknown; nothing is added
//! when the size is unknown).
void AddKnownFileFacts(duckdb::OpenFileInfo &file, duckdb::idx_t file_size, duckdb::idx_t footer_size);

//! Adds "encryption_key" for the key `catalog_text` of the file (nothing when it is empty: not encrypted), creating
//! `file`'s extended_info when it has none.
void AddEncryptionKey(duckdb::OpenFileInfo &file, const std::string &catalog_text);

//! Whether `file` carries the options above (a lake-written file with a known size).
bool HasKnownFileFacts(const duckdb::OpenFileInfo &file);

//! The file size `file` carries ("file_size"); 0 if none.
duckdb::idx_t KnownFileSize(const duckdb::OpenFileInfo &file);

} // namespace inlake

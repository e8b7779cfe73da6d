//===----------------------------------------------------------------------===//
// The per-file keys of an encrypted lake.
//
// Every Parquet file an encrypted lake writes (data, delete and flushed files)
// is encrypted with Parquet modular encryption (AES-GCM, footer and columns
// under one key) by DuckDB's Parquet writer, under a key of its own. The
// catalog keeps the key in the file's encryption_key column, as the base64
// text of its bytes ("catalog text" below); a file whose column is NULL is not
// encrypted (a file added with ducklake_add_data_files, or one written before
// the lake was encrypted by another writer).
//
// Contract:
//  * NewFileEncryptionKey: a fresh random 256-bit key, as catalog text.
//  * ParquetEncryptionConfig: DuckDB's ENCRYPTION_CONFIG value for a key,
//    {footer_key_value: <key bytes as BLOB>} (the form COPY and the Parquet
//    copy function take, so no key is registered by name in the database).
//  * DecodeFileEncryptionKey: the key's bytes; a text that is not base64 of
//    16, 24 or 32 bytes throws an IOException naming the file.
//===----------------------------------------------------------------------===//
#pragma once

#include "duckdb/common/types/value.hpp"

#include <string>

namespace inlake {

std::string NewFileEncryptionKey();

//! The key bytes of `catalog_text`, the stored key of the file at `path` (named in errors).
std::string DecodeFileEncryptionKey(const std::string &catalog_text, const std::string &path);

//! What DuckDB's Parquet reader's `message` means for a lake file whose key comes from the catalog (the reader names
//! neither): a key that does not decrypt the file, an encrypted file without a key, a plain file with one. Empty when
//! the message is about something else.
std::string ExplainKeyMismatch(const std::string &message);

//! ENCRYPTION_CONFIG for the key `catalog_text` of the file at `path`.
duckdb::Value ParquetEncryptionConfig(const std::string &catalog_text, const std::string &path);

} // namespace inlake

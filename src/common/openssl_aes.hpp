//===----------------------------------------------------------------------===//
// An AES engine for DuckDB backed by OpenSSL (libcrypto), for writing
// encrypted Parquet files.
//
// DuckDB 1.4.4 encrypts with the EncryptionUtil in DBConfig::encryption_util,
// which its httpfs extension normally provides. Without one, its built-in
// mbedtls engine decrypts but refuses to encrypt ("DuckDB requires a secure
// random engine..."), so COPY ... (ENCRYPTION_CONFIG ...) fails. An encrypted
// lake installs this engine when none that can encrypt is present.
//
// Contract:
//  * OpenSslAesState implements DuckDB's EncryptionState for AES-GCM and
//    AES-CTR with 128, 192 or 256-bit keys: Process encrypts or decrypts (in
//    place too); Finalize writes the GCM tag when encrypting and checks it when
//    decrypting (a wrong key or damaged file: InvalidInputException).
//    GenerateRandomData draws from OpenSSL's CSPRNG.
//  * EnsureEncryptionEngine leaves an engine that already supports encryption
//    (httpfs's) in place; it is safe to call from several threads.
//  * FillRandomBytes fills a buffer from OpenSSL's CSPRNG (or throws).
//===----------------------------------------------------------------------===//
#pragma once

#include <cstddef>
#include <cstdint>

namespace duckdb {
class DatabaseInstance;
}

namespace inlake {

//! Installs the OpenSSL engine as `db`'s EncryptionUtil unless it has one that can encrypt.
void EnsureEncryptionEngine(duckdb::DatabaseInstance &db);

//! `size` bytes from a cryptographically secure generator.
void FillRandomBytes(uint8_t *data, size_t size);

} // namespace inlake

//===----------------------------------------------------------------------===//
// Writing deletion vectors as Puffin files (Apache Iceberg's Puffin spec with
// its deletion-vector-v1 blob type), the `puffin` format of
// ducklake_delete_file.
//
// File:   "PFA1" | blob 1 | ... | blob n | footer
// Footer: "PFA1" | payload (UTF-8 JSON, uncompressed) | payload length
//         (uint32 little-endian) | flags (4 zero bytes) | "PFA1"
// Blob:   length of magic + bitmap (uint32 big-endian) | D1 D3 39 64 |
//         64-bit Roaring bitmap, portable (common/roaring64.hpp) |
//         CRC-32 of magic + bitmap (uint32 big-endian, common/crc32.hpp)
//
// The payload lists each blob: {"type":"deletion-vector-v1","fields":
// [2147483645],"snapshot-id":-1,"sequence-number":-1,"offset":..,"length":..,
// "properties":{"referenced-data-file":<data file path>,"cardinality":"<n>"}}
// plus "ducklake-snapshot-id":"<id>" for a vector of a given snapshot
// (common/deletion_vector.hpp says which vector a snapshot reads); the file's
// properties name inlake as created-by. The file goes through DuckDB's
// FileSystem under ducklake-<uuidv7>-delete.puffin in the given folder.
//===----------------------------------------------------------------------===//
#pragma once

#include "common/deletion_vector.hpp"
#include "write/parquet_file_writer.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace duckdb {
class ClientContext;
}

namespace inlake {

//! The deletion-vector-v1 blob of `positions` (ascending, unique, non-negative).
std::vector<uint8_t> EncodeDeletionVectorBlob(const std::vector<int64_t> &positions);

//! The bytes of a Puffin file holding `vectors` for `referenced_data_file`; `footer_size` gets the footer's
//! length (its magic, payload, length, flags and closing magic).
std::vector<uint8_t> EncodePuffinFile(const std::string &referenced_data_file,
                                      const std::vector<DeletionVector> &vectors, int64_t &footer_size);

//! Writes the Puffin delete file of `vectors` into `directory` (created when missing); the result's format is
//! "puffin", its record_count the number of positions of the last vector.
WrittenDataFile WritePuffinDeleteFile(duckdb::ClientContext &context, const std::string &directory,
                                      const std::string &referenced_data_file,
                                      const std::vector<DeletionVector> &vectors);

} // namespace inlake

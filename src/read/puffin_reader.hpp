//===----------------------------------------------------------------------===//
// Reading Puffin delete files: the deletion-vector-v1 blobs of a Puffin file
// (write/puffin_writer.hpp describes the layout), checked as the spec asks:
// both magics, the footer length, uncompressed footer flags, each blob's
// length prefix, vector magic, CRC-32 and (when given) cardinality. Blobs of
// other types are skipped. A file that is one bare deletion-vector-v1 blob
// (length, D1 D3 39 64, ...; how DuckLake writes a single vector) reads as a
// file of that one vector. The vector's snapshot is its
// ducklake-snapshot-id property (-1 when absent). Anything malformed is an
// InvalidInputException naming the file.
//===----------------------------------------------------------------------===//
#pragma once

#include "common/deletion_vector.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace duckdb {
class FileSystem;
}

namespace inlake {

//! The vectors of the Puffin (or bare blob) bytes; `path` names the file in errors.
std::vector<DeletionVector> DecodePuffinFile(const std::vector<uint8_t> &bytes, const std::string &path);

//! Reads the file at `path` through `fs` and decodes it.
std::vector<DeletionVector> ReadPuffinDeleteFile(duckdb::FileSystem &fs, const std::string &path);

} // namespace inlake

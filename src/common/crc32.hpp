//===----------------------------------------------------------------------===//
// CRC-32 as zlib, PNG and Java's java.util.zip.CRC32 compute it: the
// reflected polynomial 0xEDB88320, initial value and final XOR 0xFFFFFFFF.
// Iceberg's deletion-vector-v1 blob stores this checksum (big-endian) of its
// magic and bitmap bytes. Crc32("123456789") is 0xCBF43926.
//===----------------------------------------------------------------------===//
#pragma once

#include <cstddef>
#include <cstdint>

namespace inlake {

//! The CRC-32 of `size` bytes at `data`.
uint32_t Crc32(const uint8_t *data, size_t size);

} // namespace inlake

//===----------------------------------------------------------------------===//
// 64-bit Roaring bitmaps in the "portable" serialization (the layout of
// CRoaring's Roaring64Map::write(portable) and Java's
// Roaring64NavigableMap / RoaringBitmap spec), the vector format of Iceberg's
// deletion-vector-v1 blob:
//
//   number of 32-bit bitmaps           uint64 little-endian
//   per bitmap, by ascending key:      key = high 32 bits, uint32 little-endian
//                                      a 32-bit Roaring bitmap of the low bits
//
// A 32-bit bitmap (github.com/RoaringBitmap/RoaringFormatSpec) is a cookie
// (12346 then a uint32 container count, or 12347 | (count - 1) << 16 then a
// bitset marking run containers), per container a uint16 key (bits 16-31)
// and uint16 cardinality - 1, then (for cookie 12346, or 4 or more
// containers) a uint32 byte offset per container, then the containers:
// sorted uint16 values (array, at most 4096), 1024 uint64 words (bitset), or
// a uint16 run count and (start, length - 1) pairs (run).
//
// SerializeRoaring64 writes array and bitset containers only (cookie 12346),
// which every reader accepts; DeserializeRoaring64 reads all three kinds, so
// vectors written by other implementations read too. Malformed input is an
// InvalidInputException, never a read past the buffer.
//===----------------------------------------------------------------------===//
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace inlake {

//! The portable serialization of `positions` (sorted ascending, unique, each in [0, 2^63)).
std::vector<uint8_t> SerializeRoaring64(const std::vector<int64_t> &positions);

//! The positions (ascending) of the bitmap serialized in exactly the `size` bytes at `data`.
std::vector<int64_t> DeserializeRoaring64(const uint8_t *data, size_t size);

} // namespace inlake

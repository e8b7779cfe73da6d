#include "read/puffin_reader.hpp"

#include "common/crc32.hpp"
#include "common/json_value.hpp"
#include "common/roaring64.hpp"

#include "duckdb/common/exception.hpp"
#include "duckdb/common/file_system.hpp"

#include <cstring>

namespace inlake {

static const uint8_t kPuffinMagic[4] = {'P', 'F', 'A', '1'};
static const uint8_t kVectorMagic[4] = {0xD1, 0xD3, 0x39, 0x64};

[[noreturn]] static void Corrupt(const std::string &path, const std::string &why) {
	throw duckdb::InvalidInputException("Cannot read deletion vector file \"%s\": %s", path, why);
}

static uint32_t BigEndian32(const uint8_t *data) {
	return uint32_t(data[0]) << 24 | uint32_t(data[1]) << 16 | uint32_t(data[2]) << 8 | uint32_t(data[3]);
}

static uint32_t LittleEndian32(const uint8_t *data) {
	return uint32_t(data[3]) << 24 | uint32_t(data[2]) << 16 | uint32_t(data[1]) << 8 | uint32_t(data[0]);
}

//! The positions of the deletion-vector-v1 blob of `size` bytes at `blob`.
static std::vector<int64_t> DecodeBlob(const uint8_t *blob, size_t size, const std::string &path) {
	if (size < 12) {
		Corrupt(path, "a deletion-vector-v1 blob of " + std::to_string(size) + " bytes is too short");
	}
	auto length = BigEndian32(blob);
	if (size_t(length) != size - 8) {
		Corrupt(path, "a blob's length prefix says " + std::to_string(length) + " bytes, the blob holds " +
		                  std::to_string(size - 8));
	}
	if (std::memcmp(blob + 4, kVectorMagic, sizeof(kVectorMagic)) != 0) {
		Corrupt(path, "a blob lacks the deletion vector magic D1 D3 39 64");
	}
	auto stored = BigEndian32(blob + size - 4);
	auto computed = Crc32(blob + 4, length);
	if (stored != computed) {
		Corrupt(path, "a deletion vector's CRC-32 does not match its bytes");
	}
	try {
		return DeserializeRoaring64(blob + 8, length - 4);
	} catch (duckdb::InvalidInputException &ex) {
		Corrupt(path, duckdb::ErrorData(ex).RawMessage());
	}
}

static DeletionVector DecodeBlobEntry(const JsonValue &entry, const std::vector<uint8_t> &bytes, size_t blobs_end,
                                      const std::string &path) {
	int64_t offset, length;
	auto offset_value = entry.Find("offset"), length_value = entry.Find("length");
	if (!offset_value || !length_value || !offset_value->AsInteger(offset) || !length_value->AsInteger(length) ||
	    offset < 4 || length < 0 || uint64_t(offset) > blobs_end || uint64_t(length) > blobs_end - uint64_t(offset)) {
		Corrupt(path, "a blob's offset/length is missing or outside the file's blobs");
	}
	auto compression = entry.Find("compression-codec");
	if (compression && compression->kind != JsonValue::Kind::NUL) {
		Corrupt(path, "a deletion-vector-v1 blob is compressed (" + compression->text + "), which the spec forbids");
	}
	DeletionVector vector;
	vector.positions = DecodeBlob(bytes.data() + offset, size_t(length), path);
	auto properties = entry.Find("properties");
	if (properties) {
		auto cardinality = properties->Find("cardinality");
		if (cardinality && cardinality->text != std::to_string(vector.positions.size())) {
			Corrupt(path, "a blob's cardinality property says " + cardinality->text + ", its vector holds " +
			                  std::to_string(vector.positions.size()) + " positions");
		}
		auto snapshot = properties->Find("ducklake-snapshot-id");
		if (snapshot) {
			if (snapshot->kind != JsonValue::Kind::STRING || !ParseJsonInteger(snapshot->text, vector.snapshot_id) ||
			    vector.snapshot_id < 0) {
				Corrupt(path, "a blob's ducklake-snapshot-id property is not a snapshot id");
			}
		}
	}
	return vector;
}

std::vector<DeletionVector> DecodePuffinFile(const std::vector<uint8_t> &bytes, const std::string &path) {
	std::vector<DeletionVector> vectors;
	auto size = bytes.size();
	if (size >= 8 && std::memcmp(bytes.data(), kPuffinMagic, 4) != 0 &&
	    std::memcmp(bytes.data() + 4, kVectorMagic, 4) == 0) {
		vectors.emplace_back();
		vectors.back().positions = DecodeBlob(bytes.data(), size, path);
		return vectors;
	}
	// magic, footer magic, empty payload, length, flags, magic: 20 bytes at least
	if (size < 20 || std::memcmp(bytes.data(), kPuffinMagic, 4) != 0) {
		Corrupt(path, "it does not start with the Puffin magic PFA1");
	}
	if (std::memcmp(bytes.data() + size - 4, kPuffinMagic, 4) != 0) {
		Corrupt(path, "it does not end with the Puffin magic PFA1 (truncated?)");
	}
	auto flags = LittleEndian32(bytes.data() + size - 8);
	if (flags & 1) {
		Corrupt(path, "its footer payload is compressed, which inlake does not read");
	}
	auto payload_size = size_t(LittleEndian32(bytes.data() + size - 12));
	if (payload_size > size - 20) {
		Corrupt(path, "its footer payload length " + std::to_string(payload_size) + " exceeds the file");
	}
	auto payload_start = size - 12 - payload_size;
	if (std::memcmp(bytes.data() + payload_start - 4, kPuffinMagic, 4) != 0) {
		Corrupt(path, "its footer does not start with the Puffin magic PFA1");
	}
	JsonValue footer;
	try {
		footer = ParseJson(std::string(reinterpret_cast<const char *>(bytes.data()) + payload_start, payload_size));
	} catch (duckdb::InvalidInputException &ex) {
		Corrupt(path, "its footer is not JSON: " + duckdb::ErrorData(ex).RawMessage());
	}
	auto blobs = footer.Find("blobs");
	if (!blobs || blobs->kind != JsonValue::Kind::ARRAY) {
		Corrupt(path, "its footer has no \"blobs\" list");
	}
	for (auto &entry : blobs->items) {
		auto type = entry.Find("type");
		if (!type || type->kind != JsonValue::Kind::STRING) {
			Corrupt(path, "a blob of its footer has no type");
		}
		if (type->text != "deletion-vector-v1") {
			continue;
		}
		vectors.push_back(DecodeBlobEntry(entry, bytes, payload_start - 4, path));
	}
	return vectors;
}

std::vector<DeletionVector> ReadPuffinDeleteFile(duckdb::FileSystem &fs, const std::string &path) {
	auto handle = fs.OpenFile(path, duckdb::FileFlags::FILE_FLAGS_READ);
	auto size = handle->GetFileSize();
	std::vector<uint8_t> bytes(size);
	if (size > 0) {
		handle->Read(bytes.data(), size, 0);
	}
	return DecodePuffinFile(bytes, path);
}

} // namespace inlake

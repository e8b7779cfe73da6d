#include "write/puffin_writer.hpp"

#include "common/crc32.hpp"
#include "common/json_value.hpp"
#include "common/roaring64.hpp"

#include "duckdb/common/file_system.hpp"
#include "duckdb/common/types/uuid.hpp"
#include "duckdb/main/client_context.hpp"

namespace inlake {

static const uint8_t kPuffinMagic[4] = {'P', 'F', 'A', '1'};
static const uint8_t kVectorMagic[4] = {0xD1, 0xD3, 0x39, 0x64};
//! Iceberg's row position metadata column (MetadataColumns.ROW_POSITION), the field a deletion vector is about
static constexpr int64_t kRowPositionFieldId = 2147483645;

static void PutBigEndian32(std::vector<uint8_t> &out, uint32_t value) {
	for (int shift = 24; shift >= 0; shift -= 8) {
		out.push_back(uint8_t(value >> shift));
	}
}

std::vector<uint8_t> EncodeDeletionVectorBlob(const std::vector<int64_t> &positions) {
	auto bitmap = SerializeRoaring64(positions);
	std::vector<uint8_t> blob;
	blob.reserve(bitmap.size() + 12);
	PutBigEndian32(blob, uint32_t(sizeof(kVectorMagic) + bitmap.size()));
	blob.insert(blob.end(), kVectorMagic, kVectorMagic + sizeof(kVectorMagic));
	blob.insert(blob.end(), bitmap.begin(), bitmap.end());
	auto crc = Crc32(blob.data() + 4, blob.size() - 4);
	PutBigEndian32(blob, crc);
	return blob;
}

std::vector<uint8_t> EncodePuffinFile(const std::string &referenced_data_file,
                                      const std::vector<DeletionVector> &vectors, int64_t &footer_size) {
	std::vector<uint8_t> file(kPuffinMagic, kPuffinMagic + sizeof(kPuffinMagic));
	std::string blobs;
	for (auto &vector : vectors) {
		auto blob = EncodeDeletionVectorBlob(vector.positions);
		auto offset = file.size();
		file.insert(file.end(), blob.begin(), blob.end());
		std::string properties = "{\"referenced-data-file\":" + JsonQuote(referenced_data_file) +
		                         ",\"cardinality\":\"" + std::to_string(vector.positions.size()) + "\"";
		if (vector.snapshot_id >= 0) {
			properties += ",\"ducklake-snapshot-id\":\"" + std::to_string(vector.snapshot_id) + "\"";
		}
		properties += "}";
		blobs += std::string(blobs.empty() ? "" : ",") +
		         "{\"type\":\"deletion-vector-v1\",\"fields\":[" + std::to_string(kRowPositionFieldId) +
		         "],\"snapshot-id\":-1,\"sequence-number\":-1,\"offset\":" + std::to_string(offset) +
		         ",\"length\":" + std::to_string(blob.size()) + ",\"properties\":" + properties + "}";
	}
	auto payload = "{\"blobs\":[" + blobs + "],\"properties\":{\"created-by\":\"inlake\"}}";
	auto footer_start = file.size();
	file.insert(file.end(), kPuffinMagic, kPuffinMagic + sizeof(kPuffinMagic));
	file.insert(file.end(), payload.begin(), payload.end());
	auto length = uint32_t(payload.size());
	for (int i = 0; i < 4; i++) {
		file.push_back(uint8_t(length >> (8 * i)));
	}
	file.insert(file.end(), 4, 0); // flags: payload not compressed
	file.insert(file.end(), kPuffinMagic, kPuffinMagic + sizeof(kPuffinMagic));
	footer_size = int64_t(file.size() - footer_start);
	return file;
}

WrittenDataFile WritePuffinDeleteFile(duckdb::ClientContext &context, const std::string &directory,
                                      const std::string &referenced_data_file,
                                      const std::vector<DeletionVector> &vectors) {
	WrittenDataFile written;
	written.format = "puffin";
	auto bytes = EncodePuffinFile(referenced_data_file, vectors, written.footer_size);
	auto &fs = duckdb::FileSystem::GetFileSystem(context);
	if (!fs.IsRemoteFile(directory) && !fs.DirectoryExists(directory)) {
		fs.CreateDirectoriesRecursive(directory);
	}
	written.file_name = "ducklake-" + duckdb::UUID::ToString(duckdb::UUIDv7::GenerateRandomUUID()) + "-delete.puffin";
	written.path = directory + written.file_name;
	try {
		auto handle = fs.OpenFile(written.path, duckdb::FileFlags::FILE_FLAGS_WRITE |
		                                            duckdb::FileFlags::FILE_FLAGS_FILE_CREATE_NEW);
		handle->Write(bytes.data(), bytes.size());
		handle->Close();
	} catch (...) {
		fs.TryRemoveFile(written.path);
		throw;
	}
	written.file_size_bytes = int64_t(bytes.size());
	written.record_count = vectors.empty() ? 0 : int64_t(vectors.back().positions.size());
	return written;
}

} // namespace inlake

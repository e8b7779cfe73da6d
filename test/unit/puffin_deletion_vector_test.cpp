// Deletion vectors as Puffin files: what inlake writes is checked by an
// independent decoder written here from the specs (Apache Iceberg's Puffin spec
// and deletion-vector-v1 blob, the Roaring format spec), sharing no code with
// write/puffin_writer or read/puffin_reader: footer located from the end,
// blob offsets and properties taken from the JSON by pattern, CRC-32 computed
// bit by bit, 32-bit Roaring containers (array, bitset, run) decoded here.
// Lakes written through SQL (DELETE, flush, merge) are decoded the same way.
#include "common/crc32.hpp"
#include "common/roaring64.hpp"
#include "inlake_extension.hpp"
#include "read/puffin_reader.hpp"
#include "write/puffin_writer.hpp"

#include "duckdb.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <regex>
#include <set>

using namespace inlake;

namespace {

namespace fs = std::filesystem;

// --- the independent decoder ------------------------------------------------------

struct IndependentBlob {
	std::string referenced_data_file;
	int64_t cardinality = -1;
	int64_t snapshot = -1;
	std::vector<int64_t> positions;
};

uint32_t SlowCrc32(const uint8_t *data, size_t size) {
	uint32_t crc = 0xFFFFFFFF;
	for (size_t i = 0; i < size; i++) {
		crc ^= data[i];
		for (int k = 0; k < 8; k++) {
			crc = (crc >> 1) ^ (0xEDB88320 & (0 - (crc & 1)));
		}
	}
	return ~crc;
}

uint64_t ReadLittle(const std::vector<uint8_t> &b, size_t at, int n) {
	if (at + n > b.size()) {
		throw std::runtime_error("read past the end");
	}
	uint64_t v = 0;
	for (int i = n - 1; i >= 0; i--) {
		v = (v << 8) | b[at + i];
	}
	return v;
}

uint32_t ReadBig32(const std::vector<uint8_t> &b, size_t at) {
	return (uint32_t(b[at]) << 24) | (uint32_t(b[at + 1]) << 16) | (uint32_t(b[at + 2]) << 8) | b[at + 3];
}

//! Decodes one RoaringFormatSpec 32-bit bitmap at `at`, appending (high << 32 | value) to `out`.
void Decode32(const std::vector<uint8_t> &b, size_t &at, uint64_t high, std::vector<int64_t> &out) {
	size_t start = at;
	uint32_t cookie = uint32_t(ReadLittle(b, at, 4));
	at += 4;
	size_t n;
	bool runs = false;
	std::vector<bool> is_run;
	if ((cookie & 0xFFFF) == 12347) {
		runs = true;
		n = (cookie >> 16) + 1;
		for (size_t i = 0; i < n; i++) {
			is_run.push_back((b.at(at + i / 8) >> (i % 8)) & 1);
		}
		at += (n + 7) / 8;
	} else {
		if (cookie != 12346) {
			throw std::runtime_error("bad cookie");
		}
		n = ReadLittle(b, at, 4);
		at += 4;
		is_run.assign(n, false);
	}
	std::vector<uint32_t> keys(n), cards(n), offsets;
	for (size_t i = 0; i < n; i++) {
		keys[i] = uint32_t(ReadLittle(b, at, 2));
		cards[i] = uint32_t(ReadLittle(b, at + 2, 2)) + 1;
		at += 4;
	}
	if (!runs || n >= 4) {
		for (size_t i = 0; i < n; i++) {
			offsets.push_back(uint32_t(ReadLittle(b, at, 4)));
			at += 4;
		}
	}
	for (size_t i = 0; i < n; i++) {
		if (!offsets.empty() && start + offsets[i] != at) {
			throw std::runtime_error("container offset mismatch");
		}
		uint64_t base = (high << 32) | (uint64_t(keys[i]) << 16);
		if (is_run[i]) {
			size_t count = ReadLittle(b, at, 2);
			at += 2;
			for (size_t r = 0; r < count; r++) {
				uint64_t s = ReadLittle(b, at, 2), len = ReadLittle(b, at + 2, 2);
				at += 4;
				for (uint64_t v = s; v <= s + len; v++) {
					out.push_back(int64_t(base | v));
				}
			}
		} else if (cards[i] <= 4096) {
			for (size_t k = 0; k < cards[i]; k++) {
				out.push_back(int64_t(base | ReadLittle(b, at, 2)));
				at += 2;
			}
		} else {
			for (size_t w = 0; w < 1024; w++) {
				uint64_t word = ReadLittle(b, at, 8);
				at += 8;
				for (int bit = 0; bit < 64; bit++) {
					if ((word >> bit) & 1) {
						out.push_back(int64_t(base | (w * 64 + bit)));
					}
				}
			}
		}
	}
}

//! The 64-bit portable bitmap in b[at, end).
std::vector<int64_t> Decode64(const std::vector<uint8_t> &b, size_t at, size_t end) {
	std::vector<int64_t> out;
	uint64_t count = ReadLittle(b, at, 8);
	at += 8;
	for (uint64_t i = 0; i < count; i++) {
		uint64_t key = ReadLittle(b, at, 4);
		at += 4;
		Decode32(b, at, key, out);
	}
	if (at != end) {
		throw std::runtime_error("bitmap does not end where the blob says");
	}
	return out;
}

std::vector<IndependentBlob> IndependentDecode(const std::vector<uint8_t> &b) {
	const std::string magic = "PFA1";
	auto size = b.size();
	EXPECT_GE(size, 20u);
	EXPECT_EQ(std::string(b.begin(), b.begin() + 4), magic);
	EXPECT_EQ(std::string(b.end() - 4, b.end()), magic);
	EXPECT_EQ(ReadLittle(b, size - 8, 4), 0u) << "flags";
	auto payload_size = ReadLittle(b, size - 12, 4);
	auto payload_start = size - 12 - payload_size;
	EXPECT_EQ(std::string(b.begin() + payload_start - 4, b.begin() + payload_start), magic);
	std::string json(b.begin() + payload_start, b.begin() + payload_start + payload_size);
	std::vector<IndependentBlob> blobs;
	// each blob object: {"type":"deletion-vector-v1", ... "offset":N,"length":N,"properties":{...}}
	std::regex blob_pattern(
	    R"x(\{"type":"deletion-vector-v1"[^{}]*"offset":(\d+),"length":(\d+),"properties":\{([^{}]*)\}\})x");
	for (auto it = std::sregex_iterator(json.begin(), json.end(), blob_pattern); it != std::sregex_iterator(); ++it) {
		IndependentBlob blob;
		size_t offset = std::stoull((*it)[1]), length = std::stoull((*it)[2]);
		std::string properties = (*it)[3];
		std::smatch m;
		if (std::regex_search(properties, m, std::regex(R"x("referenced-data-file":"([^"]*)")x"))) {
			blob.referenced_data_file = m[1];
		}
		if (std::regex_search(properties, m, std::regex(R"x("cardinality":"(\d+)")x"))) {
			blob.cardinality = std::stoll(m[1]);
		}
		if (std::regex_search(properties, m, std::regex(R"x("ducklake-snapshot-id":"(\d+)")x"))) {
			blob.snapshot = std::stoll(m[1]);
		}
		// blob: length (BE) | D1 D3 39 64 | bitmap | CRC-32 (BE) of magic + bitmap
		EXPECT_EQ(ReadBig32(b, offset), length - 8);
		EXPECT_EQ(b[offset + 4], 0xD1);
		EXPECT_EQ(b[offset + 5], 0xD3);
		EXPECT_EQ(b[offset + 6], 0x39);
		EXPECT_EQ(b[offset + 7], 0x64);
		EXPECT_EQ(ReadBig32(b, offset + length - 4), SlowCrc32(b.data() + offset + 4, length - 8));
		blob.positions = Decode64(b, offset + 8, offset + length - 4);
		blobs.push_back(std::move(blob));
	}
	return blobs;
}

std::vector<uint8_t> ReadBytes(const std::string &path) {
	std::ifstream in(path, std::ios::binary);
	return std::vector<uint8_t>((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

// --- encoding ------------------------------------------------------------------------

std::vector<int64_t> Sorted(std::set<int64_t> values) {
	return std::vector<int64_t>(values.begin(), values.end());
}

TEST(PuffinDeletionVector, Crc32KnownValue) {
	std::string text = "123456789";
	EXPECT_EQ(Crc32(reinterpret_cast<const uint8_t *>(text.data()), text.size()), 0xCBF43926u);
	EXPECT_EQ(SlowCrc32(reinterpret_cast<const uint8_t *>(text.data()), text.size()), 0xCBF43926u);
}

TEST(PuffinDeletionVector, EncodedFilesDecodeIndependently) {
	std::mt19937_64 rng(42);
	std::vector<std::vector<int64_t>> cases;
	cases.push_back({0});
	cases.push_back({5, 65535, 65536, 65537, 131072});
	std::set<int64_t> dense; // a bitset container (more than 4096 values under one key) next to an array one
	for (int64_t i = 0; i < 10000; i++) {
		dense.insert(i * 3);
	}
	cases.push_back(Sorted(dense));
	cases.push_back({1, (int64_t(1) << 32) + 7, (int64_t(3) << 32), (int64_t(1) << 40) + 65536}); // several keys
	std::set<int64_t> random;
	for (int i = 0; i < 3000; i++) {
		random.insert(int64_t(rng() % 300000));
	}
	cases.push_back(Sorted(random));
	cases.push_back({});
	for (auto &positions : cases) {
		int64_t footer_size = 0;
		DeletionVector vector;
		vector.positions = positions;
		auto bytes = EncodePuffinFile("s3://bucket/x \"y\".parquet", {vector}, footer_size);
		auto blobs = IndependentDecode(bytes);
		ASSERT_EQ(blobs.size(), 1u);
		EXPECT_EQ(blobs[0].positions, positions);
		EXPECT_EQ(blobs[0].cardinality, int64_t(positions.size()));
		EXPECT_EQ(blobs[0].snapshot, -1);
		EXPECT_GT(footer_size, 16);
		// and inlake's own reader agrees
		auto read = DecodePuffinFile(bytes, "test");
		ASSERT_EQ(read.size(), 1u);
		EXPECT_EQ(read[0].positions, positions);
	}
}

TEST(PuffinDeletionVector, VectorsPerSnapshot) {
	// positions deleted in snapshots 7, 3, 7, 9: vectors for 3, 7 and 9, each holding all deletions up to then
	auto vectors = VectorsOf({1, 4, 10, 20}, {7, 3, 7, 9});
	int64_t footer_size;
	auto blobs = IndependentDecode(EncodePuffinFile("f.parquet", vectors, footer_size));
	ASSERT_EQ(blobs.size(), 3u);
	EXPECT_EQ(blobs[0].snapshot, 3);
	EXPECT_EQ(blobs[0].positions, std::vector<int64_t>({4}));
	EXPECT_EQ(blobs[1].snapshot, 7);
	EXPECT_EQ(blobs[1].positions, std::vector<int64_t>({1, 4, 10}));
	EXPECT_EQ(blobs[2].snapshot, 9);
	EXPECT_EQ(blobs[2].positions, std::vector<int64_t>({1, 4, 10, 20}));
	EXPECT_EQ(blobs[2].cardinality, 4);
	EXPECT_TRUE(VectorPositionsAt(vectors, 3, 2).empty());
	EXPECT_EQ(VectorPositionsAt(vectors, 3, 8), std::vector<int64_t>({1, 4, 10}));
	auto with_snapshots = VectorPositionsWithSnapshots(vectors, 3);
	std::vector<std::pair<int64_t, int64_t>> expected {{1, 7}, {4, 3}, {10, 7}, {20, 9}};
	EXPECT_EQ(with_snapshots, expected);
}

TEST(PuffinDeletionVector, ReadsRunContainersAndBareBlobs) {
	// a 64-bit bitmap by hand: one 32-bit bitmap (key 2) of cookie 12347 with one run container [10, 14]
	std::vector<uint8_t> bitmap = {1, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0};
	uint32_t cookie = 12347 | (0u << 16);
	for (int i = 0; i < 4; i++) {
		bitmap.push_back(uint8_t(cookie >> (8 * i)));
	}
	bitmap.push_back(1);                          // run flags: container 0 is a run container
	bitmap.insert(bitmap.end(), {0, 0, 4, 0});    // key 0, cardinality 5 - 1 (no offsets below 4 containers)
	bitmap.insert(bitmap.end(), {1, 0, 10, 0, 4, 0}); // 1 run: start 10, length 4
	auto positions = DeserializeRoaring64(bitmap.data(), bitmap.size());
	std::vector<int64_t> expected;
	for (int64_t v = 10; v <= 14; v++) {
		expected.push_back((int64_t(2) << 32) | v);
	}
	EXPECT_EQ(positions, expected);
	// a bare deletion-vector-v1 blob (no Puffin container) reads as one vector
	std::vector<uint8_t> blob;
	uint32_t length = uint32_t(bitmap.size() + 4);
	blob = {uint8_t(length >> 24), uint8_t(length >> 16), uint8_t(length >> 8), uint8_t(length), 0xD1, 0xD3, 0x39,
	        0x64};
	blob.insert(blob.end(), bitmap.begin(), bitmap.end());
	auto crc = SlowCrc32(blob.data() + 4, blob.size() - 4);
	blob.insert(blob.end(), {uint8_t(crc >> 24), uint8_t(crc >> 16), uint8_t(crc >> 8), uint8_t(crc)});
	auto vectors = DecodePuffinFile(blob, "bare");
	ASSERT_EQ(vectors.size(), 1u);
	EXPECT_EQ(vectors[0].positions, expected);
}

TEST(PuffinDeletionVector, CorruptFilesAreRefused) {
	DeletionVector vector;
	vector.positions = {3, 4, 5, 70000};
	int64_t footer_size;
	auto good = EncodePuffinFile("f.parquet", {vector}, footer_size);
	// every single flipped byte of the blob (magic, bitmap, CRC) or of the magics is caught
	for (size_t at = 0; at < good.size() - footer_size; at++) {
		auto bad = good;
		bad[at] ^= 0x5A;
		EXPECT_THROW(DecodePuffinFile(bad, "bad"), duckdb::InvalidInputException) << "byte " << at;
	}
	auto truncated = good;
	truncated.resize(good.size() - 3);
	EXPECT_THROW(DecodePuffinFile(truncated, "short"), duckdb::InvalidInputException);
	EXPECT_THROW(DecodePuffinFile(std::vector<uint8_t>(), "empty"), duckdb::InvalidInputException);
	std::vector<uint8_t> bogus_count = {0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F};
	EXPECT_THROW(DeserializeRoaring64(bogus_count.data(), bogus_count.size()), duckdb::InvalidInputException);
}

// --- lakes written through SQL -----------------------------------------------------------

class PuffinLakeTest : public ::testing::Test {
protected:
	void SetUp() override {
		std::random_device rd;
		dir = fs::temp_directory_path() / ("inlake_dv_" + std::to_string(rd()) + std::to_string(rd()));
		fs::create_directories(dir);
		db = std::make_unique<duckdb::DuckDB>(nullptr);
		LoadInlake(*db->instance);
		con = std::make_unique<duckdb::Connection>(*db);
	}
	void TearDown() override {
		con.reset();
		db.reset();
		std::error_code ec;
		fs::remove_all(dir, ec);
	}
	duckdb::unique_ptr<duckdb::MaterializedQueryResult> Q(const std::string &sql) {
		auto result = con->Query(sql);
		EXPECT_FALSE(result->HasError()) << sql << ": " << result->GetError();
		return result;
	}

	//! Every puffin delete file of the lake: decoded independently, checked against the catalog row and the ids
	//! the test deleted (data file position p holds id p + first id of the file). Returns how many were checked.
	int CheckAllVectors(const std::set<int64_t> &deleted_ids) {
		auto rows = Q("SELECT d.path, d.delete_count, d.footer_size, d.file_size_bytes, d.begin_snapshot, "
		              "d.end_snapshot, f.path, d.partial_max FROM ducklake_catalog_table('l', 'ducklake_delete_file') "
		              "d JOIN ducklake_catalog_table('l', 'ducklake_data_file') f USING (data_file_id) WHERE "
		              "d.format = 'puffin' ORDER BY d.delete_file_id");
		int checked = 0;
		for (duckdb::idx_t row = 0; row < rows->RowCount(); row++) {
			auto path = Data() + "main/t/" + rows->GetValue(0, row).ToString();
			auto bytes = ReadBytes(path);
			EXPECT_EQ(int64_t(bytes.size()), rows->GetValue(3, row).GetValue<int64_t>());
			auto blobs = IndependentDecode(bytes);
			EXPECT_FALSE(blobs.empty());
			if (blobs.empty()) {
				continue;
			}
			auto &last = blobs.back();
			EXPECT_EQ(last.cardinality, rows->GetValue(1, row).GetValue<int64_t>());
			EXPECT_EQ(int64_t(last.positions.size()), last.cardinality);
			EXPECT_NE(last.referenced_data_file.find(rows->GetValue(6, row).ToString()), std::string::npos);
			for (auto &blob : blobs) {
				for (auto position : blob.positions) {
					// the table's single data file holds ids 0..n-1 at positions 0..n-1
					EXPECT_TRUE(deleted_ids.count(position)) << "position " << position << " of " << path;
				}
				EXPECT_EQ(blob.snapshot >= 0, !rows->GetValue(7, row).IsNull());
			}
			if (rows->GetValue(5, row).IsNull()) {
				// the live vector holds every deleted id
				EXPECT_EQ(last.positions, std::vector<int64_t>(deleted_ids.begin(), deleted_ids.end()));
			}
			checked++;
		}
		return checked;
	}

	std::string Data() const {
		return dir.string() + "/data/";
	}

	fs::path dir;
	std::unique_ptr<duckdb::DuckDB> db;
	std::unique_ptr<duckdb::Connection> con;
};

TEST_F(PuffinLakeTest, DeletesAndFlushesWriteVectorsOtherReadersDecode) {
	Q("ATTACH 'ducklake:" + dir.string() + "/lake.duckdb' AS l (DATA_PATH '" + Data() +
	  "', WRITE_DELETION_VECTORS true, DATA_INLINING_ROW_LIMIT 5)");
	Q("CREATE TABLE l.t (id BIGINT)");
	Q("INSERT INTO l.t SELECT range FROM range(100000)");
	std::set<int64_t> deleted;
	// a delete file per statement: more rows than the inlining limit
	Q("DELETE FROM l.t WHERE id % 7 = 0");
	for (int64_t i = 0; i < 100000; i += 7) {
		deleted.insert(i);
	}
	EXPECT_EQ(CheckAllVectors(deleted), 1);
	// a further delete writes a new vector holding all deleted positions
	Q("DELETE FROM l.t WHERE id BETWEEN 65000 AND 70000");
	for (int64_t i = 65000; i <= 70000; i++) {
		deleted.insert(i);
	}
	EXPECT_EQ(CheckAllVectors(deleted), 2);
	// small deletes are inlined; a flush writes them (with the vector's positions) per snapshot
	Q("DELETE FROM l.t WHERE id = 1");
	Q("DELETE FROM l.t WHERE id IN (2, 3)");
	deleted.insert({1, 2, 3});
	Q("CALL ducklake_flush_inlined_data('l')");
	EXPECT_EQ(CheckAllVectors(deleted), 3);
	auto count = Q("SELECT count(*) FROM l.t");
	EXPECT_EQ(count->GetValue(0, 0).GetValue<int64_t>(), int64_t(100000 - deleted.size()));
}

} // namespace

#include "common/roaring64.hpp"

#include "duckdb/common/exception.hpp"

#include <algorithm>

namespace inlake {

static constexpr uint32_t kCookieNoRuns = 12346;
static constexpr uint32_t kCookieRuns = 12347;
static constexpr size_t kMaxArrayCardinality = 4096;
static constexpr size_t kBitsetBytes = 8192;
static constexpr size_t kNoOffsetThreshold = 4;

// --- writing --------------------------------------------------------------------

static void PutLE(std::vector<uint8_t> &out, uint64_t value, int bytes) {
	for (int i = 0; i < bytes; i++) {
		out.push_back(uint8_t(value >> (8 * i)));
	}
}

static void SetLE32(std::vector<uint8_t> &out, size_t at, uint32_t value) {
	for (int i = 0; i < 4; i++) {
		out[at + i] = uint8_t(value >> (8 * i));
	}
}

//! One 32-bit bitmap of the low halves `low` (ascending).
static void Serialize32(std::vector<uint8_t> &out, const std::vector<uint32_t> &low) {
	// containers: runs of values sharing their high 16 bits
	std::vector<std::pair<size_t, size_t>> containers; // [begin, end) into low
	for (size_t i = 0; i < low.size();) {
		size_t j = i;
		while (j < low.size() && (low[j] >> 16) == (low[i] >> 16)) {
			j++;
		}
		containers.emplace_back(i, j);
		i = j;
	}
	auto start = out.size();
	PutLE(out, kCookieNoRuns, 4);
	PutLE(out, containers.size(), 4);
	for (auto &container : containers) {
		PutLE(out, low[container.first] >> 16, 2);
		PutLE(out, container.second - container.first - 1, 2);
	}
	auto offsets = out.size();
	out.resize(out.size() + 4 * containers.size());
	for (size_t c = 0; c < containers.size(); c++) {
		SetLE32(out, offsets + 4 * c, uint32_t(out.size() - start));
		auto begin = containers[c].first, end = containers[c].second;
		if (end - begin <= kMaxArrayCardinality) {
			for (size_t i = begin; i < end; i++) {
				PutLE(out, low[i] & 0xFFFF, 2);
			}
		} else {
			std::vector<uint64_t> words(kBitsetBytes / 8, 0);
			for (size_t i = begin; i < end; i++) {
				auto bit = low[i] & 0xFFFF;
				words[bit / 64] |= uint64_t(1) << (bit % 64);
			}
			for (auto word : words) {
				PutLE(out, word, 8);
			}
		}
	}
}

std::vector<uint8_t> SerializeRoaring64(const std::vector<int64_t> &positions) {
	std::vector<uint8_t> out;
	// the bitmaps: one per distinct high half
	std::vector<std::pair<size_t, size_t>> groups;
	for (size_t i = 0; i < positions.size();) {
		if (positions[i] < 0 || (i > 0 && positions[i] <= positions[i - 1])) {
			throw duckdb::InternalException("SerializeRoaring64: positions must be non-negative, sorted and unique");
		}
		size_t j = i + 1;
		while (j < positions.size() && (uint64_t(positions[j]) >> 32) == (uint64_t(positions[i]) >> 32)) {
			if (positions[j] <= positions[j - 1]) {
				throw duckdb::InternalException("SerializeRoaring64: positions must be sorted and unique");
			}
			j++;
		}
		groups.emplace_back(i, j);
		i = j;
	}
	PutLE(out, groups.size(), 8);
	std::vector<uint32_t> low;
	for (auto &group : groups) {
		PutLE(out, uint64_t(positions[group.first]) >> 32, 4);
		low.clear();
		for (size_t i = group.first; i < group.second; i++) {
			low.push_back(uint32_t(uint64_t(positions[i]) & 0xFFFFFFFFu));
		}
		Serialize32(out, low);
	}
	return out;
}

// --- reading --------------------------------------------------------------------

namespace {

struct Cursor {
	const uint8_t *data;
	size_t size;
	size_t at = 0;

	void Need(size_t bytes, const char *what) const {
		if (bytes > size - at) {
			throw duckdb::InvalidInputException("Corrupt deletion vector: the 64-bit Roaring bitmap ends within %s",
			                                    what);
		}
	}
	uint64_t LE(int bytes, const char *what) {
		Need(size_t(bytes), what);
		uint64_t value = 0;
		for (int i = 0; i < bytes; i++) {
			value |= uint64_t(data[at + i]) << (8 * i);
		}
		at += size_t(bytes);
		return value;
	}
};

[[noreturn]] void Corrupt(const std::string &why) {
	throw duckdb::InvalidInputException("Corrupt deletion vector: %s", why);
}

//! One 32-bit bitmap at the cursor; its values (ORed with `high`) are appended to `out`.
void Deserialize32(Cursor &in, uint64_t high, std::vector<int64_t> &out) {
	auto cookie = uint32_t(in.LE(4, "a 32-bit bitmap's cookie"));
	size_t count;
	std::vector<uint8_t> run_flags;
	bool has_runs = (cookie & 0xFFFF) == kCookieRuns;
	if (has_runs) {
		count = (cookie >> 16) + 1;
		auto flag_bytes = (count + 7) / 8;
		in.Need(flag_bytes, "the run container flags");
		run_flags.assign(in.data + in.at, in.data + in.at + flag_bytes);
		in.at += flag_bytes;
	} else if (cookie == kCookieNoRuns) {
		count = size_t(in.LE(4, "the container count"));
		if (count > 65536) {
			Corrupt("a 32-bit bitmap claims " + std::to_string(count) + " containers (at most 65536)");
		}
	} else {
		Corrupt("unknown 32-bit Roaring cookie " + std::to_string(cookie));
	}
	std::vector<uint16_t> keys(count);
	std::vector<uint32_t> cardinalities(count);
	for (size_t c = 0; c < count; c++) {
		keys[c] = uint16_t(in.LE(2, "a container key"));
		cardinalities[c] = uint32_t(in.LE(2, "a container cardinality")) + 1;
		if (c > 0 && keys[c] <= keys[c - 1]) {
			Corrupt("container keys are not ascending");
		}
	}
	if (!has_runs || count >= kNoOffsetThreshold) {
		in.Need(4 * count, "the container offsets");
		in.at += 4 * count; // containers follow back to back: the offsets are not needed to read them in order
	}
	for (size_t c = 0; c < count; c++) {
		uint64_t base = (high << 32) | (uint64_t(keys[c]) << 16);
		auto before = out.size();
		bool is_run = has_runs && (run_flags[c / 8] >> (c % 8)) & 1;
		if (is_run) {
			auto runs = size_t(in.LE(2, "a run container's run count"));
			int64_t previous_end = -1;
			for (size_t r = 0; r < runs; r++) {
				auto run_start = int64_t(in.LE(2, "a run"));
				auto length = int64_t(in.LE(2, "a run"));
				if (run_start <= previous_end || run_start + length > 0xFFFF) {
					Corrupt("a run container's runs overlap, are out of order or pass 65535");
				}
				for (int64_t v = run_start; v <= run_start + length; v++) {
					out.push_back(int64_t(base | uint64_t(v)));
				}
				previous_end = run_start + length;
			}
		} else if (cardinalities[c] <= kMaxArrayCardinality) {
			int64_t previous = -1;
			for (size_t i = 0; i < cardinalities[c]; i++) {
				auto value = int64_t(in.LE(2, "an array container"));
				if (value <= previous) {
					Corrupt("an array container's values are not ascending");
				}
				previous = value;
				out.push_back(int64_t(base | uint64_t(value)));
			}
		} else {
			in.Need(kBitsetBytes, "a bitset container");
			for (size_t word_index = 0; word_index < kBitsetBytes / 8; word_index++) {
				auto word = in.LE(8, "a bitset container");
				while (word) {
					auto bit = __builtin_ctzll(word);
					out.push_back(int64_t(base | uint64_t(word_index * 64 + bit)));
					word &= word - 1;
				}
			}
		}
		if (out.size() - before != cardinalities[c]) {
			Corrupt("a container holds " + std::to_string(out.size() - before) + " values, its header says " +
			        std::to_string(cardinalities[c]));
		}
	}
}

} // namespace

std::vector<int64_t> DeserializeRoaring64(const uint8_t *data, size_t size) {
	Cursor in {data, size};
	auto bitmaps = in.LE(8, "the bitmap count");
	// each bitmap takes at least 12 bytes: a count beyond that is corrupt, not a reason to allocate
	if (bitmaps > size / 12 + 1) {
		Corrupt("it claims " + std::to_string(bitmaps) + " 32-bit bitmaps in " + std::to_string(size) + " bytes");
	}
	std::vector<int64_t> positions;
	int64_t previous_key = -1;
	for (uint64_t b = 0; b < bitmaps; b++) {
		auto key = int64_t(in.LE(4, "a bitmap key"));
		if (key <= previous_key) {
			Corrupt("the 32-bit bitmaps' keys are not ascending");
		}
		if (key > 0x7FFFFFFF) {
			Corrupt("a position has its most significant bit set");
		}
		previous_key = key;
		Deserialize32(in, uint64_t(key), positions);
	}
	if (in.at != size) {
		Corrupt(std::to_string(size - in.at) + " bytes follow the 64-bit Roaring bitmap");
	}
	return positions;
}

} // namespace inlake

#include "common/crc32.hpp"

#include <array>

namespace inlake {

static const std::array<uint32_t, 256> &Crc32Table() {
	static const std::array<uint32_t, 256> table = [] {
		std::array<uint32_t, 256> result {};
		for (uint32_t byte = 0; byte < 256; byte++) {
			uint32_t crc = byte;
			for (int bit = 0; bit < 8; bit++) {
				crc = (crc & 1) ? (0xEDB88320u ^ (crc >> 1)) : (crc >> 1);
			}
			result[byte] = crc;
		}
		return result;
	}();
	return table;
}

uint32_t Crc32(const uint8_t *data, size_t size) {
	auto &table = Crc32Table();
	uint32_t crc = 0xFFFFFFFFu;
	for (size_t i = 0; i < size; i++) {
		crc = table[(crc ^ data[i]) & 0xFF] ^ (crc >> 8);
	}
	return crc ^ 0xFFFFFFFFu;
}

} // namespace inlake

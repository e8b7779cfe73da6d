#include "write/row_id_set.hpp"

#include <algorithm>
#include <mutex>

namespace inlake {
using namespace duckdb; // NOLINT

RowIdSet::Block &RowIdSet::BlockOf(int64_t block_index) {
	{
		std::shared_lock<std::shared_mutex> guard(lock);
		auto found = blocks.find(block_index);
		if (found != blocks.end()) {
			return *found->second;
		}
	}
	std::unique_lock<std::shared_mutex> guard(lock);
	auto &block = blocks[block_index];
	if (!block) {
		block.reset(new Block());
	}
	return *block;
}

bool RowIdSet::Set(int64_t id, int64_t &cached_index, Block *&cached) {
	if (id < 0) {
		throw InternalException("DuckLake: negative row id %lld", (long long)id);
	}
	if (!cached || cached_index != (id >> kBlockBits)) {
		cached_index = id >> kBlockBits;
		cached = &BlockOf(cached_index);
	}
	auto &block = *cached;
	auto offset = uint64_t(id) & ((uint64_t(1) << kBlockBits) - 1);
	auto bit = uint64_t(1) << (offset % 64);
	return (block.words[offset / 64].fetch_or(bit, std::memory_order_relaxed) & bit) == 0;
}

void RowIdSet::Add(Vector &ids, idx_t row_count, std::vector<std::pair<idx_t, int64_t>> *fresh) {
	UnifiedVectorFormat format;
	ids.ToUnifiedFormat(row_count, format);
	auto data = UnifiedVectorFormat::GetData<int64_t>(format);
	int64_t cached_index = -1;
	Block *cached = nullptr; // consecutive ids mostly share a block: looked up once
	idx_t added = 0;         // counted once per chunk: one shared counter updated per row is contended
	for (idx_t row = 0; row < row_count; row++) {
		auto index = format.sel->get_index(row);
		if (!format.validity.RowIsValid(index) || !Set(data[index], cached_index, cached)) {
			continue;
		}
		added++;
		if (fresh) {
			fresh->emplace_back(row, data[index]);
		}
	}
	count += added;
}

std::vector<std::pair<idx_t, int64_t>> RowIdSet::InsertNew(Vector &ids, idx_t row_count) {
	std::vector<std::pair<idx_t, int64_t>> fresh;
	fresh.reserve(row_count);
	Add(ids, row_count, &fresh);
	return fresh;
}

void RowIdSet::Insert(Vector &ids, idx_t row_count) {
	Add(ids, row_count, nullptr);
}

std::vector<int64_t> RowIdSet::Sorted() const {
	std::vector<int64_t> all;
	all.reserve(count.load());
	std::shared_lock<std::shared_mutex> guard(lock);
	for (auto &entry : blocks) {
		auto base = entry.first << kBlockBits;
		for (size_t w = 0; w < kWordsPerBlock; w++) {
			auto word = entry.second->words[w].load(std::memory_order_relaxed);
			while (word) {
				auto bit = __builtin_ctzll(word);
				all.push_back(base + int64_t(w * 64 + size_t(bit)));
				word &= word - 1;
			}
		}
	}
	return all;
}

template <class VISIT>
void RowIdSet::VisitRange(int64_t begin, int64_t end, VISIT &&visit) const {
	begin = std::max<int64_t>(begin, 0);
	if (begin >= end) {
		return;
	}
	std::shared_lock<std::shared_mutex> guard(lock);
	for (auto entry = blocks.lower_bound(begin >> kBlockBits); entry != blocks.end(); ++entry) {
		auto base = entry->first << kBlockBits;
		if (base >= end) {
			break;
		}
		auto from = uint64_t(std::max(begin, base) - base);
		auto to = uint64_t(std::min(end, base + (int64_t(1) << kBlockBits)) - base); // exclusive
		for (auto w = from / 64; w * 64 < to; w++) {
			auto low = std::max(from, w * 64) - w * 64;
			auto high = std::min(to, w * 64 + 64) - w * 64; // exclusive, 1..64
			auto mask = (high == 64 ? ~uint64_t(0) : (uint64_t(1) << high) - 1) & ~((uint64_t(1) << low) - 1);
			visit(entry->second->words[w], mask);
		}
	}
}

idx_t RowIdSet::CountInRange(int64_t begin, int64_t end) const {
	idx_t found = 0;
	VisitRange(begin, end, [&](const std::atomic<uint64_t> &word, uint64_t mask) {
		found += idx_t(__builtin_popcountll(word.load(std::memory_order_relaxed) & mask));
	});
	return found;
}

void RowIdSet::EraseRange(int64_t begin, int64_t end) {
	idx_t erased = 0;
	VisitRange(begin, end, [&](std::atomic<uint64_t> &word, uint64_t mask) {
		auto old = word.fetch_and(~mask, std::memory_order_relaxed);
		erased += idx_t(__builtin_popcountll(old & mask));
	});
	count -= erased;
}

} // namespace inlake

#include "write/row_id_set.hpp"

#include <algorithm>

namespace inlake {
using namespace duckdb; // NOLINT

static size_t ShardOf(int64_t id, size_t shards) {
	// row ids are dense: mix the bits so that a run of ids spreads over every shard
	auto mixed = static_cast<uint64_t>(id) * 0x9E3779B97F4A7C15ULL;
	return static_cast<size_t>(mixed >> 58) % shards;
}

std::array<std::vector<std::pair<idx_t, int64_t>>, RowIdSet::kShards> RowIdSet::ByShard(Vector &ids, idx_t count) {
	std::array<std::vector<std::pair<idx_t, int64_t>>, kShards> grouped;
	UnifiedVectorFormat format;
	ids.ToUnifiedFormat(count, format);
	auto data = UnifiedVectorFormat::GetData<int64_t>(format);
	for (idx_t row = 0; row < count; row++) {
		auto index = format.sel->get_index(row);
		if (format.validity.RowIsValid(index)) {
			grouped[ShardOf(data[index], kShards)].emplace_back(row, data[index]);
		}
	}
	return grouped;
}

std::vector<std::pair<idx_t, int64_t>> RowIdSet::InsertNew(Vector &ids, idx_t count) {
	std::vector<std::pair<idx_t, int64_t>> fresh;
	auto grouped = ByShard(ids, count);
	for (size_t s = 0; s < kShards; s++) {
		if (grouped[s].empty()) {
			continue;
		}
		std::lock_guard<std::mutex> guard(shards[s].lock);
		for (auto &entry : grouped[s]) {
			if (shards[s].ids.insert(entry.second).second) {
				fresh.push_back(entry);
			}
		}
	}
	std::sort(fresh.begin(), fresh.end());
	return fresh;
}

void RowIdSet::Insert(Vector &ids, idx_t count) {
	auto grouped = ByShard(ids, count);
	for (size_t s = 0; s < kShards; s++) {
		if (grouped[s].empty()) {
			continue;
		}
		std::lock_guard<std::mutex> guard(shards[s].lock);
		for (auto &entry : grouped[s]) {
			shards[s].ids.insert(entry.second);
		}
	}
}

std::vector<int64_t> RowIdSet::Sorted() const {
	std::vector<int64_t> all;
	for (auto &shard : shards) {
		std::lock_guard<std::mutex> guard(shard.lock);
		all.insert(all.end(), shard.ids.begin(), shard.ids.end());
	}
	std::sort(all.begin(), all.end());
	return all;
}

idx_t RowIdSet::Count() const {
	idx_t count = 0;
	for (auto &shard : shards) {
		std::lock_guard<std::mutex> guard(shard.lock);
		count += shard.ids.size();
	}
	return count;
}

} // namespace inlake

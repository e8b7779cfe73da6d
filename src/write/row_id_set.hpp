//===----------------------------------------------------------------------===//
// RowIdSet: the row ids a DELETE, UPDATE or MERGE touches, added by every
// thread of a parallel sink at once.
//
// The ids are spread over shards by value, each with its own lock, so that
// threads adding a chunk's ids rarely wait for each other. InsertNew tells
// which ids are new (an UPDATE changes a row reached twice, e.g. through a
// join, once). Sorted() gives them all, in order, once the threads are done.
//===----------------------------------------------------------------------===//
#pragma once

#include "duckdb/common/types/vector.hpp"

#include <array>
#include <mutex>
#include <unordered_set>
#include <vector>

namespace inlake {

class RowIdSet {
public:
	//! Adds the valid ids of the first `count` rows of `ids`; returns those that were not in the set yet as
	//! (row in the chunk, id) pairs in row order. An id that appears twice in the chunk counts once.
	std::vector<std::pair<duckdb::idx_t, int64_t>> InsertNew(duckdb::Vector &ids, duckdb::idx_t count);
	//! Adds the valid ids of the first `count` rows of `ids`.
	void Insert(duckdb::Vector &ids, duckdb::idx_t count);

	//! Every id added, ascending
	std::vector<int64_t> Sorted() const;
	duckdb::idx_t Count() const;

private:
	static constexpr size_t kShards = 64;
	struct Shard {
		std::mutex lock;
		std::unordered_set<int64_t> ids;
	};
	//! The chunk's valid ids grouped by shard, as (row, id) pairs in row order within a shard
	static std::array<std::vector<std::pair<duckdb::idx_t, int64_t>>, kShards> ByShard(duckdb::Vector &ids,
	                                                                                    duckdb::idx_t count);

	mutable std::array<Shard, kShards> shards;
};

} // namespace inlake

//===----------------------------------------------------------------------===//
// RowIdSet: the row ids a DELETE, UPDATE or MERGE touches, added by every
// thread of a parallel sink at once.
//
// Row ids are dense (a table's committed rows count up from 0, a
// transaction's own rows from its provisional base), so the set is a bitmap
// in blocks of 2^16 ids, made as ids reach them; a bit is set with an atomic
// or, which also tells whether the id was new (an UPDATE changes a row
// reached twice, e.g. through a join, once). Threads only wait for each other
// when one makes a block. Sorted() reads the ids out in order once the
// threads are done.
//===----------------------------------------------------------------------===//
#pragma once

#include "duckdb/common/types/vector.hpp"

#include <atomic>
#include <map>
#include <memory>
#include <shared_mutex>
#include <vector>

namespace inlake {

class RowIdSet {
public:
	RowIdSet() = default;
	RowIdSet(const RowIdSet &) = delete;
	RowIdSet &operator=(const RowIdSet &) = delete;

	//! Adds the valid ids of the first `count` rows of `ids`; returns those that were not in the set yet as
	//! (row in the chunk, id) pairs in row order. An id that appears twice in the chunk counts once.
	std::vector<std::pair<duckdb::idx_t, int64_t>> InsertNew(duckdb::Vector &ids, duckdb::idx_t count);
	//! Adds the valid ids of the first `count` rows of `ids`.
	void Insert(duckdb::Vector &ids, duckdb::idx_t count);

	//! Every id added, ascending
	std::vector<int64_t> Sorted() const;
	//! How many ids in [begin, end) the set holds (once the threads are done)
	duckdb::idx_t CountInRange(int64_t begin, int64_t end) const;
	//! Removes the ids in [begin, end) (once the threads are done); Count() drops by as many
	void EraseRange(int64_t begin, int64_t end);
	duckdb::idx_t Count() const {
		return count.load();
	}

private:
	static constexpr int kBlockBits = 16;
	static constexpr size_t kWordsPerBlock = (size_t(1) << kBlockBits) / 64;
	struct Block {
		std::atomic<uint64_t> words[kWordsPerBlock] = {};
	};
	//! Sets the id's bit; whether it was clear. `cached`: the block last used (and its index), replaced when the
	//! id is in another one
	bool Set(int64_t id, int64_t &cached_index, Block *&cached);
	Block &BlockOf(int64_t block_index);
	//! Calls visit(word, mask) for every word of the existing blocks that holds ids of [begin, end), `mask` the
	//! bits of the word that are in the range
	template <class VISIT>
	void VisitRange(int64_t begin, int64_t end, VISIT &&visit) const;
	//! Sets the bits of the chunk's valid ids; `fresh` (when given) receives those that were clear
	void Add(duckdb::Vector &ids, duckdb::idx_t count, std::vector<std::pair<duckdb::idx_t, int64_t>> *fresh);

	mutable std::shared_mutex lock;
	//! Blocks by index (id >> kBlockBits, ids being non-negative)
	std::map<int64_t, std::unique_ptr<Block>> blocks;
	std::atomic<duckdb::idx_t> count {0};
};

} // namespace inlake

//===----------------------------------------------------------------------===//
// PendingRowIds: the row ids a DELETE or UPDATE names, while the transaction
// finds where each one lives (its own inlined rows, its own files, committed
// files). Each id is taken once, by the first place that holds it; what is
// left at the end lives in committed inlined rows or in the transaction's
// files with provisional ids.
//
// A sorted vector with a taken flag per id: a statement may name millions of
// ids, and a balanced tree of them (one allocation per id, a rebalancing per
// removal) cost more than the rest of such an UPDATE.
//===----------------------------------------------------------------------===//
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace inlake {

class PendingRowIds {
public:
	//! The ids in any order, duplicates allowed
	explicit PendingRowIds(std::vector<int64_t> ids);

	//! Whether `row_id` is named and not taken yet
	bool Contains(int64_t row_id) const;
	//! Takes `row_id`: true when it was named and not taken yet
	bool Take(int64_t row_id);
	//! The ids not taken yet in [begin, end), ascending
	std::vector<int64_t> InRange(int64_t begin, int64_t end) const;
	//! Every id not taken yet, ascending
	std::vector<int64_t> Remaining() const;
	bool Empty() const {
		return left == 0;
	}

private:
	//! The index of `row_id` in `ids`, or ids.size()
	size_t Find(int64_t row_id) const;

	std::vector<int64_t> ids;
	std::vector<bool> taken;
	size_t left;
	//! The ids are one run without gaps: an id's index is its distance from the first
	bool contiguous = false;
};

} // namespace inlake

#include "transaction/pending_row_ids.hpp"

#include <algorithm>

namespace inlake {

PendingRowIds::PendingRowIds(std::vector<int64_t> ids_p) : ids(std::move(ids_p)) {
	if (!std::is_sorted(ids.begin(), ids.end())) {
		std::sort(ids.begin(), ids.end());
	}
	ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
	taken.assign(ids.size(), false);
	left = ids.size();
	contiguous = !ids.empty() && uint64_t(ids.back()) - uint64_t(ids.front()) == uint64_t(ids.size() - 1);
}

size_t PendingRowIds::Find(int64_t row_id) const {
	if (contiguous) {
		// (every row of a range, as an UPDATE of a whole table names them): the index is the offset
		return row_id >= ids.front() && row_id <= ids.back() ? size_t(row_id - ids.front()) : ids.size();
	}
	auto it = std::lower_bound(ids.begin(), ids.end(), row_id);
	return it != ids.end() && *it == row_id ? size_t(it - ids.begin()) : ids.size();
}

bool PendingRowIds::Contains(int64_t row_id) const {
	auto index = Find(row_id);
	return index < ids.size() && !taken[index];
}

bool PendingRowIds::Take(int64_t row_id) {
	auto index = Find(row_id);
	if (index == ids.size() || taken[index]) {
		return false;
	}
	taken[index] = true;
	left--;
	return true;
}

std::vector<int64_t> PendingRowIds::InRange(int64_t begin, int64_t end) const {
	std::vector<int64_t> result;
	auto from = size_t(std::lower_bound(ids.begin(), ids.end(), begin) - ids.begin());
	for (auto index = from; index < ids.size() && ids[index] < end; index++) {
		if (!taken[index]) {
			result.push_back(ids[index]);
		}
	}
	return result;
}

std::vector<int64_t> PendingRowIds::Remaining() const {
	std::vector<int64_t> result;
	result.reserve(left);
	for (size_t index = 0; index < ids.size(); index++) {
		if (!taken[index]) {
			result.push_back(ids[index]);
		}
	}
	return result;
}

} // namespace inlake

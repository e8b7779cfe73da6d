#include "read/delete_filter.hpp"

#include <algorithm>

namespace inlake {

using namespace duckdb;

PositionDeleteFilter::PositionDeleteFilter(std::shared_ptr<LakeScanSpec> spec_p, const std::vector<int64_t> &positions)
    : spec(std::move(spec_p)), positions(positions) {
}

idx_t PositionDeleteFilter::Filter(row_t start_row_index, idx_t count, SelectionVector &result_sel) {
	auto start = static_cast<int64_t>(start_row_index);
	auto end = start + static_cast<int64_t>(count);
	auto next_delete = std::lower_bound(positions.begin(), positions.end(), start);
	result_sel.Initialize(MaxValue<idx_t>(count, STANDARD_VECTOR_SIZE));
	idx_t result_count = 0;
	for (auto row = start; row < end; row++) {
		if (next_delete != positions.end() && *next_delete == row) {
			++next_delete;
			continue;
		}
		result_sel.set_index(result_count++, NumericCast<idx_t>(row - start));
	}
	return result_count;
}

} // namespace inlake

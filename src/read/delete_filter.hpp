//===----------------------------------------------------------------------===//
// PositionDeleteFilter: DuckDB's DeleteFilter for one data file, removing the
// rows at the file's deleted positions (ScanDataFile::deleted_positions, sorted,
// 0-based row numbers in the file). The Parquet reader calls Filter once per
// vector it reads, with the file row number of the vector's first row.
//===----------------------------------------------------------------------===//
#pragma once

#include "read/lake_scan.hpp"

#include "duckdb/common/multi_file/multi_file_data.hpp"

namespace inlake {

class PositionDeleteFilter : public duckdb::DeleteFilter {
public:
	//! positions must stay alive as long as spec does (it is one of spec's vectors)
	PositionDeleteFilter(std::shared_ptr<LakeScanSpec> spec, const std::vector<int64_t> &positions);

	duckdb::idx_t Filter(duckdb::row_t start_row_index, duckdb::idx_t count,
	                     duckdb::SelectionVector &result_sel) override;

private:
	std::shared_ptr<LakeScanSpec> spec;
	const std::vector<int64_t> &positions;
};

} // namespace inlake

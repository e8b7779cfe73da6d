//===----------------------------------------------------------------------===//
// NestedValueCounter: value and NULL counts that DuckDB's Parquet writer does
// not report, counted from the appended chunks.
//
// Contract:
//  * For every top-level nested column (STRUCT, LIST, MAP, ARRAY): rows
//    (value_count) and NULL rows (null_count).
//  * For every leaf below a LIST, MAP or ARRAY (where Parquet statistics have
//    no null count): the number of leaf values inside non-NULL lists
//    (value_count) and how many of them are NULL (null_count).
//  * Counts are keyed by LakeColumn::column_id and accumulate until Reset().
//  * Work is proportional to the number of list entries of nested columns;
//    flat top-level columns are never touched.
//===----------------------------------------------------------------------===//
#pragma once

#include "common/lake_column.hpp"

#include "duckdb/common/types/data_chunk.hpp"

#include <cstdint>
#include <unordered_map>
#include <vector>

namespace inlake {

struct NestedCounts {
	int64_t value_count = 0;
	int64_t null_count = 0;
};

class NestedValueCounter {
public:
	explicit NestedValueCounter(const std::vector<LakeColumn> &columns);

	//! Counts the first columns.size() columns of the chunk.
	void Count(duckdb::DataChunk &chunk);
	void Reset();
	//! Adds counts another counter (of the same columns) made.
	void Add(const std::unordered_map<int64_t, NestedCounts> &other);
	const std::unordered_map<int64_t, NestedCounts> &Counts() const {
		return counts;
	}

private:
	void Visit(duckdb::Vector &vector, duckdb::idx_t count, const LakeColumn &column, bool under_repeated);
	void VisitStructChildren(duckdb::Vector &vector, duckdb::idx_t count, const LakeColumn &column,
	                         bool under_repeated);
	void VisitListChild(duckdb::Vector &vector, duckdb::idx_t count, const LakeColumn &column);
	void AddCounts(duckdb::Vector &vector, duckdb::idx_t count, int64_t column_id);

	const std::vector<LakeColumn> &columns;
	std::unordered_map<int64_t, NestedCounts> counts;
};

} // namespace inlake

//===----------------------------------------------------------------------===//
// ColumnFilter / InlinedRowFilter: what a lake scan tells the metadata store
// about the inlined rows it is about to read, so that the store can drop rows
// early (in its storage scan or its SQL) instead of the reader alone.
//===----------------------------------------------------------------------===//
#pragma once

#include "duckdb/planner/table_filter.hpp"

#include <memory>
#include <vector>

namespace inlake {

//! A filter DuckDB pushed into a lake scan, on one of the table's current columns.
struct ColumnFilter {
	//! Index into the table's current columns (InlinedSource::columns)
	duckdb::idx_t column;
	std::shared_ptr<duckdb::TableFilter> filter;
};

struct InlinedRowFilter {
	//! Optional: a store may apply any subset of them (the reader applies every filter again afterwards).
	std::vector<ColumnFilter> column_filters;
	//! Mandatory: rows the reading transaction deleted itself (not yet committed), to leave out.
	std::vector<int64_t> excluded_row_ids;
	//! The rows in the order of their begin snapshot, then row id (they are numbered: file_row_number). A store
	//! whose storage keeps the order rows were committed in may return them in that order.
	bool in_commit_order = false;
};

} // namespace inlake

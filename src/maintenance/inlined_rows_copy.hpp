//===----------------------------------------------------------------------===//
// CopyInlinedRows: the parallel flush's COPY. A table's inlined rows, as the
// store hands them out (an InlinedRowsRelation: every schema version cast to
// the current columns), written into one Parquet file by one DuckDB COPY on
// all threads, with the hidden row id and snapshot columns when the rows
// need them, the file's statistics from RETURN_STATS, and the positions of
// the written rows that were already deleted while inlined.
//===----------------------------------------------------------------------===//
#pragma once

#include "metadata/metadata_store.hpp"

#include "duckdb/function/copy_function.hpp"

#include <string>
#include <utility>
#include <vector>

namespace inlake {

//! What CopyInlinedRows writes: the relation's rows, ordered by `order_by` (SQL over the current column names;
//! otherwise in storage order), COPYed to `path`.
struct InlinedCopyRequest {
	InlinedColumnNames names;
	//! How many inlined tables (schema versions) the rows come from
	size_t source_count = 1;
	std::vector<std::string> order_by;
	std::string path;
	//! COPY options besides FIELD_IDS
	std::string copy_options;
	//! Replacements of some written columns by expressions over them, as SQL of a star REPLACE list without
	//! the parentheses (`"x" AS "x"` pairs; empty: every column is written as it is), applied after ordering
	std::string column_replacements;
	//! FIELD_IDS with the hidden row id and snapshot columns, and without them (for a plain file)
	std::string field_ids;
	std::string plain_field_ids;
};

struct InlinedCopyResult {
	//! The file's statistics as COPY ... RETURN_STATS reports them (row_count 0: no file was written)
	duckdb::CopyFunctionFileStatistics stats;
	//! (position in the file, end snapshot) of every written row that is deleted, by position
	std::vector<std::pair<int64_t, int64_t>> deleted;
	//! The written rows' smallest row id and their begin snapshot range
	int64_t min_row_id = 0;
	int64_t min_snapshot = 0;
	int64_t max_snapshot = 0;
	//! The file has no hidden columns: its rows came from one snapshot with contiguous row ids, written in
	//! row id order (one source, no sort order), so position = row id - min_row_id
	bool plain = false;
	//! How many of the written rows were deleted while inlined
	int64_t deleted_count = 0;
};

InlinedCopyResult CopyInlinedRows(InlinedRowsRelation &rows, const InlinedCopyRequest &request);

} // namespace inlake

//===----------------------------------------------------------------------===//
// The parallel flush's two queries over a table's inlined rows, as the store
// hands them out (an InlinedRowsRelation: every schema version cast to the
// current columns):
//  * SummarizeInlinedRows: one scan for the rows' row id and snapshot ranges,
//    how many were deleted while inlined, and whether the files can go
//    without the hidden row id and snapshot columns;
//  * LakeFilesCopyStatement: the COPY that writes them, in order, through the
//    ordered lake copy (write/ordered_lake_copy.hpp) on every thread.
//===----------------------------------------------------------------------===//
#pragma once

#include "metadata/metadata_store.hpp"

#include <string>
#include <vector>

namespace inlake {

struct InlinedCopyRequest {
	InlinedColumnNames names;
	//! How many inlined tables (schema versions) the rows come from
	size_t source_count = 1;
	//! SQL over the current column names; otherwise the rows come in storage order
	std::vector<std::string> order_by;
};

struct InlinedRowsSummary {
	int64_t row_count = 0;
	int64_t deleted_count = 0;
	int64_t min_row_id = 0;
	int64_t min_snapshot = 0;
	int64_t max_snapshot = 0;
	//! The files need no hidden columns: the rows came from one snapshot with contiguous row ids, written in
	//! row id order (one source, no sort order), so position = row id - the file's first row id
	bool plain = false;
};

InlinedRowsSummary SummarizeInlinedRows(InlinedRowsRelation &rows, const InlinedCopyRequest &request);

//! The columns the COPY produces, in order: the current columns, then (unless `plain`) the hidden
//! _ducklake_internal_row_id and _ducklake_internal_snapshot_id, then (when `tracked`) three tracking columns the
//! copy does not write: row id, begin snapshot, end snapshot (NULL: live). Untracked, the batches reach the
//! Parquet writer as they are, without a copy that drops the tracking columns.
std::string LakeFilesCopyStatement(InlinedRowsRelation &rows, const InlinedCopyRequest &request, bool plain,
                                   bool tracked, const std::string &path, const std::string &target_token);

} // namespace inlake

#include "maintenance/inlined_rows_copy.hpp"

#include "metadata/sql_literal.hpp"

#include "duckdb/common/types/value.hpp"

namespace inlake {

namespace {

//! UNION ALL over the relation's parts, each selecting `select_list` (over the part's columns).
std::string UnionOfParts(InlinedRowsRelation &rows, const std::string &select_list, const std::string &condition) {
	std::string result;
	for (auto &part : rows.Parts()) {
		result += (result.empty() ? "" : " UNION ALL ") + std::string("SELECT ") + select_list + " FROM (" + part +
		          ")" + (condition.empty() ? "" : " WHERE " + condition);
	}
	return result;
}

//! The current columns of the parts (every part has them, then the hidden columns and storage_position).
std::string CurrentColumns(const InlinedCopyRequest &request) {
	auto &names = request.names;
	return "* EXCLUDE (" + SqlIdentifier(names.row_id) + ", " + SqlIdentifier(names.begin_snapshot) + ", " +
	       SqlIdentifier(names.end_snapshot) + ", " + SqlIdentifier(kStoragePositionColumn) + ")";
}

//! Decides whether the file can go without hidden columns, from the rows' row id and snapshot ranges, and
//! counts the rows among them that were deleted while inlined (one scan for both).
} // namespace

InlinedRowsSummary SummarizeInlinedRows(InlinedRowsRelation &rows, const InlinedCopyRequest &request) {
	InlinedRowsSummary result;
	auto &names = request.names;
	auto hidden = SqlIdentifier(names.row_id) + " AS r, " + SqlIdentifier(names.begin_snapshot) + " AS b, " +
	              SqlIdentifier(names.end_snapshot) + " AS e, " + SqlIdentifier(kStoragePositionColumn) + " AS s";
	auto summary = rows.Connection().Query("SELECT count(*), min(r), max(r), min(b), max(b), "
	                                       "current_setting('preserve_insertion_order'), count(e), min(r - s), "
	                                       "max(r - s) FROM (" +
	                                       UnionOfParts(rows, hidden, "") + ")");
	auto count = summary.GetValue(0, 0).GetValue<int64_t>();
	result.row_count = count;
	if (count == 0) {
		return result;
	}
	result.deleted_count = summary.GetValue(6, 0).GetValue<int64_t>();
	result.min_row_id = summary.GetValue(1, 0).GetValue<int64_t>();
	result.min_snapshot = summary.GetValue(3, 0).GetValue<int64_t>();
	result.max_snapshot = summary.GetValue(4, 0).GetValue<int64_t>();
	auto max_row_id = summary.GetValue(2, 0).GetValue<int64_t>();
	// one inlined table is scanned in the order its rows were appended, which within one commit is row id
	// order, and COPY keeps that order only while preserve_insertion_order is on (otherwise threads write
	// row groups in any order): then, with one snapshot and no gaps, positions are row ids - min
	auto keeps_order = summary.GetValue(5, 0).DefaultCastAs(duckdb::LogicalType::BOOLEAN).GetValue<bool>();
	result.plain = keeps_order && request.source_count == 1 && rows.Parts().size() == 1 &&
	               request.order_by.empty() && result.min_snapshot == result.max_snapshot &&
	               max_row_id - result.min_row_id + 1 == count;
	// one commit appends its rows in row id order, except those an UPDATE or MERGE rewrote, which keep their
	// row ids and come in the statement's order. Row ids that step with the storage position are in order
	// (the common case, decided by the scan above); otherwise compare each row with the one stored before it.
	bool steps_with_storage = summary.GetValue(7, 0) == summary.GetValue(8, 0);
	if (result.plain && !steps_with_storage) {
		auto out_of_order = rows.Connection().Query(
		    "SELECT count(*) FROM (SELECT r, lag(r) OVER (ORDER BY s) AS p FROM (SELECT " +
		    SqlIdentifier(names.row_id) + " AS r, " + SqlIdentifier(kStoragePositionColumn) + " AS s FROM (" +
		    rows.Parts()[0] + "))) WHERE r <= p");
		result.plain = out_of_order.GetValue(0, 0).GetValue<int64_t>() == 0;
	}
	return result;
}

std::string LakeFilesCopyStatement(InlinedRowsRelation &rows, const InlinedCopyRequest &request, bool plain,
                                   bool tracked, const std::string &path, const std::string &target_token) {
	auto &names = request.names;
	auto columns = CurrentColumns(request) + ", " + SqlIdentifier(names.row_id) + " AS __inlake_r, " +
	               SqlIdentifier(names.begin_snapshot) + " AS __inlake_b, " + SqlIdentifier(names.end_snapshot) +
	               " AS __inlake_e";
	std::string select = "* EXCLUDE (__inlake_r, __inlake_b, __inlake_e)";
	if (!plain) {
		select += ", __inlake_r AS _ducklake_internal_row_id, __inlake_b AS _ducklake_internal_snapshot_id";
	}
	if (tracked) {
		select += ", __inlake_r, __inlake_b, __inlake_e";
	}
	std::string order;
	for (auto &key : request.order_by) {
		order += (order.empty() ? " ORDER BY " : ", ") + key;
	}
	return "COPY (SELECT " + select + " FROM (" + UnionOfParts(rows, columns, "") + ")" + order + ") TO " +
	       SqlString(path) + " (FORMAT __inlake_lake_files, TARGET " + SqlString(target_token) + ")";
}

} // namespace inlake

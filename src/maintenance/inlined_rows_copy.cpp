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

std::string CopyStatement(InlinedRowsRelation &rows, const InlinedCopyRequest &request, bool plain) {
	auto &names = request.names;
	auto select = CurrentColumns(request);
	if (!plain) {
		select += ", " + SqlIdentifier(names.row_id) + " AS _ducklake_internal_row_id, " +
		          SqlIdentifier(names.begin_snapshot) + " AS _ducklake_internal_snapshot_id";
	}
	std::string order;
	for (auto &key : request.order_by) {
		order += (order.empty() ? " ORDER BY " : ", ") + key;
	}
	auto query = "SELECT * FROM (" + UnionOfParts(rows, select, "") + ")" + order;
	if (!request.column_replacements.empty()) {
		query = "SELECT * REPLACE (" + request.column_replacements + ") FROM (" + query + ")";
	}
	return "COPY (" + query + ") TO " + SqlString(request.path) +
	       " (FORMAT parquet, RETURN_STATS true, FIELD_IDS " + (plain ? request.plain_field_ids : request.field_ids) +
	       ", " + request.copy_options + ")";
}

//! Decides whether the file can go without hidden columns, from the rows' row id and snapshot ranges, and
//! counts the rows among them that were deleted while inlined (one scan for both).
void SummarizeRows(InlinedRowsRelation &rows, const InlinedCopyRequest &request, InlinedCopyResult &result) {
	auto &names = request.names;
	auto hidden = SqlIdentifier(names.row_id) + " AS r, " + SqlIdentifier(names.begin_snapshot) + " AS b, " +
	              SqlIdentifier(names.end_snapshot) + " AS e, " + SqlIdentifier(kStoragePositionColumn) + " AS s";
	auto summary = rows.Connection().Query("SELECT count(*), min(r), max(r), min(b), max(b), "
	                                       "current_setting('preserve_insertion_order'), count(e), min(r - s), "
	                                       "max(r - s) FROM (" +
	                                       UnionOfParts(rows, hidden, "") + ")");
	auto count = summary.GetValue(0, 0).GetValue<int64_t>();
	if (count == 0) {
		return;
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
}

//! RETURN_STATS' column_statistics (MAP(VARCHAR, MAP(VARCHAR, VARCHAR))) back into the writer's form: min and
//! max stay the writer's strings, counts and has_nan get their types back.
void ReadColumnStatistics(const duckdb::Value &map, duckdb::CopyFunctionFileStatistics &stats) {
	for (auto &column : duckdb::ListValue::GetChildren(map)) {
		auto &entry = duckdb::StructValue::GetChildren(column);
		auto &target = stats.column_statistics[entry[0].ToString()];
		for (auto &stat : duckdb::ListValue::GetChildren(entry[1])) {
			auto &pair = duckdb::StructValue::GetChildren(stat);
			auto key = pair[0].ToString();
			if (key == "has_nan") {
				target[key] = pair[1].DefaultCastAs(duckdb::LogicalType::BOOLEAN);
			} else if (key == "column_size_bytes" || key == "null_count") {
				target[key] = pair[1].DefaultCastAs(duckdb::LogicalType::UBIGINT);
			} else {
				target[key] = pair[1];
			}
		}
	}
}

void ReadCopyStatistics(const CatalogRows &result, duckdb::CopyFunctionFileStatistics &stats) {
	if (result.RowCount() != 1) {
		throw duckdb::IOException("The COPY of inlined rows wrote %llu files, expected one", result.RowCount());
	}
	stats.row_count = result.GetValue(1, 0).GetValue<uint64_t>();
	stats.file_size_bytes = result.GetValue(2, 0).GetValue<uint64_t>();
	stats.footer_size_bytes = result.GetValue(3, 0);
	ReadColumnStatistics(result.GetValue(4, 0), stats);
}

} // namespace

InlinedCopyResult CopyInlinedRows(InlinedRowsRelation &rows, const InlinedCopyRequest &request) {
	InlinedCopyResult result;
	auto &names = request.names;
	auto &connection = rows.Connection();
	auto deleted = UnionOfParts(rows,
	                            SqlIdentifier(names.row_id) + " AS r, " + SqlIdentifier(names.begin_snapshot) +
	                                " AS b, " + SqlIdentifier(names.end_snapshot) + " AS e",
	                            SqlIdentifier(names.end_snapshot) + " IS NOT NULL");
	SummarizeRows(rows, request, result);
	auto copy = connection.Query(CopyStatement(rows, request, result.plain));
	if (copy.RowCount() == 0) {
		return result; // nothing to write (WRITE_EMPTY_FILE false)
	}
	ReadCopyStatistics(copy, result.stats);
	if (result.deleted_count == 0) {
		return result;
	}
	auto positions =
	    result.plain
	        ? connection.Query("SELECT r - " + SqlInt(result.min_row_id) + ", e FROM (" + deleted + ") ORDER BY 1")
	        : connection.Query("SELECT p.file_row_number, d.e FROM read_parquet(" + SqlString(request.path) +
	                           ", file_row_number = true, hive_partitioning = false) p JOIN (" + deleted +
	                           ") d ON p._ducklake_internal_row_id = d.r AND p._ducklake_internal_snapshot_id = d.b "
	                           "ORDER BY 1");
	for (duckdb::idx_t row = 0; row < positions.RowCount(); row++) {
		result.deleted.emplace_back(positions.GetValue(0, row).GetValue<int64_t>(),
		                            positions.GetValue(1, row).GetValue<int64_t>());
	}
	return result;
}

} // namespace inlake

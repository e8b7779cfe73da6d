// The parallel flush's COPY: a table's inlined rows (every schema version, cast to the current columns) into
// one Parquet file, run by DuckDB on all threads, with the file's statistics returned by RETURN_STATS, and the
// positions of the rows that were deleted while inlined.
#include "metadata/duckdb/inlined_copy.hpp"

#include "metadata/duckdb/duckdb_metadata_store.hpp"
#include "metadata/duckdb/inlined_select.hpp"
#include "metadata/sql_literal.hpp"

#include "duckdb/common/types/value.hpp"
#include "duckdb/main/materialized_query_result.hpp"

namespace inlake {

namespace {

//! UNION ALL over the sources of the rows inserted at or before the snapshot, as `select_tail` says.
std::string UnionOfSources(const std::vector<InlinedSource> &sources, const InlinedColumnNames &names,
                           const std::string &prefix, int64_t snapshot_id,
                           const std::function<std::string(const InlinedSource &)> &select_list,
                           const std::string &extra_condition) {
	std::string rows;
	for (auto &source : sources) {
		rows += (rows.empty() ? "" : " UNION ALL ") + std::string("SELECT ") + select_list(source) + " FROM " +
		        prefix + SqlIdentifier(source.table_name) + " WHERE " + SqlIdentifier(names.begin_snapshot) +
		        " <= " + SqlInt(snapshot_id) + extra_condition;
	}
	return rows;
}

std::string CopyStatement(const InlinedCopyRequest &request, const std::string &prefix, bool plain) {
	auto &names = request.names;
	auto rows = UnionOfSources(
	    request.sources, names, prefix, request.snapshot_id,
	    [&](const InlinedSource &source) {
		    if (plain) {
			    return InlinedSelectList(source);
		    }
		    return InlinedSelectList(source) + ", " + SqlIdentifier(names.row_id) +
		           " AS _ducklake_internal_row_id, " + SqlIdentifier(names.begin_snapshot) +
		           " AS _ducklake_internal_snapshot_id";
	    },
	    "");
	std::string order;
	for (auto &key : request.order_by) {
		order += (order.empty() ? " ORDER BY " : ", ") + key;
	}
	auto query = "SELECT * FROM (" + rows + ")" + order;
	if (!request.column_replacements.empty()) {
		query = "SELECT * REPLACE (" + request.column_replacements + ") FROM (" + query + ")";
	}
	return "COPY (" + query + ") TO " + SqlString(request.path) +
	       " (FORMAT parquet, RETURN_STATS true, FIELD_IDS " + (plain ? request.plain_field_ids : request.field_ids) +
	       ", " + request.copy_options + ")";
}

//! Decides whether the file can go without hidden columns, from the rows' row id and snapshot ranges, and
//! counts the rows among them that were deleted while inlined (one scan for both).
void SummarizeRows(CatalogConnection &connection, const std::string &prefix, const InlinedCopyRequest &request,
                   InlinedCopyResult &result) {
	auto &names = request.names;
	auto rows = UnionOfSources(
	    request.sources, names, prefix, request.snapshot_id,
	    [&](const InlinedSource &) {
		    return SqlIdentifier(names.row_id) + " AS r, " + SqlIdentifier(names.begin_snapshot) + " AS b, " +
		           SqlIdentifier(names.end_snapshot) + " AS e";
	    },
	    "");
	auto summary = connection.Query("SELECT count(*), min(r), max(r), min(b), max(b), "
	                           "current_setting('preserve_insertion_order'), count(e) FROM (" + rows + ")");
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
	result.plain = keeps_order && request.sources.size() == 1 && request.order_by.empty() &&
	               result.min_snapshot == result.max_snapshot && max_row_id - result.min_row_id + 1 == count;
	if (result.plain) {
		// one commit appends its rows in row id order, except those an UPDATE or MERGE rewrote, which keep
		// their row ids and come in the statement's order: check the storage order (the catalog table's rowid)
		auto &source = request.sources[0];
		auto out_of_order = connection.Query(
		    "SELECT count(*) FROM (SELECT r, lag(r) OVER (ORDER BY s) AS p FROM (SELECT " +
		    SqlIdentifier(names.row_id) + " AS r, rowid AS s FROM " + prefix + SqlIdentifier(source.table_name) +
		    " WHERE " + SqlIdentifier(names.begin_snapshot) + " <= " + SqlInt(request.snapshot_id) + ")) WHERE r <= p");
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

InlinedCopyResult CopyInlinedRowsOn(CatalogConnection &connection, const std::string &prefix,
                                    const InlinedCopyRequest &request) {
	InlinedCopyResult result;
	if (request.sources.empty()) {
		return result;
	}
	auto &names = request.names;
	auto deleted = UnionOfSources(
	    request.sources, names, prefix, request.snapshot_id,
	    [&](const InlinedSource &) {
		    return SqlIdentifier(names.row_id) + " AS r, " + SqlIdentifier(names.begin_snapshot) + " AS b, " +
		           SqlIdentifier(names.end_snapshot) + " AS e";
	    },
	    " AND " + SqlIdentifier(names.end_snapshot) + " IS NOT NULL");
	// one read transaction: the deleted rows belong to the same catalog state as the written ones
	connection.BeginRead();
	try {
		SummarizeRows(connection, prefix, request, result);
		auto copy = connection.Query(CopyStatement(request, prefix, result.plain));
		if (copy.RowCount() == 0) {
			connection.Commit();
			return result; // nothing to write (WRITE_EMPTY_FILE false)
		}
		ReadCopyStatistics(copy, result.stats);
		if (result.deleted_count > 0 && result.plain) {
			auto positions = connection.Query("SELECT r - " + SqlInt(result.min_row_id) + ", e FROM (" + deleted + ") ORDER BY 1");
			for (duckdb::idx_t row = 0; row < positions.RowCount(); row++) {
				result.deleted.emplace_back(positions.GetValue(0, row).GetValue<int64_t>(),
				                            positions.GetValue(1, row).GetValue<int64_t>());
			}
		} else if (result.deleted_count > 0) {
			auto positions = connection.Query("SELECT p.file_row_number, d.e FROM read_parquet(" + SqlString(request.path) +
			                       ", file_row_number = true) p JOIN (" + deleted +
			                       ") d ON p._ducklake_internal_row_id = d.r AND p._ducklake_internal_snapshot_id = d.b "
			                       "ORDER BY 1");
			for (duckdb::idx_t row = 0; row < positions.RowCount(); row++) {
				result.deleted.emplace_back(positions.GetValue(0, row).GetValue<int64_t>(),
				                            positions.GetValue(1, row).GetValue<int64_t>());
			}
		}
		connection.Commit();
	} catch (...) {
		connection.Rollback();
		throw;
	}
	return result;
}

InlinedCopyResult DuckDBMetadataStore::CopyInlinedRows(const InlinedCopyRequest &request) {
	std::lock_guard<OwnedMutex> guard(lock);
	return CopyInlinedRowsOn(catalog_connection, prefix, request);
}

} // namespace inlake

// CatalogReader, the part that reads a table's changing state: statistics, inlined tables and deletions, live
// data files and delete file history, options, and the changes made after a snapshot.
#include "metadata/sql/catalog_reader.hpp"

#include "metadata/sql/result_row.hpp"
#include "metadata/sql_literal.hpp"

#include <algorithm>
#include <set>

namespace inlake {

static std::string IdList(const std::vector<int64_t> &ids) {
	std::string list;
	for (auto id : ids) {
		list += (list.empty() ? "" : ", ") + SqlInt(id);
	}
	return list;
}

static int64_t Count(const CatalogRows &rows) {
	return rows.RowCount() == 0 ? 0 : ResultRow(rows, 0).Int(0);
}

std::vector<SnapshotChangesRecord> CatalogReader::ChangesAfter(int64_t snapshot_id) {
	auto result = connection.Query("SELECT snapshot_id, changes_made FROM " + prefix +
	                               "ducklake_snapshot_changes WHERE snapshot_id > " + SqlInt(snapshot_id) +
	                               " ORDER BY snapshot_id");
	std::vector<SnapshotChangesRecord> changes;
	for (duckdb::idx_t row = 0; row < result.RowCount(); row++) {
		ResultRow r(result, row);
		SnapshotChangesRecord record;
		record.snapshot_id = r.Int(0);
		record.changes_made = r.String(1);
		changes.push_back(std::move(record));
	}
	return changes;
}

namespace {

std::string InlinedTablesQuery(const std::string &prefix, int64_t table_id) {
	auto where = table_id >= 0 ? " WHERE table_id = " + SqlInt(table_id) : std::string();
	return "SELECT table_id, table_name, schema_version FROM " + prefix + "ducklake_inlined_data_tables" + where +
	       " ORDER BY table_id, schema_version";
}

std::vector<InlinedTableRecord> ReadInlinedTables(const CatalogRows &result) {
	std::vector<InlinedTableRecord> tables;
	for (duckdb::idx_t row = 0; row < result.RowCount(); row++) {
		ResultRow r(result, row);
		tables.push_back(InlinedTableRecord {r.Int(0), r.String(1), r.Int(2)});
	}
	return tables;
}

TableStatsRecord TableStatsFrom(int64_t table_id, const CatalogRows &result, const CatalogRows &columns) {
	TableStatsRecord stats;
	stats.table_id = table_id;
	if (result.RowCount() == 0) {
		stats.table_id = -1; // no stats row yet
		return stats;
	}
	ResultRow r(result, 0);
	stats.record_count = r.Int(0);
	stats.next_row_id = r.Int(1);
	stats.file_size_bytes = r.Int(2);
	for (duckdb::idx_t row = 0; row < columns.RowCount(); row++) {
		ResultRow c(columns, row);
		ColumnStatsRecord column;
		column.column_id = c.Int(0);
		column.contains_null = c.Bool(1, false);
		column.contains_nan = c.Bool(2, false);
		column.has_min_max = !c.IsNull(3) && !c.IsNull(4);
		column.min_value = c.String(3);
		column.max_value = c.String(4);
		stats.column_stats.push_back(std::move(column));
	}
	return stats;
}

} // namespace

TableStatsRecord CatalogReader::TableStats(int64_t table_id) {
	auto results = connection.QueryMany(
	    {"SELECT record_count, next_row_id, file_size_bytes FROM " + prefix + "ducklake_table_stats WHERE table_id = " +
	         SqlInt(table_id),
	     "SELECT column_id, contains_null, contains_nan, min_value, max_value FROM " + prefix +
	         "ducklake_table_column_stats WHERE table_id = " + SqlInt(table_id)});
	return TableStatsFrom(table_id, results[0], results[1]);
}

bool CatalogReader::NameInUse(int64_t schema_id, const std::string &name, const std::vector<int64_t> &tables,
                              const std::vector<int64_t> &views) {
	auto same_name = [&](const char *column, const char *id, const std::vector<int64_t> &ids) {
		auto sql = std::string(" WHERE schema_id = ") + SqlInt(schema_id) + " AND end_snapshot IS NULL AND lower(" +
		           column + ") = lower(" + SqlString(name) + ")";
		for (auto except : ids) {
			sql += std::string(" AND ") + id + " <> " + SqlInt(except);
		}
		return sql;
	};
	auto result = connection.Query("SELECT (SELECT count(*) FROM " + prefix + "ducklake_table" +
	                               same_name("table_name", "table_id", tables) + ") + (SELECT count(*) FROM " + prefix +
	                               "ducklake_view" + same_name("view_name", "view_id", views) + ")");
	return result.GetValue(0, 0).GetValue<int64_t>() > 0;
}

TableStatsRecord CatalogReader::TableStatsAndInlinedTables(int64_t table_id,
                                                           std::vector<InlinedTableRecord> &inlined_tables) {
	auto results = connection.QueryMany(
	    {"SELECT record_count, next_row_id, file_size_bytes FROM " + prefix + "ducklake_table_stats WHERE table_id = " +
	         SqlInt(table_id),
	     "SELECT column_id, contains_null, contains_nan, min_value, max_value FROM " + prefix +
	         "ducklake_table_column_stats WHERE table_id = " + SqlInt(table_id),
	     InlinedTablesQuery(prefix, table_id)});
	inlined_tables = ReadInlinedTables(results[2]);
	return TableStatsFrom(table_id, results[0], results[1]);
}

std::vector<InlinedTableRecord> CatalogReader::InlinedTables(int64_t table_id) {
	return ReadInlinedTables(connection.Query(InlinedTablesQuery(prefix, table_id)));
}

std::vector<OptionRecord> CatalogReader::Options() {
	auto result = connection.Query("SELECT key, value, scope, scope_id FROM " + prefix +
	                               "ducklake_metadata WHERE NOT (scope IS NULL AND key IN ('version', 'data_path', "
	                               "'created_by', 'encrypted'))");
	std::vector<OptionRecord> options;
	for (duckdb::idx_t row = 0; row < result.RowCount(); row++) {
		ResultRow r(result, row);
		options.push_back(OptionRecord {r.String(0), r.String(1), r.String(2), r.Int(3, -1)});
	}
	return options;
}

std::vector<DataFileRecord> CatalogReader::LiveDataFiles(int64_t table_id) {
	auto result = connection.Query("SELECT data_file_id, row_id_start, record_count, partial_max FROM " + prefix +
	                               "ducklake_data_file WHERE table_id = " + SqlInt(table_id) +
	                               " AND end_snapshot IS NULL ORDER BY row_id_start");
	std::vector<DataFileRecord> files;
	for (duckdb::idx_t row = 0; row < result.RowCount(); row++) {
		ResultRow r(result, row);
		DataFileRecord file;
		file.data_file_id = r.Int(0);
		file.table_id = table_id;
		file.row_id_start = DataFileRowIdStart(result, row, 1, file.data_file_id, std::string());
		file.record_count = r.Int(2);
		file.partial_max = r.Int(3, -1);
		files.push_back(std::move(file));
	}
	return files;
}

bool CatalogReader::DeletesChangedSince(int64_t table_id, int64_t data_file_id, int64_t snapshot_id,
                                        bool include_inlined) {
	// a partial delete file (a flush merged inlined deletions into it) begins at its oldest deletion and holds
	// deletions up to partial_max: one made after the snapshot counts, whenever the file began
	auto files = connection.Query("SELECT count(*) FROM " + prefix + "ducklake_delete_file WHERE data_file_id = " +
	                              SqlInt(data_file_id) + " AND (begin_snapshot > " + SqlInt(snapshot_id) +
	                              " OR partial_max > " + SqlInt(snapshot_id) + ")");
	if (Count(files) > 0) {
		return true;
	}
	auto name = InlinedDeleteTableName(table_id);
	if (!include_inlined || !connection.TableExists(name)) {
		return false;
	}
	auto inlined = connection.Query("SELECT count(*) FROM " + prefix + SqlIdentifier(name) + " WHERE file_id = " +
	                                SqlInt(data_file_id) + " AND begin_snapshot > " + SqlInt(snapshot_id));
	return Count(inlined) > 0;
}

bool CatalogReader::AnyDeletesChangedSince(int64_t table_id, const std::vector<int64_t> &data_file_ids,
                                           int64_t snapshot_id, int64_t first_new_file_id) {
	auto name = InlinedDeleteTableName(table_id);
	bool has_inlined = connection.TableExists(name);
	for (size_t start = 0; start < data_file_ids.size(); start += 1000) {
		auto end = std::min(data_file_ids.size(), start + 1000);
		auto ids = IdList(std::vector<int64_t>(data_file_ids.begin() + start, data_file_ids.begin() + end));
		auto files = connection.Query("SELECT count(*) FROM " + prefix + "ducklake_delete_file WHERE data_file_id IN (" +
		                              ids + ") AND (begin_snapshot > " + SqlInt(snapshot_id) + " OR partial_max > " +
		                              SqlInt(snapshot_id) + " OR delete_file_id >= " + SqlInt(first_new_file_id) + ")");
		if (Count(files) > 0) {
			return true;
		}
		if (has_inlined) {
			auto inlined = connection.Query("SELECT count(*) FROM " + prefix + SqlIdentifier(name) +
			                                " WHERE file_id IN (" + ids + ") AND begin_snapshot > " +
			                                SqlInt(snapshot_id));
			if (Count(inlined) > 0) {
				return true;
			}
		}
	}
	return false;
}

std::vector<InlinedDeleteRecord> CatalogReader::FindInlinedDeletes(int64_t table_id,
                                                                   const std::vector<InlinedDeleteRecord> &positions) {
	std::vector<InlinedDeleteRecord> found;
	auto name = InlinedDeleteTableName(table_id);
	if (positions.empty() || !connection.TableExists(name)) {
		return found;
	}
	std::set<std::pair<int64_t, int64_t>> wanted;
	std::set<int64_t> file_ids, rows;
	for (auto &position : positions) {
		wanted.emplace(position.file_id, position.position);
		file_ids.insert(position.file_id);
		rows.insert(position.position);
	}
	auto result =
	    connection.Query("SELECT file_id, row_id FROM " + prefix + SqlIdentifier(name) + " WHERE file_id IN (" +
	                     IdList(std::vector<int64_t>(file_ids.begin(), file_ids.end())) + ") AND row_id IN (" +
	                     IdList(std::vector<int64_t>(rows.begin(), rows.end())) + ")");
	for (duckdb::idx_t row = 0; row < result.RowCount(); row++) {
		ResultRow r(result, row);
		if (wanted.count({r.Int(0), r.Int(1)})) {
			found.push_back(InlinedDeleteRecord {r.Int(0), r.Int(1)});
		}
	}
	return found;
}

std::vector<DataFileRecord::DeleteFileRef> CatalogReader::DeleteFileHistory(int64_t data_file_id, int64_t snapshot_id) {
	auto result = connection.Query("SELECT " + std::string(kDeleteFileRefColumns) + " FROM " + prefix +
	                               "ducklake_delete_file WHERE data_file_id = " + SqlInt(data_file_id) +
	                               " AND begin_snapshot <= " + SqlInt(snapshot_id) +
	                               " ORDER BY begin_snapshot, delete_file_id");
	std::vector<DataFileRecord::DeleteFileRef> history;
	for (duckdb::idx_t row = 0; row < result.RowCount(); row++) {
		history.push_back(DeleteFileRefFrom(ResultRow(result, row)));
	}
	return history;
}

std::vector<InlinedDeleteEntry> CatalogReader::InlinedDeleteEntries(int64_t table_id, int64_t snapshot_id) {
	std::vector<InlinedDeleteEntry> entries;
	auto name = InlinedDeleteTableName(table_id);
	if (!connection.TableExists(name)) {
		return entries;
	}
	auto result = connection.Query("SELECT file_id, row_id, begin_snapshot FROM " + prefix + SqlIdentifier(name) +
	                               " WHERE begin_snapshot <= " + SqlInt(snapshot_id) + " ORDER BY file_id, row_id");
	for (duckdb::idx_t row = 0; row < result.RowCount(); row++) {
		ResultRow r(result, row);
		entries.push_back(InlinedDeleteEntry {r.Int(0), r.Int(1), r.Int(2)});
	}
	return entries;
}

int64_t CatalogReader::CountInlinedRowsEndedAfter(const std::string &inlined_table, const InlinedColumnNames &names,
                                                  int64_t snapshot_id) {
	auto s = SqlInt(snapshot_id);
	return Count(connection.Query("SELECT count(*) FROM " + prefix + SqlIdentifier(inlined_table) + " WHERE " +
	                              SqlIdentifier(names.begin_snapshot) + " <= " + s + " AND " +
	                              SqlIdentifier(names.end_snapshot) + " > " + s));
}

InlinedBacklog CatalogReader::MeasureInlinedRows(const std::vector<InlinedTableColumnNames> &tables,
                                                bool with_bytes) {
	InlinedBacklog backlog;
	std::vector<std::string> queries;
	for (auto &table : tables) {
		std::string bytes = "0";
		if (with_bytes) {
			for (auto &column : table.columns) {
				bytes += " + COALESCE(" + connection.Dialect().StoredSize(SqlIdentifier(column)) + ", 0)";
			}
		}
		queries.push_back("SELECT count(*), COALESCE(sum(" + bytes + "), 0) FROM " + prefix +
		                  SqlIdentifier(table.table_name));
	}
	if (queries.empty()) {
		return backlog;
	}
	for (auto &result : connection.QueryMany(queries)) {
		if (result.RowCount() > 0) {
			ResultRow row(result, 0);
			backlog.rows += row.Int(0);
			backlog.bytes += row.Int(1);
		}
	}
	return backlog;
}

} // namespace inlake

namespace inlake {

std::string CatalogReader::InlinedTablesSql(int64_t table_id) const {
	return InlinedTablesQuery(prefix, table_id);
}

std::vector<InlinedTableRecord> CatalogReader::InlinedTablesFrom(const CatalogRows &rows) {
	return ReadInlinedTables(rows);
}

} // namespace inlake

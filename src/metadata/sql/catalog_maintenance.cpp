// CatalogMaintenance: expiry and cleanup statements, in the SQL every catalog database speaks.
#include "metadata/sql/catalog_maintenance.hpp"

#include "metadata/sql/catalog_reader.hpp"
#include "metadata/sql/result_row.hpp"
#include "metadata/sql_literal.hpp"

#include "duckdb/common/types/timestamp.hpp"

namespace inlake {

namespace {

//! No remaining snapshot lies in [alias.begin_snapshot, alias.end_snapshot) of an ended row.
std::string Unreachable(const std::string &prefix, const std::string &alias) {
	return alias + ".end_snapshot IS NOT NULL AND NOT EXISTS (SELECT 1 FROM " + prefix +
	       "ducklake_snapshot s WHERE s.snapshot_id >= " + alias + ".begin_snapshot AND s.snapshot_id < " + alias +
	       ".end_snapshot)";
}

std::string IdList(const std::vector<int64_t> &ids, size_t begin, size_t end) {
	std::string list;
	for (size_t i = begin; i < end; i++) {
		list += (i > begin ? ", " : "") + SqlInt(ids[i]);
	}
	return list;
}

//! Runs `make_sql(id list)` for the ids in batches (keeps statements small).
template <class F>
void ForIdBatches(const std::vector<int64_t> &ids, F make_sql) {
	const size_t batch = 1000;
	for (size_t begin = 0; begin < ids.size(); begin += batch) {
		make_sql(IdList(ids, begin, std::min(ids.size(), begin + batch)));
	}
}

//! The latest row of each id of a versioned catalog table (a table's or schema's current path).
std::string LatestRows(const std::string &prefix, const std::string &table, const std::string &id_column,
                       const std::string &columns) {
	return "(SELECT " + columns + " FROM " + prefix + table +
	       " l WHERE l.begin_snapshot = (SELECT max(m.begin_snapshot) "
	       "FROM " +
	       prefix + table + " m WHERE m." + id_column + " = l." + id_column + "))";
}

//! Joins a file table (alias f) with the latest path rows of its table and schema.
std::string FilePathQuery(const std::string &prefix, const std::string &file_table, const std::string &id_column,
                          const std::string &where) {
	return "SELECT f." + id_column +
	       ", f.table_id, f.path, f.path_is_relative, t.path, t.path_is_relative, s.path, "
	       "s.path_is_relative, t.table_id IS NOT NULL, s.schema_id IS NOT NULL FROM " +
	       prefix + file_table + " f LEFT JOIN " +
	       LatestRows(prefix, "ducklake_table", "table_id", "table_id, schema_id, path, path_is_relative") +
	       " t ON t.table_id = f.table_id LEFT JOIN " +
	       LatestRows(prefix, "ducklake_schema", "schema_id", "schema_id, path, path_is_relative") +
	       " s ON s.schema_id = t.schema_id WHERE " + where + " ORDER BY f." + id_column;
}

std::vector<FileLocationRecord> ReadFileRecords(const CatalogRows &result) {
	std::vector<FileLocationRecord> files;
	for (duckdb::idx_t row = 0; row < result.RowCount(); row++) {
		ResultRow r(result, row);
		FileLocationRecord file;
		file.file_id = r.Int(0);
		file.table_id = r.Int(1);
		file.path = r.String(2);
		file.path_is_relative = r.Bool(3, true);
		file.table_path = r.String(4);
		file.table_path_is_relative = r.Bool(5, true);
		file.schema_path = r.String(6);
		file.schema_path_is_relative = r.Bool(7, true);
		file.has_table_path = r.Bool(8, false);
		file.has_schema_path = r.Bool(9, false);
		files.push_back(std::move(file));
	}
	return files;
}

std::vector<ScheduledFileRecord> ReadScheduled(const CatalogRows &result) {
	std::vector<ScheduledFileRecord> files;
	for (duckdb::idx_t row = 0; row < result.RowCount(); row++) {
		ResultRow r(result, row);
		ScheduledFileRecord file;
		file.data_file_id = r.Int(0, -1);
		file.path = r.String(1);
		file.path_is_relative = r.Bool(2, false);
		file.schedule_start = r.TimestampTz(3);
		files.push_back(std::move(file));
	}
	return files;
}

const char *kScheduledColumns = "data_file_id, path, path_is_relative, schedule_start";

} // namespace

std::vector<SnapshotRecord> CatalogMaintenance::AllSnapshots() {
	auto result = connection.Query(std::string("SELECT ") + kSnapshotColumns + " FROM " + prefix +
	                               "ducklake_snapshot ORDER BY snapshot_id");
	std::vector<SnapshotRecord> snapshots;
	for (duckdb::idx_t row = 0; row < result.RowCount(); row++) {
		snapshots.push_back(SnapshotFromRow(result, row));
	}
	return snapshots;
}

void CatalogMaintenance::DeleteSnapshots(const std::vector<int64_t> &snapshot_ids) {
	ForIdBatches(snapshot_ids, [&](const std::string &ids) {
		for (auto table : {"ducklake_snapshot", "ducklake_snapshot_changes"}) {
			connection.Execute("DELETE FROM " + prefix + table + " WHERE snapshot_id IN (" + ids + ")");
		}
	});
}

std::vector<FileLocationRecord> CatalogMaintenance::FindUnreachableDataFiles() {
	auto result =
	    connection.Query(FilePathQuery(prefix, "ducklake_data_file", "data_file_id", Unreachable(prefix, "f")));
	return ReadFileRecords(result);
}

std::vector<FileLocationRecord> CatalogMaintenance::FindUnreachableDeleteFiles() {
	auto where = "(" + Unreachable(prefix, "f") + ") OR f.data_file_id IN (SELECT d.data_file_id FROM " + prefix +
	             "ducklake_data_file d WHERE " + Unreachable(prefix, "d") +
	             ") OR f.data_file_id NOT IN (SELECT data_file_id FROM " + prefix + "ducklake_data_file)";
	auto result = connection.Query(FilePathQuery(prefix, "ducklake_delete_file", "delete_file_id", where));
	return ReadFileRecords(result);
}

void CatalogMaintenance::ScheduleFilesForDeletion(const std::vector<ScheduledFileRecord> &files) {
	const size_t batch = 1000;
	auto now =
	    connection.Dialect().TimestampTzLiteral(duckdb::timestamp_tz_t(duckdb::Timestamp::GetCurrentTimestamp()));
	for (size_t begin = 0; begin < files.size(); begin += batch) {
		std::string sql =
		    "INSERT INTO " + prefix + "ducklake_files_scheduled_for_deletion (" + kScheduledColumns + ") VALUES ";
		for (size_t i = begin; i < std::min(files.size(), begin + batch); i++) {
			auto &file = files[i];
			sql += (i > begin ? ", (" : "(") + SqlIdOrNull(file.data_file_id) + ", " + SqlString(file.path) + ", " +
			       connection.Dialect().Literal(duckdb::Value::BOOLEAN(file.path_is_relative)) + ", " + now + ")";
		}
		connection.Execute(sql);
	}
}

void CatalogMaintenance::RemoveDataFiles(const std::vector<int64_t> &data_file_ids) {
	// inlined deletions of these files, per table (ducklake_inlined_delete_<table_id>)
	std::vector<int64_t> table_ids;
	ForIdBatches(data_file_ids, [&](const std::string &ids) {
		auto result = connection.Query("SELECT DISTINCT table_id FROM " + prefix +
		                               "ducklake_data_file WHERE data_file_id IN (" + ids + ")");
		for (duckdb::idx_t row = 0; row < result.RowCount(); row++) {
			table_ids.push_back(ResultRow(result, row).Int(0));
		}
	});
	std::vector<std::string> inlined_delete_tables;
	for (auto table_id : table_ids) {
		auto name = InlinedDeleteTableName(table_id);
		if (connection.TableExists(name)) {
			inlined_delete_tables.push_back(name);
		}
	}
	ForIdBatches(data_file_ids, [&](const std::string &ids) {
		for (auto &name : inlined_delete_tables) {
			connection.Execute("DELETE FROM " + prefix + SqlIdentifier(name) + " WHERE file_id IN (" + ids + ")");
		}
		for (auto table : {"ducklake_file_column_stats", "ducklake_file_partition_value", "ducklake_data_file"}) {
			connection.Execute("DELETE FROM " + prefix + table + " WHERE data_file_id IN (" + ids + ")");
		}
	});
}

void CatalogMaintenance::RemoveDeleteFiles(const std::vector<int64_t> &delete_file_ids) {
	ForIdBatches(delete_file_ids, [&](const std::string &ids) {
		connection.Execute("DELETE FROM " + prefix + "ducklake_delete_file WHERE delete_file_id IN (" + ids + ")");
	});
}

void CatalogMaintenance::RemoveUnreachableCatalogRows() {
	std::vector<std::string> tables = {"ducklake_schema",         "ducklake_table",     "ducklake_view",
	                                   "ducklake_column",         "ducklake_tag",       "ducklake_column_tag",
	                                   "ducklake_partition_info", "ducklake_sort_info", "ducklake_macro"};
	if (connection.TableExists("ducklake_view_column_tag")) {
		tables.push_back("ducklake_view_column_tag");
	}
	// An inlined table of an older schema version is read through the columns of that version: while it exists,
	// the table's rows visible at the version's last snapshot stay, even after every snapshot of the version
	// expired (FindTableVersionSnapshot reads them there). The schema rows there stay too (any table's).
	auto versions = prefix + "ducklake_schema_versions";
	auto pinned = "SELECT table_id, pin_snapshot FROM (SELECT v.table_id, (SELECT min(n.begin_snapshot) FROM " +
	              versions +
	              " n WHERE n.table_id = v.table_id AND n.begin_snapshot > v.begin_snapshot) - 1 AS "
	              "pin_snapshot FROM " +
	              versions + " v JOIN " + prefix +
	              "ducklake_inlined_data_tables i ON i.table_id = v.table_id AND i.schema_version = v.schema_version "
	              "WHERE v.table_id IN (SELECT table_id FROM " +
	              prefix +
	              "ducklake_table WHERE end_snapshot IS NULL)) "
	              "AS pins WHERE pin_snapshot IS NOT NULL";
	auto pinned_at = [&](const std::string &same_table) {
		return " AND NOT EXISTS (SELECT 1 FROM (" + pinned +
		       ") p WHERE p.pin_snapshot >= x.begin_snapshot AND "
		       "p.pin_snapshot < x.end_snapshot" +
		       same_table + ")";
	};
	// Column ids are handed out as the table's largest column id plus one, and data files keep carrying the ids
	// of columns dropped since: the rows with a live table's largest column id stay, so no id is ever reused.
	auto keeps_largest_column_id = " AND NOT (x.column_id = (SELECT max(m.column_id) FROM " + prefix +
	                               "ducklake_column m WHERE m.table_id = x.table_id) AND x.table_id IN (SELECT "
	                               "table_id FROM " +
	                               prefix + "ducklake_table WHERE end_snapshot IS NULL))";
	for (auto &table : tables) {
		std::string keep;
		if (table == "ducklake_table") {
			keep = pinned_at(" AND p.table_id = x.table_id");
		} else if (table == "ducklake_column") {
			keep = pinned_at(" AND p.table_id = x.table_id") + keeps_largest_column_id;
		} else if (table == "ducklake_schema") {
			keep = pinned_at("");
		} else if (table == "ducklake_partition_info") {
			// a data file keeps naming the spec it was written under: its key columns and transforms stay
			keep = " AND NOT EXISTS (SELECT 1 FROM " + prefix +
			       "ducklake_data_file f WHERE f.partition_id = x.partition_id AND f.table_id = x.table_id)";
		}
		connection.Execute("DELETE FROM " + prefix + table + " AS x WHERE " + Unreachable(prefix, "x") + keep);
	}
	// rows that hang off a removed parent row
	connection.Execute("DELETE FROM " + prefix + "ducklake_partition_column AS c WHERE NOT EXISTS (SELECT 1 FROM " +
	                   prefix +
	                   "ducklake_partition_info p WHERE p.partition_id = c.partition_id AND p.table_id = c.table_id)");
	connection.Execute("DELETE FROM " + prefix + "ducklake_sort_expression AS e WHERE NOT EXISTS (SELECT 1 FROM " +
	                   prefix + "ducklake_sort_info i WHERE i.sort_id = e.sort_id AND i.table_id = e.table_id)");
	for (auto table : {"ducklake_macro_impl", "ducklake_macro_parameters"}) {
		connection.Execute("DELETE FROM " + prefix + table + " AS x WHERE NOT EXISTS (SELECT 1 FROM " + prefix +
		                   "ducklake_macro m WHERE m.macro_id = x.macro_id)");
	}
}

int64_t CatalogMaintenance::RemoveUnreachableInlinedRows(const std::string &inlined_table,
                                                         const InlinedColumnNames &names) {
	auto begin = "x." + SqlIdentifier(names.begin_snapshot);
	auto end = "x." + SqlIdentifier(names.end_snapshot);
	return connection.ExecuteCount("DELETE FROM " + prefix + SqlIdentifier(inlined_table) + " AS x WHERE " + end +
	                               " IS NOT NULL AND NOT EXISTS (SELECT 1 FROM " + prefix +
	                               "ducklake_snapshot s WHERE s.snapshot_id >= " + begin + " AND s.snapshot_id < " +
	                               end + ")");
}

std::vector<int64_t> CatalogMaintenance::FindRemovedTables() {
	auto result =
	    connection.Query("SELECT table_id FROM (SELECT table_id FROM " + prefix +
	                     "ducklake_inlined_data_tables UNION SELECT table_id FROM " + prefix +
	                     "ducklake_table_stats UNION SELECT table_id FROM " + prefix +
	                     "ducklake_table_column_stats) AS leftovers WHERE table_id NOT IN (SELECT table_id FROM " +
	                     prefix + "ducklake_table) ORDER BY table_id");
	std::vector<int64_t> ids;
	for (duckdb::idx_t row = 0; row < result.RowCount(); row++) {
		ids.push_back(ResultRow(result, row).Int(0));
	}
	return ids;
}

void CatalogMaintenance::RemoveTableLeftovers(int64_t table_id) {
	auto id = SqlInt(table_id);
	connection.DropTable(prefix + SqlIdentifier(InlinedDeleteTableName(table_id)));
	for (auto table : {"ducklake_table_stats", "ducklake_table_column_stats"}) {
		connection.Execute("DELETE FROM " + prefix + table + " WHERE table_id = " + id);
	}
}

std::vector<ScheduledFileRecord> CatalogMaintenance::ScheduledFiles(bool all, duckdb::timestamp_tz_t before) {
	std::string where;
	if (!all) {
		where = " WHERE " + connection.Dialect().TimestampTzCondition("schedule_start", "<", before);
	}
	auto result = connection.Query(std::string("SELECT ") + kScheduledColumns + " FROM " + prefix +
	                               "ducklake_files_scheduled_for_deletion" + where + " ORDER BY schedule_start, path");
	return ReadScheduled(result);
}

void CatalogMaintenance::RemoveScheduledFiles(const std::vector<ScheduledFileRecord> &files) {
	for (auto &file : files) {
		auto id_match =
		    file.data_file_id < 0 ? std::string("data_file_id IS NULL") : "data_file_id = " + SqlInt(file.data_file_id);
		connection.Execute("DELETE FROM " + prefix + "ducklake_files_scheduled_for_deletion WHERE " + id_match +
		                   " AND path = " + SqlString(file.path));
	}
}

std::vector<FileLocationRecord> CatalogMaintenance::AllFiles() {
	auto files =
	    ReadFileRecords(connection.Query(FilePathQuery(prefix, "ducklake_data_file", "data_file_id", "1 = 1")));
	auto deletes =
	    ReadFileRecords(connection.Query(FilePathQuery(prefix, "ducklake_delete_file", "delete_file_id", "1 = 1")));
	files.insert(files.end(), deletes.begin(), deletes.end());
	return files;
}

} // namespace inlake

// The inlined-data part of the DuckDB metadata backend: inlined insert tables
// (creation, appends through DuckDB's Appender, ending rows, snapshot scans)
// and persisted options.
#include "metadata/duckdb/duckdb_metadata_store.hpp"
#include "metadata/duckdb/duckdb_write_txn.hpp"
#include "metadata/duckdb/inlined_select.hpp"
#include "metadata/duckdb/result_reader.hpp"
#include "metadata/sql_literal.hpp"

#include "duckdb/main/client_context.hpp"
#include "duckdb/main/database_manager.hpp"
#include "duckdb/transaction/meta_transaction.hpp"
#include "duckdb/main/materialized_query_result.hpp"

#include <set>

namespace inlake {

static std::string IdList(const std::vector<int64_t> &ids) {
	std::string list;
	for (auto id : ids) {
		list += (list.empty() ? "" : ", ") + SqlInt(id);
	}
	return list;
}


static std::vector<InlinedTableRecord> ReadInlinedTables(DuckDBMetadataStore &store, int64_t table_id) {
	auto cached = store.cache.inlined_tables.find(table_id);
	if (cached != store.cache.inlined_tables.end()) {
		return cached->second;
	}
	auto result = store.Query("SELECT table_id, table_name, schema_version FROM " + store.Prefix() +
	                          "ducklake_inlined_data_tables WHERE table_id = " + SqlInt(table_id) +
	                          " ORDER BY schema_version");
	std::vector<InlinedTableRecord> tables;
	for (duckdb::idx_t row = 0; row < result->RowCount(); row++) {
		ResultRow r(*result, row);
		tables.push_back(InlinedTableRecord {r.Int(0), r.String(1), r.Int(2)});
	}
	store.cache.inlined_tables[table_id] = tables;
	return tables;
}

std::vector<InlinedTableRecord> DuckDBMetadataStore::LoadInlinedTables(int64_t table_id) {
	std::lock_guard<OwnedMutex> guard(lock);
	return ReadInlinedTables(*this, table_id);
}

TableVersionSnapshot DuckDBMetadataStore::FindTableVersionSnapshot(int64_t table_id, int64_t schema_version) {
	std::lock_guard<OwnedMutex> guard(lock);
	return Reader().TableVersion(table_id, schema_version);
}

std::vector<OptionRecord> DuckDBMetadataStore::LoadOptions() {
	std::lock_guard<OwnedMutex> guard(lock);
	auto result = Query("SELECT key, value, scope, scope_id FROM " + prefix +
	                    "ducklake_metadata WHERE NOT (scope IS NULL AND key IN ('version', 'data_path', "
	                    "'created_by', 'encrypted'))");
	std::vector<OptionRecord> options;
	for (duckdb::idx_t row = 0; row < result->RowCount(); row++) {
		ResultRow r(*result, row);
		options.push_back(OptionRecord {r.String(0), r.String(1), r.String(2), r.Int(3, -1)});
	}
	return options;
}

std::vector<InlinedTableRecord> DuckDBWriteTxn::GetInlinedTables(int64_t table_id) {
	if (staged.touched_tables.count(table_id)) {
		store.cache.inlined_tables.erase(table_id); // this transaction changed them: read its own view
		auto tables = ReadInlinedTables(store, table_id);
		store.cache.inlined_tables.erase(table_id);
		return tables;
	}
	return ReadInlinedTables(store, table_id);
}

void DuckDBWriteTxn::CreateInlinedTable(const InlinedTableRecord &table, const std::vector<LakeColumn> &columns,
                                        const InlinedColumnNames &names) {
	staged.touched_tables.insert(table.table_id);
	std::string sql = "CREATE TABLE " + store.Prefix() + SqlIdentifier(table.table_name) + " (" +
	                  SqlIdentifier(names.row_id) + " BIGINT, " + SqlIdentifier(names.begin_snapshot) + " BIGINT, " +
	                  SqlIdentifier(names.end_snapshot) + " BIGINT";
	for (auto &column : columns) {
		sql += ", " + SqlIdentifier(column.name) + " " + column.type.ToString();
	}
	Execute(sql + ")");
	Execute("INSERT INTO " + store.Prefix() + "ducklake_inlined_data_tables VALUES (" + SqlInt(table.table_id) + ", " +
	        SqlString(table.table_name) + ", " + SqlInt(table.schema_version) + ")");
}

void DuckDBWriteTxn::AppendInlinedRows(const std::string &inlined_table, duckdb::ColumnDataCollection &rows) {
	direct.Append(inlined_table, rows);
}

int64_t DuckDBWriteTxn::EndInlinedRows(const std::string &inlined_table, const InlinedColumnNames &names,
                                       const std::vector<int64_t> &row_ids, int64_t end_snapshot,
                                       int64_t visible_at) {
	if (row_ids.empty()) {
		return 0;
	}
	auto list = IdList(row_ids);
	auto result = store.Query("UPDATE " + store.Prefix() + SqlIdentifier(inlined_table) + " SET " +
	                          SqlIdentifier(names.end_snapshot) + " = " + SqlInt(end_snapshot) + " WHERE " +
	                          SqlIdentifier(names.row_id) + " IN (" + list + ") AND " +
	                          SqlIdentifier(names.begin_snapshot) + " <= " + SqlInt(visible_at) + " AND " +
	                          SqlIdentifier(names.end_snapshot) + " IS NULL");
	return result->GetValue(0, 0).GetValue<int64_t>();
}

void DuckDBWriteTxn::InsertDeleteFile(const DeleteFileRecord &file) {
	staged.touched_tables.insert(file.table_id);
	// The new file answers for its data file from its begin snapshot on. Usually that is the new snapshot and only
	// the current delete file ends; a flush's merged partial file begins at its oldest deletion, so every older
	// delete file still visible from then on ends there too (one delete file per data file and snapshot).
	Execute("UPDATE " + store.Prefix() + "ducklake_delete_file SET end_snapshot = " + SqlInt(file.begin_snapshot) +
	        " WHERE data_file_id = " + SqlInt(file.data_file_id) + " AND (end_snapshot IS NULL OR end_snapshot > " +
	        SqlInt(file.begin_snapshot) + ")");
	Execute("INSERT INTO " + store.Prefix() +
	        "ducklake_delete_file (delete_file_id, table_id, begin_snapshot, end_snapshot, data_file_id, path, "
	        "path_is_relative, format, delete_count, file_size_bytes, footer_size, encryption_key, partial_max) "
	        "VALUES (" +
	        SqlInt(file.delete_file_id) + ", " + SqlInt(file.table_id) + ", " + SqlInt(file.begin_snapshot) +
	        ", NULL, " + SqlInt(file.data_file_id) + ", " + SqlString(file.path) + ", " +
	        SqlBool(file.path_is_relative) + ", 'parquet', " + SqlInt(file.delete_count) + ", " +
	        SqlInt(file.file_size_bytes) + ", " + SqlInt(file.footer_size) + ", NULL, " +
	        SqlIdOrNull(file.partial_max) + ")");
}

bool DuckDBWriteTxn::DeletesChangedSince(int64_t table_id, int64_t data_file_id, int64_t snapshot_id,
                                         bool include_inlined) {
	auto files = store.Query("SELECT count(*) FROM " + store.Prefix() + "ducklake_delete_file WHERE data_file_id = " +
	                         SqlInt(data_file_id) + " AND begin_snapshot > " + SqlInt(snapshot_id));
	if (files->GetValue(0, 0).GetValue<int64_t>() > 0) {
		return true;
	}
	auto name = InlinedDeleteTableName(table_id);
	if (!include_inlined || !store.TableExists(name)) {
		return false;
	}
	auto inlined = store.Query("SELECT count(*) FROM " + store.Prefix() + SqlIdentifier(name) + " WHERE file_id = " +
	                           SqlInt(data_file_id) + " AND begin_snapshot > " + SqlInt(snapshot_id));
	return inlined->GetValue(0, 0).GetValue<int64_t>() > 0;
}

std::vector<DataFileRecord> DuckDBWriteTxn::GetLiveDataFiles(int64_t table_id) {
	auto result = store.Query("SELECT data_file_id, row_id_start, record_count, partial_max FROM " + store.Prefix() +
	                          "ducklake_data_file WHERE table_id = " + SqlInt(table_id) +
	                          " AND end_snapshot IS NULL ORDER BY row_id_start");
	std::vector<DataFileRecord> files;
	for (duckdb::idx_t row = 0; row < result->RowCount(); row++) {
		ResultRow r(*result, row);
		DataFileRecord file;
		file.data_file_id = r.Int(0);
		file.table_id = table_id;
		file.row_id_start = r.Int(1);
		file.record_count = r.Int(2);
		file.partial_max = r.Int(3, -1);
		files.push_back(std::move(file));
	}
	return files;
}

std::vector<InlinedDeleteRecord> DuckDBWriteTxn::FindInlinedDeletes(int64_t table_id,
                                                                    const std::vector<InlinedDeleteRecord> &positions) {
	std::vector<InlinedDeleteRecord> found;
	auto name = InlinedDeleteTableName(table_id);
	if (positions.empty() || !store.TableExists(name)) {
		return found;
	}
	std::set<std::pair<int64_t, int64_t>> wanted;
	std::vector<int64_t> file_ids, rows;
	for (auto &position : positions) {
		wanted.emplace(position.file_id, position.position);
		file_ids.push_back(position.file_id);
		rows.push_back(position.position);
	}
	auto result = store.Query("SELECT file_id, row_id FROM " + store.Prefix() + SqlIdentifier(name) +
	                          " WHERE file_id IN (" + IdList(file_ids) + ") AND row_id IN (" + IdList(rows) + ")");
	for (duckdb::idx_t row = 0; row < result->RowCount(); row++) {
		ResultRow r(*result, row);
		if (wanted.count({r.Int(0), r.Int(1)})) {
			found.push_back(InlinedDeleteRecord {r.Int(0), r.Int(1)});
		}
	}
	return found;
}

void DuckDBWriteTxn::AppendInlinedDeletes(int64_t table_id, const std::vector<InlinedDeleteRecord> &deletes,
                                          int64_t snapshot_id) {
	staged.touched_tables.insert(table_id);
	if (deletes.empty()) {
		return;
	}
	auto table = store.Prefix() + SqlIdentifier(InlinedDeleteTableName(table_id));
	Execute("CREATE TABLE IF NOT EXISTS " + table + " (file_id BIGINT, row_id BIGINT, begin_snapshot BIGINT)");
	std::string sql = "INSERT INTO " + table + " VALUES ";
	for (size_t i = 0; i < deletes.size(); i++) {
		sql += (i ? ", (" : "(") + SqlInt(deletes[i].file_id) + ", " + SqlInt(deletes[i].position) + ", " +
		       SqlInt(snapshot_id) + ")";
	}
	Execute(sql);
}

} // namespace inlake

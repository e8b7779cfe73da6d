// The flush-related part of the DuckDB metadata backend: streaming inlined
// rows out of the catalog and removing them once they live in Parquet.
#include "metadata/duckdb/duckdb_metadata_store.hpp"
#include "metadata/duckdb/duckdb_write_txn.hpp"
#include "metadata/duckdb/inlined_select.hpp"
#include "metadata/duckdb/result_reader.hpp"
#include "metadata/sql_literal.hpp"

#include "duckdb/main/query_result.hpp"

namespace inlake {

void DuckDBMetadataStore::StreamInlinedRows(const std::vector<InlinedSource> &sources, const InlinedColumnNames &names,
                                            int64_t snapshot_id, const std::vector<std::string> &order_by,
                                            const std::function<void(duckdb::DataChunk &)> &callback) {
	if (sources.empty()) {
		return;
	}
	std::string rows;
	for (auto &source : sources) {
		rows += (rows.empty() ? "" : " UNION ALL ") + std::string("SELECT ") + InlinedSelectList(source) + ", " +
		        SqlIdentifier(names.row_id) + ", " + SqlIdentifier(names.begin_snapshot) + ", " +
		        SqlIdentifier(names.end_snapshot) + " FROM " + prefix + SqlIdentifier(source.table_name) + " WHERE " +
		        SqlIdentifier(names.begin_snapshot) + " <= " + SqlInt(snapshot_id);
	}
	// Without a sort order the rows stream in storage order (each keeps its row id in the file), so the
	// flush never holds more than DuckDB's scan buffers; a sort order has to see every row first.
	std::string order;
	for (auto &key : order_by) {
		order += (order.empty() ? " ORDER BY " : ", ") + key;
	}
	auto sql = "SELECT * FROM (" + rows + ")" + order;
	std::lock_guard<OwnedMutex> guard(lock);
	auto result = connection.SendQuery(sql);
	if (result->HasError()) {
		result->ThrowError();
	}
	while (auto chunk = result->Fetch()) {
		if (chunk->size() == 0) {
			break;
		}
		callback(*chunk);
	}
	if (result->HasError()) {
		result->ThrowError();
	}
}

std::vector<DataFileRecord::DeleteFileRef> DuckDBMetadataStore::LoadDeleteFileHistory(int64_t data_file_id,
                                                                                     int64_t snapshot_id) {
	std::lock_guard<OwnedMutex> guard(lock);
	auto result = Query("SELECT delete_file_id, path, path_is_relative, delete_count, file_size_bytes, "
	                    "begin_snapshot, partial_max FROM " +
	                    prefix + "ducklake_delete_file WHERE data_file_id = " + SqlInt(data_file_id) +
	                    " AND begin_snapshot <= " + SqlInt(snapshot_id) + " ORDER BY begin_snapshot, delete_file_id");
	std::vector<DataFileRecord::DeleteFileRef> history;
	for (duckdb::idx_t row = 0; row < result->RowCount(); row++) {
		ResultRow r(*result, row);
		DataFileRecord::DeleteFileRef ref;
		ref.delete_file_id = r.Int(0);
		ref.path = r.String(1);
		ref.path_is_relative = r.Bool(2, true);
		ref.delete_count = r.Int(3, 0);
		ref.file_size_bytes = r.Int(4, 0);
		ref.begin_snapshot = r.Int(5, 0);
		ref.partial_max = r.Int(6, -1);
		history.push_back(std::move(ref));
	}
	return history;
}

std::vector<InlinedDeleteEntry> DuckDBMetadataStore::LoadInlinedDeleteEntries(int64_t table_id, int64_t snapshot_id) {
	std::lock_guard<OwnedMutex> guard(lock);
	std::vector<InlinedDeleteEntry> entries;
	auto name = InlinedDeleteTableName(table_id);
	if (!TableExists(name)) {
		return entries;
	}
	auto result = Query("SELECT file_id, row_id, begin_snapshot FROM " + prefix + SqlIdentifier(name) +
	                    " WHERE begin_snapshot <= " + SqlInt(snapshot_id) + " ORDER BY file_id, row_id");
	for (duckdb::idx_t row = 0; row < result->RowCount(); row++) {
		ResultRow r(*result, row);
		entries.push_back(InlinedDeleteEntry {r.Int(0), r.Int(1), r.Int(2)});
	}
	return entries;
}

int64_t DuckDBWriteTxn::CountInlinedRowsEndedAfter(const std::string &inlined_table, const InlinedColumnNames &names,
                                                   int64_t snapshot_id) {
	auto s = SqlInt(snapshot_id);
	auto result = store.Query("SELECT count(*) FROM " + store.Prefix() + SqlIdentifier(inlined_table) + " WHERE " +
	                          SqlIdentifier(names.begin_snapshot) + " <= " + s + " AND " +
	                          SqlIdentifier(names.end_snapshot) + " > " + s);
	return result->GetValue(0, 0).GetValue<int64_t>();
}

void DuckDBWriteTxn::DeleteInlinedRowsUpTo(const std::string &inlined_table, const InlinedColumnNames &names,
                                           int64_t snapshot_id) {
	auto table = store.Prefix() + SqlIdentifier(inlined_table);
	auto later = store.Query("SELECT count(*) FROM " + table + " WHERE " + SqlIdentifier(names.begin_snapshot) +
	                         " > " + SqlInt(snapshot_id));
	if (later->GetValue(0, 0).GetValue<int64_t>() == 0) {
		// every row goes: an empty copy replaces the table, without a per-row delete (and its WAL entries)
		Execute("CREATE OR REPLACE TABLE " + table + " AS SELECT * FROM " + table + " LIMIT 0");
		return;
	}
	Execute("DELETE FROM " + table + " WHERE " + SqlIdentifier(names.begin_snapshot) + " <= " + SqlInt(snapshot_id));
}

void DuckDBWriteTxn::DeleteInlinedDeletesUpTo(int64_t table_id, int64_t data_file_id, int64_t snapshot_id) {
	staged.touched_tables.insert(table_id);
	auto name = InlinedDeleteTableName(table_id);
	if (!store.TableExists(name)) {
		return;
	}
	Execute("DELETE FROM " + store.Prefix() + SqlIdentifier(name) + " WHERE file_id = " + SqlInt(data_file_id) +
	        " AND begin_snapshot <= " + SqlInt(snapshot_id));
}

void DuckDBWriteTxn::DropInlinedTable(const InlinedTableRecord &table) {
	staged.touched_tables.insert(table.table_id);
	Execute("DROP TABLE IF EXISTS " + store.Prefix() + SqlIdentifier(table.table_name));
	Execute("DELETE FROM " + store.Prefix() + "ducklake_inlined_data_tables WHERE table_id = " +
	        SqlInt(table.table_id) + " AND table_name = " + SqlString(table.table_name));
}

} // namespace inlake

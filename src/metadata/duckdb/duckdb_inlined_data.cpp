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


namespace inlake {

static std::vector<InlinedTableRecord> ReadInlinedTables(DuckDBMetadataStore &store, int64_t table_id) {
	auto cached = store.cache.inlined_tables.find(table_id);
	if (cached != store.cache.inlined_tables.end()) {
		return cached->second;
	}
	auto tables = store.Reader().InlinedTables(table_id);
	store.cache.inlined_tables[table_id] = tables;
	return tables;
}

std::vector<InlinedTableRecord> DuckDBMetadataStore::LoadInlinedTables(int64_t table_id) {
	std::lock_guard<OwnedMutex> guard(lock);
	return ReadInlinedTables(*this, table_id);
}

InlinedBacklog DuckDBMetadataStore::MeasureInlinedRows(const std::vector<InlinedTableColumnNames> &tables,
                                                      bool with_bytes) {
	std::lock_guard<OwnedMutex> guard(lock);
	return Reader().MeasureInlinedRows(tables, with_bytes);
}

TableVersionSnapshot DuckDBMetadataStore::FindTableVersionSnapshot(int64_t table_id, int64_t schema_version) {
	std::lock_guard<OwnedMutex> guard(lock);
	return Reader().TableVersion(table_id, schema_version);
}

std::vector<OptionRecord> DuckDBMetadataStore::LoadOptions() {
	std::lock_guard<OwnedMutex> guard(lock);
	return Reader().Options();
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
	store.Writer().CreateInlinedTable(table, columns, names);
}

void DuckDBWriteTxn::AppendInlinedRows(const std::string &inlined_table, duckdb::ColumnDataCollection &rows) {
	direct.Append(inlined_table, rows);
}

int64_t DuckDBWriteTxn::EndInlinedRows(const std::string &inlined_table, const InlinedColumnNames &names,
                                       const std::vector<int64_t> &row_ids, int64_t end_snapshot,
                                       int64_t visible_at) {
	return store.Writer().EndInlinedRows(inlined_table, names, row_ids, end_snapshot, visible_at);
}

void DuckDBWriteTxn::InsertDeleteFile(const DeleteFileRecord &file) {
	staged.touched_tables.insert(file.table_id);
	store.Writer().InsertDeleteFile(file);
}

bool DuckDBWriteTxn::AnyDeletesChangedSince(int64_t table_id, const std::vector<int64_t> &data_file_ids,
                                            int64_t snapshot_id, int64_t first_new_file_id) {
	return store.Reader().AnyDeletesChangedSince(table_id, data_file_ids, snapshot_id, first_new_file_id);
}

bool DuckDBWriteTxn::DeletesChangedSince(int64_t table_id, int64_t data_file_id, int64_t snapshot_id,
                                         bool include_inlined) {
	return store.Reader().DeletesChangedSince(table_id, data_file_id, snapshot_id, include_inlined);
}

std::vector<DataFileRecord> DuckDBWriteTxn::GetLiveDataFiles(int64_t table_id) {
	return store.Reader().LiveDataFiles(table_id);
}

std::vector<InlinedDeleteRecord> DuckDBWriteTxn::FindInlinedDeletes(int64_t table_id,
                                                                    const std::vector<InlinedDeleteRecord> &positions) {
	return store.Reader().FindInlinedDeletes(table_id, positions);
}

void DuckDBWriteTxn::AppendInlinedDeletes(int64_t table_id, const std::vector<InlinedDeleteRecord> &deletes,
                                          int64_t snapshot_id) {
	staged.touched_tables.insert(table_id);
	store.Writer().AppendInlinedDeletes(table_id, deletes, snapshot_id);
}

} // namespace inlake

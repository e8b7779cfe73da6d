// The flush-related part of the DuckDB metadata backend: streaming inlined
// rows out of the catalog and removing them once they live in Parquet.
#include "metadata/duckdb/duckdb_metadata_store.hpp"
#include "metadata/duckdb/duckdb_write_txn.hpp"
#include "metadata/duckdb/inlined_select.hpp"
#include "metadata/duckdb/result_reader.hpp"
#include "metadata/sql_literal.hpp"

#include "duckdb/catalog/catalog.hpp"
#include "duckdb/catalog/catalog_entry/table_catalog_entry.hpp"
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
	return Reader().DeleteFileHistory(data_file_id, snapshot_id);
}

std::vector<InlinedDeleteEntry> DuckDBMetadataStore::LoadInlinedDeleteEntries(int64_t table_id, int64_t snapshot_id) {
	std::lock_guard<OwnedMutex> guard(lock);
	return Reader().InlinedDeleteEntries(table_id, snapshot_id);
}

int64_t DuckDBWriteTxn::CountInlinedRowsEndedAfter(const std::string &inlined_table, const InlinedColumnNames &names,
                                                   int64_t snapshot_id) {
	return store.Reader().CountInlinedRowsEndedAfter(inlined_table, names, snapshot_id);
}

std::string DuckDBWriteTxn::ColumnDefinitions(const std::string &table_name) {
	auto &table = duckdb::Catalog::GetEntry<duckdb::TableCatalogEntry>(*connection.context, store.MetadataDatabase(),
	                                                                    store.MetadataSchema(), table_name);
	std::string columns;
	for (auto &column : table.GetColumns().Logical()) {
		columns += (columns.empty() ? "" : ", ") + SqlIdentifier(column.Name()) + " " + column.Type().ToString();
		if (column.CompressionType() != duckdb::CompressionType::COMPRESSION_AUTO) {
			columns += " USING COMPRESSION " + duckdb::CompressionTypeToString(column.CompressionType());
		}
	}
	return columns;
}

void DuckDBWriteTxn::DeleteInlinedRowsUpTo(const std::string &inlined_table, const InlinedColumnNames &names,
                                           int64_t snapshot_id) {
	removed_inlined_rows = true;
	auto table = store.Prefix() + SqlIdentifier(inlined_table);
	auto later = store.Query("SELECT count(*) FROM " + table + " WHERE " + SqlIdentifier(names.begin_snapshot) +
	                         " > " + SqlInt(snapshot_id));
	if (later->GetValue(0, 0).GetValue<int64_t>() == 0) {
		// every row goes: an empty copy replaces the table, without a per-row delete (and its WAL entries)
		Execute("CREATE OR REPLACE TABLE " + table + " (" + ColumnDefinitions(inlined_table) + ")");
		return;
	}
	store.Writer().DeleteInlinedRowsUpTo(inlined_table, names, snapshot_id);
}

void DuckDBWriteTxn::DeleteInlinedDeletesUpTo(int64_t table_id, int64_t data_file_id, int64_t snapshot_id) {
	staged.touched_tables.insert(table_id);
	store.Writer().DeleteInlinedDeletesUpTo(table_id, data_file_id, snapshot_id);
}

void DuckDBWriteTxn::DropInlinedTable(const InlinedTableRecord &table) {
	staged.touched_tables.insert(table.table_id);
	store.Writer().DropInlinedTable(table);
}

} // namespace inlake

#include "metadata/duckdb/direct_table_writer.hpp"

#include "duckdb/catalog/catalog.hpp"
#include "duckdb/catalog/catalog_entry/table_catalog_entry.hpp"
#include "duckdb/main/attached_database.hpp"
#include "duckdb/main/database_manager.hpp"
#include "duckdb/common/vector_operations/vector_operations.hpp"
#include "duckdb/planner/binder.hpp"
#include "duckdb/execution/index/bound_index.hpp"
#include "duckdb/storage/data_table.hpp"
#include "duckdb/storage/table/append_state.hpp"
#include "duckdb/storage/table/data_table_info.hpp"
#include "duckdb/storage/table/scan_state.hpp"
#include "duckdb/storage/table/update_state.hpp"
#include "duckdb/transaction/duck_transaction.hpp"
#include "duckdb/transaction/meta_transaction.hpp"

#include <map>

namespace inlake {
using namespace duckdb;

//! Rows to append, in chunks of the table's types
using RowChunks = vector<unique_ptr<DataChunk>>;

DirectTableWriter::DirectTableWriter(ClientContext &context, std::string database, std::string schema)
    : context(context), database(std::move(database)), schema(std::move(schema)) {
}

TableCatalogEntry &DirectTableWriter::WritableTable(const std::string &table) {
	auto attached = DatabaseManager::Get(context).GetDatabase(context, database);
	if (!attached) {
		throw IOException("DuckLake catalog database \"%s\" is not attached (was it detached by hand?)", database);
	}
	// what the binder does for an INSERT or UPDATE: this transaction writes the catalog database
	MetaTransaction::Get(context).ModifyDatabase(*attached);
	return Catalog::GetEntry<TableCatalogEntry>(context, database, schema, table);
}

//! Checks the rows against the table's constraints and enters them into its indexes as rows
//! [row_start, ...); on a violation, takes back the entries made and throws.
static void CheckAndIndexRows(ClientContext &context, TableCatalogEntry &table,
                              const vector<unique_ptr<BoundConstraint>> &constraints, const RowChunks &rows,
                              TableAppendState &append_state) {
	auto &storage = table.GetStorage();
	auto constraint_state = storage.InitializeConstraintState(table, constraints);
	DataChunk no_index_chunk; // only for unbound indexes, which the caller excludes
	vector<StorageIndex> no_mapping;
	auto row = append_state.row_start;
	try {
		for (auto &chunk : rows) {
			storage.VerifyAppendConstraints(*constraint_state, context, *chunk, nullptr, nullptr);
			if (storage.HasIndexes()) {
				auto error = storage.AppendToIndexes(nullptr, *chunk, no_index_chunk, no_mapping, row,
				                                     IndexAppendMode::DEFAULT);
				if (error.HasError()) {
					error.Throw();
				}
			}
			row += NumericCast<row_t>(chunk->size());
		}
	} catch (...) {
		auto indexed = append_state.row_start;
		for (auto &chunk : rows) {
			if (indexed >= row) {
				break;
			}
			storage.RemoveFromIndexes(append_state, *chunk, indexed);
			indexed += NumericCast<row_t>(chunk->size());
		}
		throw;
	}
}

//! Whether rows are appended straight to the table's storage (AppendRows) rather than through the
//! transaction-local storage: a row group's worth of rows or more is written to the database file as it goes
//! (keeping it out of the WAL and out of memory), and a table with an index DuckDB has not loaded yet only
//! buffers its appends.
static bool AppendsDirectly(TableCatalogEntry &table, idx_t count) {
	auto &storage = table.GetStorage();
	return count < storage.GetRowGroupSize() && !storage.GetDataTableInfo()->GetIndexes().HasUnbound();
}

//! Appends rows of exactly the table's types straight to the table's storage, as DuckDB's own commit moves
//! a transaction's local rows there (LocalStorage::Flush): constraints checked, the rows entered into the
//! table's indexes, and an append pushed to the transaction's undo buffer. Until the transaction commits
//! only it sees the rows; the commit writes them to the WAL and makes them visible, a rollback removes
//! them. For the few rows of a small commit this skips the transaction-local copy (its row groups and
//! index copies), which costs more than the rows themselves. Only where AppendsDirectly.
static void AppendRows(ClientContext &context, TableCatalogEntry &table, const RowChunks &rows, idx_t count) {
	if (count == 0) {
		return;
	}
	auto &storage = table.GetStorage();
	auto binder = Binder::CreateBinder(context);
	auto constraints = binder->BindConstraints(table);
	auto &transaction = DuckTransaction::Get(context, table.ParentCatalog().GetAttached());
	TableAppendState append_state;
	storage.AppendLock(append_state);
	CheckAndIndexRows(context, table, constraints, rows, append_state);
	transaction.PushAppend(storage, NumericCast<idx_t>(append_state.row_start), count);
	storage.InitializeAppend(transaction, append_state);
	for (auto &chunk : rows) {
		storage.Append(*chunk, append_state);
	}
	storage.FinalizeAppend(transaction, append_state);
}

//! Appends through the transaction-local storage (see AppendsDirectly).
static void AppendLocally(ClientContext &context, TableCatalogEntry &table, ColumnDataCollection &rows) {
	auto binder = Binder::CreateBinder(context);
	auto constraints = binder->BindConstraints(table);
	table.GetStorage().LocalAppend(table, context, rows, constraints, nullptr);
}

void DirectTableWriter::Append(const std::string &table_name, ColumnDataCollection &rows) {
	auto &table = WritableTable(table_name);
	auto types = table.GetTypes();
	if (rows.ColumnCount() != types.size()) {
		throw InternalException("DuckLake catalog table \"%s\": %llu columns appended to %llu", table_name,
		                        rows.ColumnCount(), types.size());
	}
	if (!AppendsDirectly(table, rows.Count())) {
		if (rows.Types() == types) {
			AppendLocally(context, table, rows);
			return;
		}
		ColumnDataCollection cast_rows(context, types);
		DataChunk cast_chunk;
		cast_chunk.Initialize(context, types);
		for (auto &chunk : rows.Chunks()) {
			cast_chunk.Reset();
			for (idx_t c = 0; c < types.size(); c++) {
				VectorOperations::Cast(context, chunk.data[c], cast_chunk.data[c], chunk.size());
			}
			cast_chunk.SetCardinality(chunk.size());
			cast_rows.Append(cast_chunk);
		}
		AppendLocally(context, table, cast_rows);
		return;
	}
	// one pass over the rows into chunks of the table's types (cast column by column where the rows' types
	// differ, as an INSERT would), which the checks and the append then share
	bool same_types = rows.Types() == types;
	RowChunks chunks;
	RowChunks scanned; // what a cast chunk may reference (a cast to the same type does)
	ColumnDataScanState scan;
	rows.InitializeScan(scan, ColumnDataScanProperties::DISALLOW_ZERO_COPY); // each chunk keeps its own data
	while (true) {
		auto chunk = make_uniq<DataChunk>();
		rows.InitializeScanChunk(*chunk);
		if (!rows.Scan(scan, *chunk)) {
			break;
		}
		if (!same_types) {
			auto cast = make_uniq<DataChunk>();
			cast->Initialize(Allocator::DefaultAllocator(), types);
			for (idx_t c = 0; c < types.size(); c++) {
				VectorOperations::Cast(context, chunk->data[c], cast->data[c], chunk->size());
			}
			cast->SetCardinality(chunk->size());
			scanned.push_back(std::move(chunk));
			chunk = std::move(cast);
		}
		chunks.push_back(std::move(chunk));
	}
	AppendRows(context, table, chunks, rows.Count());
}

void DirectTableWriter::AppendValues(const std::string &table_name, const std::vector<std::vector<Value>> &rows) {
	if (rows.empty()) {
		return;
	}
	auto &table = WritableTable(table_name);
	auto types = table.GetTypes();
	RowChunks chunks;
	for (auto &row : rows) {
		if (row.size() > types.size()) {
			throw IOException("DuckLake catalog table \"%s\" has %llu columns, fewer than the %llu this lake writes: "
			                  "the catalog database is damaged",
			                  table_name, types.size(), row.size());
		}
		if (chunks.empty() || chunks.back()->size() == STANDARD_VECTOR_SIZE) {
			chunks.push_back(make_uniq<DataChunk>());
			chunks.back()->Initialize(Allocator::DefaultAllocator(), types, MinValue<idx_t>(rows.size(),
			                                                                                  STANDARD_VECTOR_SIZE));
		}
		auto &chunk = *chunks.back();
		auto index = chunk.size();
		for (idx_t c = 0; c < types.size(); c++) {
			chunk.SetValue(c, index, c < row.size() ? row[c].DefaultCastAs(types[c]) : Value(types[c]));
		}
		chunk.SetCardinality(index + 1);
	}
	if (AppendsDirectly(table, rows.size())) {
		AppendRows(context, table, chunks, rows.size());
		return;
	}
	ColumnDataCollection collection(context, types);
	for (auto &chunk : chunks) {
		collection.Append(*chunk);
	}
	AppendLocally(context, table, collection);
}

//! Row ids of the rows matching each update's key.
static std::vector<std::pair<row_t, idx_t>> FindKeyedRows(ClientContext &context, TableCatalogEntry &table,
                                                          const std::vector<std::string> &key_columns,
                                                          const std::vector<KeyedUpdate> &updates) {
	std::map<std::vector<int64_t>, idx_t> update_of_key;
	for (idx_t i = 0; i < updates.size(); i++) {
		update_of_key.emplace(updates[i].key, i);
	}
	vector<StorageIndex> column_ids;
	vector<LogicalType> types;
	for (auto &name : key_columns) {
		column_ids.emplace_back(table.GetColumn(name).StorageOid());
		types.push_back(LogicalType::BIGINT);
	}
	column_ids.emplace_back(COLUMN_IDENTIFIER_ROW_ID);
	types.push_back(LogicalType::ROW_TYPE);

	auto &storage = table.GetStorage();
	auto &transaction = DuckTransaction::Get(context, table.ParentCatalog().GetAttached());
	TableScanState state;
	storage.InitializeScan(context, transaction, state, column_ids);
	DataChunk chunk;
	chunk.Initialize(context, types);
	std::vector<std::pair<row_t, idx_t>> matches;
	std::vector<int64_t> key(key_columns.size());
	while (true) {
		chunk.Reset();
		storage.Scan(transaction, chunk, state);
		if (chunk.size() == 0) {
			break;
		}
		chunk.Flatten();
		auto row_ids = FlatVector::GetData<row_t>(chunk.data.back());
		for (idx_t row = 0; row < chunk.size(); row++) {
			bool has_null = false;
			for (idx_t k = 0; k < key.size(); k++) {
				has_null = has_null || FlatVector::IsNull(chunk.data[k], row);
				key[k] = FlatVector::GetData<int64_t>(chunk.data[k])[row];
			}
			auto found = has_null ? update_of_key.end() : update_of_key.find(key);
			if (found != update_of_key.end()) {
				matches.emplace_back(row_ids[row], found->second);
			}
		}
	}
	return matches;
}

std::vector<idx_t> DirectTableWriter::UpdateByKey(const std::string &table_name,
                                                  const std::vector<std::string> &key_columns,
                                                  const std::vector<std::string> &set_columns,
                                                  const std::vector<KeyedUpdate> &updates) {
	std::vector<idx_t> matched(updates.size(), 0);
	if (updates.empty()) {
		return matched;
	}
	auto &table = WritableTable(table_name);
	auto matches = FindKeyedRows(context, table, key_columns, updates);
	if (matches.empty()) {
		return matched;
	}
	vector<PhysicalIndex> column_ids;
	vector<LogicalType> types;
	for (auto &name : set_columns) {
		auto &column = table.GetColumn(name);
		column_ids.push_back(column.Physical());
		types.push_back(column.Type());
	}
	auto binder = Binder::CreateBinder(context);
	auto constraints = binder->BindConstraints(table);
	auto &storage = table.GetStorage();
	auto update_state = storage.InitializeUpdate(table, context, constraints);
	DataChunk values;
	values.Initialize(context, types);
	Vector row_ids(LogicalType::ROW_TYPE);
	for (idx_t start = 0; start < matches.size(); start += STANDARD_VECTOR_SIZE) {
		idx_t count = MinValue<idx_t>(STANDARD_VECTOR_SIZE, matches.size() - start);
		values.Reset();
		auto row_id_data = FlatVector::GetData<row_t>(row_ids);
		for (idx_t i = 0; i < count; i++) {
			auto &match = matches[start + i];
			row_id_data[i] = match.first;
			matched[match.second]++;
			auto &update = updates[match.second];
			for (idx_t c = 0; c < types.size(); c++) {
				values.SetValue(c, i, update.values[c].DefaultCastAs(types[c]));
			}
		}
		values.SetCardinality(count);
		storage.Update(*update_state, context, row_ids, column_ids, values);
	}
	return matched;
}

} // namespace inlake

// Read sessions of the DuckDB metadata backend: one consistent catalog state for
// one scan's data files and inlined rows.
#include "metadata/duckdb/duckdb_metadata_store.hpp"
#include "metadata/duckdb/inlined_select.hpp"
#include "metadata/duckdb/inlined_table_scan.hpp"
#include "metadata/filter_sql.hpp"
#include "metadata/sql_literal.hpp"

#include "duckdb/main/client_context.hpp"
#include "duckdb/main/database_manager.hpp"
#include "duckdb/main/materialized_query_result.hpp"
#include "duckdb/transaction/meta_transaction.hpp"

namespace inlake {

//! Conditions over the projected (current) columns: the exact parts of the column filters, when the source
//! has the current names and types, and the excluded row ids.
static std::vector<std::string> FilterConditions(const InlinedSource &source, const InlinedColumnNames &names,
                                                 const InlinedRowFilter &filter) {
	std::vector<std::string> conditions;
	if (source.same_schema) {
		for (auto &entry : filter.column_filters) {
			if (entry.column < source.columns.size()) {
				TableFilterToSql(*entry.filter, SqlIdentifier(source.columns[entry.column].target.name), conditions);
			}
		}
	}
	if (!filter.excluded_row_ids.empty()) {
		std::string list;
		for (auto row_id : filter.excluded_row_ids) {
			list += (list.empty() ? "" : ", ") + SqlInt(row_id);
		}
		conditions.push_back(SqlIdentifier(names.row_id) + " NOT IN (" + list + ")");
	}
	return conditions;
}

std::string DuckDBMetadataStore::InlinedRowsQuery(const InlinedSource &source, const InlinedColumnNames &names,
                                                  int64_t snapshot_id, const InlinedRowFilter &filter) const {
	auto s = SqlInt(snapshot_id);
	std::string rows = "SELECT " + InlinedSelectList(source) + ", " + SqlIdentifier(names.row_id) + ", " +
	                   SqlIdentifier(names.begin_snapshot) + " FROM " + prefix + SqlIdentifier(source.table_name) +
	                   " WHERE " + SqlIdentifier(names.begin_snapshot) + " <= " + s + " AND (" +
	                   SqlIdentifier(names.end_snapshot) + " IS NULL OR " + SqlIdentifier(names.end_snapshot) + " > " +
	                   s + ")";
	// the conditions name the current columns (and the row id column): filter the projected rows
	std::string sql = "SELECT * FROM (" + rows + ")";
	auto conditions = FilterConditions(source, names, filter);
	for (size_t i = 0; i < conditions.size(); i++) {
		sql += (i ? " AND (" : " WHERE (") + conditions[i] + ")";
	}
	return sql;
}

namespace {

//! Streams of one session read through the session's one connection: one Next at a time.
class LockedRowStream : public RowStream {
public:
	LockedRowStream(std::unique_ptr<RowStream> stream_p, OwnedMutex &lock_p) : stream(std::move(stream_p)), lock(lock_p) {
	}
	bool Next(duckdb::DataChunk &chunk) override {
		std::lock_guard<OwnedMutex> guard(lock);
		return stream->Next(chunk);
	}
	bool AppliesFilter(duckdb::idx_t index) const override {
		return stream->AppliesFilter(index);
	}

private:
	std::unique_ptr<RowStream> stream;
	OwnedMutex &lock;
};

//! A connection of its own (from the store's pool) with a transaction begun on the catalog database while
//! the store's lock kept commits out: DuckDB's MVCC then keeps exactly that catalog state for the scan's
//! inlined rows. The transaction is rolled back and the connection given back when the session ends.
class DuckDBReadSession : public InlinedReadSession,
                          public CatalogHold,
                          public std::enable_shared_from_this<DuckDBReadSession> {
public:
	explicit DuckDBReadSession(DuckDBMetadataStore &store)
	    : store(store), metadata_database(store.MetadataDatabase()), pool(store.ReadConnections()),
	      connection(pool->Take()) {
		// What BEGIN does, without a statement
		auto &context = *connection->context;
		context.transaction.BeginTransaction();
		context.transaction.SetAutoCommit(false);
		// The transaction on the catalog database starts at its first use: start it now, while the
		// store's lock keeps commits out.
		auto database = duckdb::DatabaseManager::Get(context).GetDatabase(context, store.MetadataDatabase());
		if (!database) {
			context.transaction.Rollback(nullptr);
			context.transaction.SetAutoCommit(true);
			throw duckdb::IOException("DuckLake catalog database \"%s\" is not attached (was it detached by hand?)",
			                                store.MetadataDatabase());
		}
		context.transaction.ActiveTransaction().GetTransaction(*database);
	}

	~DuckDBReadSession() override {
		if (EndTransaction()) {
			pool->Give(std::move(connection)); // otherwise the connection is closed instead of reused
		}
	}

	void Release() override {
		std::lock_guard<OwnedMutex> guard(lock);
		released = true;
		EndTransaction();
	}

	std::unique_ptr<RowStream> ScanInlinedRows(const InlinedSource &source, const InlinedColumnNames &names,
	                                           int64_t snapshot_id, const InlinedRowFilter &filter) override {
		std::lock_guard<OwnedMutex> guard(lock);
		CheckNotReleased();
		if (CanStreamInlinedTable(source)) {
			auto stream = StreamInlinedTable(*connection->context, store.MetadataDatabase(), store.MetadataSchema(),
			                                 source, names, snapshot_id, filter, shared_from_this());
			return std::unique_ptr<RowStream>(new LockedRowStream(std::move(stream), lock));
		}
		auto result = connection->Query(store.InlinedRowsQuery(source, names, snapshot_id, filter));
		if (result->HasError()) {
			result->ThrowError();
		}
		return std::unique_ptr<RowStream>(new CollectionRowStream(result->TakeCollection()));
	}

	duckdb::unique_ptr<duckdb::BaseStatistics> ColumnStatistics(const InlinedSource &source,
	                                                            duckdb::idx_t column) override {
		std::lock_guard<OwnedMutex> guard(lock);
		CheckNotReleased();
		return InlinedColumnStatistics(*connection->context, store.MetadataDatabase(), store.MetadataSchema(), source,
		                               column);
	}

private:
	//! Rolls the session's transaction back; false when that failed (the connection is then not reusable).
	bool EndTransaction() {
		auto &transaction = connection->context->transaction;
		try {
			if (transaction.HasActiveTransaction()) {
				transaction.Rollback(nullptr);
			}
			transaction.SetAutoCommit(true);
			return true;
		} catch (...) { // NOLINT: reported through the result
			return false;
		}
	}

	void CheckNotReleased() {
		if (released) {
			throw duckdb::IOException("DuckLake catalog database \"%s\" was detached while a scan of it was prepared; "
			                          "run the statement again",
			                          metadata_database);
		}
	}

	//! Valid while not `released` (the store may be gone after that)
	DuckDBMetadataStore &store;
	std::string metadata_database;
	bool released = false;
	OwnedMutex lock {"a read session's catalog connection"};
	std::shared_ptr<ConnectionPool> pool;
	std::unique_ptr<InternalConnection> connection;
};

} // namespace

MetadataStore::TableReadStart DuckDBMetadataStore::BeginTableRead(int64_t table_id, int64_t snapshot_id) {
	TableReadStart start;
	start.inlined_tables = LoadInlinedTables(table_id);
	if (start.inlined_tables.empty()) {
		start.files = LoadDataFiles(table_id, snapshot_id);
	} else {
		start.session = OpenReadSession(table_id, snapshot_id, start.files);
	}
	return start;
}

std::shared_ptr<InlinedReadSession> DuckDBMetadataStore::OpenReadSession(int64_t table_id, int64_t snapshot_id,
                                                                         std::vector<DataFileRecord> &files) {
	std::lock_guard<OwnedMutex> guard(lock);
	auto session = std::make_shared<DuckDBReadSession>(*this);
	AddHold(session);
	auto key = std::make_pair(table_id, snapshot_id);
	auto cached = cache.data_files.find(key);
	if (cached != cache.data_files.end()) {
		files = cached->second;
	} else {
		files = Reader().DataFiles(table_id, snapshot_id);
		cache.data_files[key] = files;
	}
	return std::move(session);
}

} // namespace inlake

// SqlMetadataStore, reading inlined rows: scans (read sessions), the flush's stream and its COPY. Stored values
// are decoded to the table's current columns here; ordering and writing Parquet run in DuckDB, over a temporary
// table of the decoded rows.
#include "metadata/sql/sql_metadata_store.hpp"

#include "common/column_bounds.hpp"
#include "common/initial_default.hpp"
#include "common/nested_remap.hpp"
#include "common/internal_connection.hpp"
#include "metadata/duckdb/duckdb_catalog_connection.hpp"
#include "metadata/filter_sql.hpp"
#include "metadata/sql/inlined_text.hpp"
#include "metadata/sql_literal.hpp"

#include "duckdb/common/vector_operations/vector_operations.hpp"
#include "duckdb/main/client_context.hpp"
#include "duckdb/main/table_description.hpp"

namespace inlake {
using duckdb::DataChunk;
using duckdb::idx_t;
using duckdb::LogicalType;
using duckdb::Value;

namespace {

//! Which rows of an inlined table a read wants.
struct InlinedRowSelection {
	int64_t snapshot_id = 0;
	//! Only the rows live at the snapshot (a scan); otherwise every row inserted at or before it (a flush)
	bool live_only = true;
	//! With the end snapshot column after the begin snapshot
	bool with_end_snapshot = false;
	std::vector<int64_t> excluded_row_ids;
	//! Further SQL conditions on the stored columns (pushed-down filters)
	std::vector<std::string> conditions;
	//! The snapshot is the latest of the catalog state read: no row begins after it or ended after it, so the
	//! live rows are those never ended
	bool snapshot_is_latest = false;
	//! In row id order (a flush: the database's storage order is its own; PostgreSQL moves updated rows)
	bool in_row_id_order = false;
	//! In the order of the rows' commits (begin snapshot, then row id): numbered rows
	bool in_commit_order = false;
};

//! Casts stored values to their type. Nested values stored as text that DuckDB's own cast cannot read back (a string
//! holding a closing bracket below the first level) are read one by one by ValueFromInlinedText.
void CastStoredValues(duckdb::Vector &stored, duckdb::Vector &target, idx_t count) {
	try {
		duckdb::VectorOperations::DefaultCast(stored, target, count, true);
		return;
	} catch (std::exception &) {
		if (!target.GetType().IsNested() || stored.GetType().id() != duckdb::LogicalTypeId::VARCHAR) {
			throw;
		}
	}
	// into a new vector: the failed cast may have left partial child entries in `target`
	duckdb::Vector values(target.GetType(), count);
	for (idx_t row = 0; row < count; row++) {
		values.SetValue(row, ValueFromInlinedText(stored.GetValue(row), target.GetType()));
	}
	target.Reference(values);
}

//! Decodes `count` stored values (as the dialect's storage type) into `target` (of the column's current type):
//! the stored text or integer cast to the type the values were written as, then read as the current column (a
//! widened type, nested fields added, dropped or renamed since: by field id).
void DecodeColumn(duckdb::Vector &stored, const InlinedColumnSource &column, duckdb::Vector &target, idx_t count) {
	auto &source_type = column.source_type;
	bool same = SameColumnLayout(column.source, column.target);
	if (stored.GetType().id() == source_type.id() && same) {
		duckdb::VectorOperations::Copy(stored, target, count, 0, 0);
		return;
	}
	if (same) {
		CastStoredValues(stored, target, count);
		return;
	}
	duckdb::Vector decoded(source_type, count);
	if (stored.GetType().id() == source_type.id()) {
		duckdb::VectorOperations::Copy(stored, decoded, count, 0, 0);
	} else {
		CastStoredValues(stored, decoded, count);
	}
	RemapColumnVector(decoded, column.source, column.target, target, count);
}

//! Reads the rows of one inlined table as the source's current columns, then row id, begin (and end) snapshot,
//! a chunk at a time: the query selects only the columns the source reads, with the selection's conditions,
//! and runs while the reader is read.
class InlinedRowReader {
public:
	InlinedRowReader(CatalogConnection &connection, const std::string &prefix, const InlinedSource &source_p,
	                 const InlinedColumnNames &names, const InlinedRowSelection &selection)
	    : source(source_p), snapshot_columns(selection.with_end_snapshot ? 3 : 2) {
		auto &dialect = connection.Dialect();
		std::string select;
		duckdb::vector<LogicalType> stored_types;
		for (auto &column : source.columns) {
			types.push_back(column.target.type);
			if (column.skip || column.source_name.empty()) {
				stored_index.push_back(-1);
				constants.push_back(column.skip ? Value(column.target.type)
				                                : InitialDefaultValue(column.target).DefaultCastAs(column.target.type));
				continue;
			}
			stored_index.push_back(int(stored_types.size()));
			constants.emplace_back();
			stored_types.push_back(dialect.InlinedStorageType(column.source_type));
			select += dialect.InlinedReadExpression(column.source_type, SqlIdentifier(column.source_name)) + ", ";
		}
		stored_count = stored_types.size();
		// the row id and snapshot columns, those a scan does not need left out (they come back as NULLs)
		bool wanted[] = {source.read_row_id || selection.with_end_snapshot,
		                 source.read_begin_snapshot || selection.with_end_snapshot, true};
		const std::string *hidden_names[] = {&names.row_id, &names.begin_snapshot, &names.end_snapshot};
		for (idx_t i = 0; i < snapshot_columns; i++) {
			types.push_back(LogicalType::BIGINT);
			if (!wanted[i]) {
				hidden_index.push_back(-1);
				continue;
			}
			hidden_index.push_back(int(stored_types.size()));
			stored_types.push_back(LogicalType::BIGINT);
			select += SqlIdentifier(*hidden_names[i]) + ", ";
		}
		if (stored_types.empty()) {
			select += "NULL, "; // count(*): only the number of rows is needed
			stored_types.push_back(LogicalType::BIGINT);
		}
		select.resize(select.size() - 2);
		cursor = connection.OpenCursor("SELECT " + select + " FROM " + prefix + SqlIdentifier(source.table_name) +
		                                   " WHERE " + WhereClause(names, selection) +
		                                   OrderBy(names, selection),
		                               stored_types);
		stored.Initialize(duckdb::Allocator::DefaultAllocator(), stored_types);
	}

	const duckdb::vector<LogicalType> &Types() const {
		return types;
	}

	static std::string OrderBy(const InlinedColumnNames &names, const InlinedRowSelection &selection) {
		auto row_id = SqlIdentifier(names.row_id), begin = SqlIdentifier(names.begin_snapshot);
		if (selection.in_row_id_order) {
			return " ORDER BY " + row_id + ", " + begin;
		}
		return selection.in_commit_order ? " ORDER BY " + begin + ", " + row_id : std::string();
	}

	//! Fills `out` (initialised with Types()) with the next rows; false when there are no more.
	bool Next(DataChunk &out) {
		out.Reset();
		if (!cursor->Next(stored)) {
			return false;
		}
		auto count = stored.size();
		for (idx_t column = 0; column < source.columns.size(); column++) {
			auto index = stored_index[column];
			if (index < 0) {
				out.data[column].Reference(constants[column]);
				continue;
			}
			auto &info = source.columns[column];
			DecodeColumn(stored.data[index], info, out.data[column], count);
		}
		for (idx_t i = 0; i < snapshot_columns; i++) {
			auto &target = out.data[source.columns.size() + i];
			if (hidden_index[i] < 0) {
				target.Reference(Value(LogicalType::BIGINT));
			} else {
				target.Reference(stored.data[hidden_index[i]]);
			}
		}
		out.SetCardinality(count);
		return true;
	}

private:
	static std::string WhereClause(const InlinedColumnNames &names, const InlinedRowSelection &selection) {
		auto s = SqlInt(selection.snapshot_id);
		std::string where;
		if (selection.live_only && selection.snapshot_is_latest) {
			where = SqlIdentifier(names.end_snapshot) + " IS NULL";
		} else {
			where = SqlIdentifier(names.begin_snapshot) + " <= " + s;
		}
		if (selection.live_only && !selection.snapshot_is_latest) {
			where += " AND (" + SqlIdentifier(names.end_snapshot) + " IS NULL OR " + SqlIdentifier(names.end_snapshot) +
			         " > " + s + ")";
		}
		if (!selection.excluded_row_ids.empty()) {
			std::string list;
			for (auto row_id : selection.excluded_row_ids) {
				list += (list.empty() ? "" : ", ") + SqlInt(row_id);
			}
			where += " AND " + SqlIdentifier(names.row_id) + " NOT IN (" + list + ")";
		}
		for (auto &condition : selection.conditions) {
			where += " AND (" + condition + ")";
		}
		return where;
	}

	InlinedSource source;
	idx_t snapshot_columns;
	idx_t stored_count = 0;
	duckdb::vector<LogicalType> types;
	std::vector<int> stored_index;
	//! Where the row id, begin and end snapshot columns are among the stored ones (-1: not read)
	std::vector<int> hidden_index;
	std::vector<Value> constants;
	std::unique_ptr<CatalogCursor> cursor;
	DataChunk stored;
};

//! Every row one reader reads, in a collection.
std::shared_ptr<duckdb::ColumnDataCollection> DecodeInlinedRows(CatalogConnection &connection,
                                                                const std::string &prefix, const InlinedSource &source,
                                                                const InlinedColumnNames &names,
                                                                const InlinedRowSelection &selection) {
	InlinedRowReader reader(connection, prefix, source, names, selection);
	auto result = std::make_shared<duckdb::ColumnDataCollection>(duckdb::Allocator::DefaultAllocator(), reader.Types());
	DataChunk chunk;
	chunk.Initialize(duckdb::Allocator::DefaultAllocator(), reader.Types());
	while (reader.Next(chunk)) {
		result->Append(chunk);
	}
	return result;
}

//! A scan's consistent view: a connection of its own inside one read transaction, begun before the scan's
//! data files were listed.
class SqlReadSession : public InlinedReadSession, public std::enable_shared_from_this<SqlReadSession> {
public:
	explicit SqlReadSession(std::shared_ptr<SqlMetadataStore> store_p)
	    : store(std::move(store_p)), connection(store->TakeConnection()) {
		connection->BeginRead();
	}

	~SqlReadSession() override {
		try {
			connection->Commit();
			store->GiveConnection(std::move(connection));
		} catch (...) { // NOLINT: the connection is dropped instead of reused
		}
	}

	CatalogConnection &Connection() {
		return *connection;
	}

	std::unique_ptr<RowStream> ScanInlinedRows(const InlinedSource &source, const InlinedColumnNames &names,
	                                           int64_t snapshot_id, const InlinedRowFilter &filter) override;
	//! The live rows now, from `cached` (the same rows at an older snapshot) and the rows committed since;
	//! nullptr when rows were deleted, flushed or removed since (caller holds `lock`)
	std::shared_ptr<duckdb::ColumnDataCollection> ExtendCachedRows(const InlinedSource &source,
	                                                               const InlinedColumnNames &names,
	                                                               const InlinedRowSelection &selection,
	                                                               const InlinedRowsCache::Entry &cached);

	std::mutex lock;

	//! Bounds of integer-like columns, which the catalog stores as integers of the same order (min and max run
	//! in the catalog database); unknown for the others (their stored text does not order as the values do).
	duckdb::unique_ptr<duckdb::BaseStatistics> ColumnStatistics(const InlinedSource &source, idx_t column) override {
		std::lock_guard<std::mutex> guard(lock);
		if (column >= source.columns.size()) {
			return nullptr;
		}
		auto &info = source.columns[column];
		auto &dialect = connection->Dialect();
		if (info.skip || info.source_name.empty() || !HasValueBounds(info.target.type) ||
		    !HasValueBounds(info.source_type) || dialect.InlinedStorageType(info.source_type) != LogicalType::BIGINT) {
			return nullptr;
		}
		auto name = SqlIdentifier(info.source_name);
		// an inlined table changes only in commits, each a new snapshot: bounds computed at the latest snapshot
		// hold until the next one (expiry only removes rows, leaving them wider than they need be)
		auto key = source.table_name + '\n' + info.source_name + '\n' + std::to_string(LatestSnapshotId());
		CatalogRows bounds;
		if (!store->CachedBounds(key, bounds)) {
			bounds = connection->Query("SELECT min(" + name + "), max(" + name + "), count(*) - count(" + name +
			                           ") FROM " + store->Prefix() + SqlIdentifier(source.table_name));
			store->CacheBounds(key, bounds);
		}
		auto &min = bounds.GetValue(0, 0);
		bool has_null = bounds.GetValue(2, 0).GetValue<int64_t>() > 0;
		if (min.IsNull()) {
			auto result = duckdb::BaseStatistics::CreateEmpty(info.target.type);
			if (has_null) {
				result.SetHasNull();
			}
			return result.ToUnique();
		}
		return BoundsStatistics(info.target.type, min.DefaultCastAs(info.source_type),
		                        bounds.GetValue(1, 0).DefaultCastAs(info.source_type), has_null);
	}

	//! The latest snapshot of the session's catalog state (read once; caller holds `lock`)
	void SetLatestSnapshotId(int64_t snapshot_id) {
		latest_snapshot_id = snapshot_id;
	}

	int64_t LatestSnapshotId() {
		if (latest_snapshot_id < 0) {
			latest_snapshot_id =
			    connection->Query("SELECT max(snapshot_id) FROM " + store->Prefix() + "ducklake_snapshot")
			        .GetValue(0, 0)
			        .GetValue<int64_t>();
		}
		return latest_snapshot_id;
	}

private:
	std::shared_ptr<SqlMetadataStore> store;
	std::unique_ptr<CatalogConnection> connection;
	//! The latest snapshot in the session's catalog state (-1: not read yet)
	int64_t latest_snapshot_id = -1;
};

//! One scan's rows, read from the session's connection as the scan asks for them; with a cache shape, a copy of
//! them goes to the store's cache once all were read (unless there are too many).
class InlinedRowStream : public RowStream {
public:
	InlinedRowStream(std::shared_ptr<SqlReadSession> session_p, std::shared_ptr<SqlMetadataStore> store_p,
	                 std::unique_ptr<InlinedRowReader> reader_p, std::string shape_p, int64_t snapshot_id_p)
	    : session(std::move(session_p)), store(std::move(store_p)), reader(std::move(reader_p)),
	      shape(std::move(shape_p)), snapshot_id(snapshot_id_p) {
		if (!shape.empty()) {
			copy = std::make_shared<duckdb::ColumnDataCollection>(duckdb::Allocator::DefaultAllocator(),
			                                                      reader->Types());
		}
	}
	~InlinedRowStream() override {
		std::lock_guard<std::mutex> guard(session->lock);
		reader.reset(); // the cursor ends before the session (and its transaction) may
	}
	bool Next(DataChunk &chunk) override {
		std::lock_guard<std::mutex> guard(session->lock);
		bool more = reader->Next(chunk);
		if (copy) {
			if (!more) {
				store->RowsCache().Keep(shape, snapshot_id, std::move(copy));
			} else if (copy->Count() + chunk.size() > InlinedRowsCache::kMaxRows) {
				copy.reset();
			} else {
				copy->Append(chunk);
			}
		}
		return more;
	}

private:
	std::shared_ptr<SqlReadSession> session;
	std::shared_ptr<SqlMetadataStore> store;
	std::unique_ptr<InlinedRowReader> reader;
	std::string shape;
	int64_t snapshot_id;
	std::shared_ptr<duckdb::ColumnDataCollection> copy;
};

//! What identifies the rows a scan reads, whatever the catalog state: the inlined table, which columns it reads
//! as what, and in which order.
std::string RowsShape(const std::string &prefix, const InlinedSource &source, const InlinedRowSelection &selection) {
	auto key = prefix + source.table_name + '\n' + (source.read_row_id ? "r" : "-") +
	           (source.read_begin_snapshot ? "b" : "-") + (selection.in_commit_order ? "o" : "-");
	for (auto &column : source.columns) {
		key += '\n' + (column.skip ? std::string("-") : column.source_name + '\t' + column.source_type.ToString()) +
		       '\t' + column.target.type.ToString() + '\t' + (column.source_name.empty() ? "default" : "");
		if (!column.skip && !column.source_name.empty() && column.source_type.IsNested()) {
			// a field dropped and added again under its name: the same types, other field ids
			key += '\t' + ColumnLayoutKey(column.source) + '\t' + ColumnLayoutKey(column.target);
		}
		if (column.source_name.empty() && !column.skip) {
			key += (column.target.has_initial_default ? "=" : "null") + column.target.initial_default;
		}
	}
	return key;
}

std::shared_ptr<duckdb::ColumnDataCollection> SqlReadSession::ExtendCachedRows(const InlinedSource &source,
                                                                               const InlinedColumnNames &names,
                                                                               const InlinedRowSelection &selection,
                                                                               const InlinedRowsCache::Entry &cached) {
	// the rows live at the cached snapshot are all still there and none ended since: then the rows live now are
	// those plus the rows committed since (an inlined row never begins at an older snapshot than its commit's)
	auto begin = SqlIdentifier(names.begin_snapshot), end = SqlIdentifier(names.end_snapshot);
	auto then = SqlInt(cached.snapshot_id);
	auto check = connection->Query("SELECT COALESCE(SUM(CASE WHEN " + begin + " <= " + then + " AND (" + end +
	                               " IS NULL OR " + end + " > " + then + ") THEN 1 ELSE 0 END), 0), COALESCE(SUM(CASE "
	                               "WHEN " + end + " > " + then + " THEN 1 ELSE 0 END), 0) FROM " + store->Prefix() +
	                               SqlIdentifier(source.table_name));
	if (check.GetValue(0, 0).GetValue<int64_t>() != int64_t(cached.rows->Count()) ||
	    check.GetValue(1, 0).GetValue<int64_t>() != 0) {
		return nullptr;
	}
	auto since = selection;
	since.conditions.push_back(begin + " > " + then);
	auto newer = DecodeInlinedRows(*connection, store->Prefix(), source, names, since);
	auto result = std::make_shared<duckdb::ColumnDataCollection>(duckdb::Allocator::DefaultAllocator(),
	                                                             cached.rows->Types());
	for (auto *part : {cached.rows.get(), newer.get()}) {
		for (auto &chunk : part->Chunks()) {
			result->Append(chunk);
		}
	}
	return result;
}

std::unique_ptr<RowStream> SqlReadSession::ScanInlinedRows(const InlinedSource &source, const InlinedColumnNames &names,
                                                           int64_t snapshot_id, const InlinedRowFilter &filter) {
	std::lock_guard<std::mutex> guard(lock);
	auto &dialect = connection->Dialect();
	InlinedRowSelection selection;
	selection.snapshot_id = snapshot_id;
	selection.snapshot_is_latest = snapshot_id == LatestSnapshotId();
	selection.excluded_row_ids = filter.excluded_row_ids;
	selection.in_commit_order = filter.in_commit_order;
	if (source.same_schema) {
		// the exact parts of filters on columns stored as what they are (integers): the reader filters again
		for (auto &entry : filter.column_filters) {
			if (entry.column >= source.columns.size()) {
				continue;
			}
			auto &column = source.columns[entry.column];
			if (!column.skip && !column.source_name.empty() && dialect.ComparesStoredValues(column.source_type)) {
				TableFilterToSql(*entry.filter, SqlIdentifier(column.source_name), selection.conditions);
			}
		}
	}
	// the live rows of an inlined table at the latest snapshot change only with a new snapshot: a scan of the
	// same catalog state reads them from the store's cache (checked by this session's latest snapshot id), a scan
	// of a later state extends them with the rows committed since when it can
	std::string shape;
	auto latest = LatestSnapshotId();
	if (selection.snapshot_is_latest && selection.conditions.empty() && selection.excluded_row_ids.empty()) {
		shape = RowsShape(store->Prefix(), source, selection);
		auto cached = store->RowsCache().Find(shape);
		if (cached.rows && cached.snapshot_id == latest) {
			return std::unique_ptr<RowStream>(new CollectionRowStream(std::move(cached.rows)));
		}
		auto extended = cached.rows && cached.snapshot_id < latest
		                    ? ExtendCachedRows(source, names, selection, cached)
		                    : nullptr;
		if (extended) {
			store->RowsCache().Keep(shape, latest, extended);
			return std::unique_ptr<RowStream>(new CollectionRowStream(std::move(extended)));
		}
	}
	auto reader =
	    std::unique_ptr<InlinedRowReader>(new InlinedRowReader(*connection, store->Prefix(), source, names, selection));
	return std::unique_ptr<RowStream>(
	    new InlinedRowStream(shared_from_this(), store, std::move(reader), std::move(shape), latest));
}

//! Creates temp.main.inlined_rows on `target` with the decoded rows of every source inserted at or before the
//! snapshot (live or not): the current columns, then row id, begin and end snapshot under `names`.
void LoadDecodedRows(CatalogConnection &catalog, const std::string &prefix, InternalConnection &target,
                     const std::vector<InlinedSource> &sources, const InlinedColumnNames &names, int64_t snapshot_id) {
	std::string columns;
	for (auto &column : sources[0].columns) {
		columns += SqlIdentifier(column.target.name) + " " + column.target.type.ToString() + ", ";
	}
	columns += SqlIdentifier(names.row_id) + " BIGINT, " + SqlIdentifier(names.begin_snapshot) + " BIGINT, " +
	           SqlIdentifier(names.end_snapshot) + " BIGINT";
	auto created = target.Query("CREATE TEMPORARY TABLE inlined_rows (" + columns + ")");
	if (created->HasError()) {
		created->ThrowError();
	}
	auto description = target.context->TableInfo("temp", "main", "inlined_rows");
	InlinedRowSelection selection;
	selection.snapshot_id = snapshot_id;
	selection.live_only = false;
	selection.with_end_snapshot = true;
	selection.in_row_id_order = true;
	for (auto &source : sources) {
		auto rows = DecodeInlinedRows(catalog, prefix, source, names, selection);
		if (rows->Count() > 0) {
			target.context->Append(*description, *rows);
		}
	}
}

} // namespace

MetadataStore::TableReadStart SqlMetadataStore::BeginTableRead(int64_t table_id, int64_t snapshot_id) {
	auto session = std::make_shared<SqlReadSession>(shared_from_this());
	auto &connection = session->Connection();
	CatalogReader reader(connection, Prefix());
	auto results = connection.QueryMany({"SELECT max(snapshot_id) FROM " + Prefix() + "ducklake_snapshot",
	                                     reader.InlinedTablesSql(table_id), reader.DataFilesSql(table_id, snapshot_id)});
	TableReadStart start;
	auto latest = results[0].GetValue(0, 0);
	session->SetLatestSnapshotId(latest.IsNull() ? -1 : latest.GetValue<int64_t>());
	start.inlined_tables = CatalogReader::InlinedTablesFrom(results[1]);
	start.files = reader.DataFilesFrom(results[2], table_id, snapshot_id);
	if (!start.inlined_tables.empty()) {
		start.session = std::move(session);
	}
	return start;
}

void SqlMetadataStore::StreamInlinedRows(const std::vector<InlinedSource> &sources, const InlinedColumnNames &names,
                                         int64_t snapshot_id, const std::vector<std::string> &order_by,
                                         const std::function<void(duckdb::DataChunk &)> &callback) {
	if (sources.empty()) {
		return;
	}
	auto decoded = OpenInternalConnection(database);
	{
		std::lock_guard<OwnedMutex> guard(lock);
		Connection().BeginRead(); // one catalog state for every source
		try {
			LoadDecodedRows(Connection(), Prefix(), *decoded, sources, names, snapshot_id);
			Connection().Commit();
		} catch (...) {
			Connection().Rollback();
			throw;
		}
	}
	std::string order;
	for (auto &key : order_by) {
		order += (order.empty() ? " ORDER BY " : ", ") + key;
	}
	auto result = decoded->SendQuery("SELECT * FROM temp.main.inlined_rows" + order);
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

namespace {

//! Decoded rows in a temporary table of an internal DuckDB connection, one part for every source.
class DecodedInlinedRows : public InlinedRowsRelation {
public:
	explicit DecodedInlinedRows(std::unique_ptr<InternalConnection> decoded_p)
	    : decoded(std::move(decoded_p)), connection(*decoded, "temp", "main"),
	      parts {"SELECT *, rowid AS " + SqlIdentifier(kStoragePositionColumn) + " FROM temp.main.inlined_rows"} {
	}
	CatalogConnection &Connection() override {
		return connection;
	}
	const std::vector<std::string> &Parts() override {
		return parts;
	}

private:
	std::unique_ptr<InternalConnection> decoded;
	DuckDBCatalogConnection connection;
	std::vector<std::string> parts;
};

} // namespace

std::unique_ptr<InlinedRowsRelation> SqlMetadataStore::OpenInlinedRows(const std::vector<InlinedSource> &sources,
                                                                       const InlinedColumnNames &names,
                                                                       int64_t snapshot_id) {
	if (sources.empty()) {
		throw duckdb::InternalException("OpenInlinedRows without an inlined table");
	}
	auto decoded = OpenInternalConnection(database);
	{
		std::lock_guard<OwnedMutex> guard(lock);
		Connection().BeginRead(); // one catalog state for every source
		try {
			LoadDecodedRows(Connection(), Prefix(), *decoded, sources, names, snapshot_id);
			Connection().Commit();
		} catch (...) {
			Connection().Rollback();
			throw;
		}
	}
	return std::unique_ptr<InlinedRowsRelation>(new DecodedInlinedRows(std::move(decoded)));
}

} // namespace inlake

#include "metadata/sql/sql_metadata_store.hpp"

#include "metadata/sql/catalog_migration.hpp"
#include "metadata/sql/catalog_write_batch.hpp"
#include "metadata/sql/inlined_insert_statement.hpp"

#include "metadata/catalog_tables_sql.hpp"
#include "metadata/sql/sql_write_txn.hpp"
#include "metadata/sql_literal.hpp"

#include "duckdb/common/file_system.hpp"

namespace inlake {

//! Idle read-session connections kept for reuse
static constexpr size_t kIdleConnectionsKept = 4;
//! Column bounds remembered (a few per column of the tables being read)
static constexpr size_t kBoundsKept = 256;
//! One-step commit statement texts remembered (one per shape of commit; then all are dropped)
static constexpr size_t kInlinedInsertTextsKept = 64;

SqlMetadataStore::SqlMetadataStore(duckdb::DatabaseInstance &db, std::unique_ptr<CatalogConnection> connection_p,
                                   SqlStoreConfig config_p)
    : database(db), connection(std::move(connection_p)), config(std::move(config_p)) {
}

SqlMetadataStore::~SqlMetadataStore() = default;

template <class RESULT, class F>
RESULT SqlMetadataStore::InReadTransaction(F read) {
	std::lock_guard<OwnedMutex> guard(lock);
	Connection().BeginRead();
	try {
		RESULT result = read();
		Connection().Commit();
		return result;
	} catch (...) {
		Connection().Rollback();
		throw;
	}
}

CatalogConnection &SqlMetadataStore::Connection() {
	if (!connection) {
		throw duckdb::IOException("The DuckLake catalog database was closed (the lake was detached)");
	}
	return *connection;
}

std::string SqlMetadataStore::DefaultDataPath() {
	return config.default_data_path;
}

void SqlMetadataStore::Close(bool abandon) {
	std::lock_guard<OwnedMutex> guard(lock);
	{
		std::lock_guard<std::mutex> idle_guard(idle_lock);
		idle_connections.clear();
	}
	connection.reset(); // later calls fail with an error saying the lake was detached
	if (!abandon) {
		return;
	}
	auto &fs = duckdb::FileSystem::GetFileSystem(database);
	for (auto &path : config.created_files) {
		try {
			fs.TryRemoveFile(path);
		} catch (...) { // NOLINT: best effort; the original error is what the user needs to see
		}
	}
}

bool SqlMetadataStore::IsInitialized() {
	std::lock_guard<OwnedMutex> guard(lock);
	return Connection().TableExists("ducklake_metadata");
}

std::string SqlMetadataStore::WhyNoLakeCanBeCreated() {
	std::lock_guard<OwnedMutex> guard(lock);
	return Connection().WhyNoLakeCanBeCreated();
}

void SqlMetadataStore::Initialize(const StoreInitOptions &options) {
	std::lock_guard<OwnedMutex> guard(lock);
	Connection().BeginWrite();
	try {
		Writer().CreateCatalog(options);
		Connection().Commit();
	} catch (...) {
		Connection().Rollback();
		throw;
	}
}

void SqlMetadataStore::MigrateCatalog(const std::string &from_version,
                                      const std::vector<int64_t> &files_with_row_ids) {
	std::lock_guard<OwnedMutex> guard(lock);
	Connection().BeginWrite();
	try {
		CatalogMigration(Connection(), config.prefix, files_with_row_ids).Run(from_version);
		Connection().Commit();
	} catch (...) {
		Connection().Rollback();
		throw;
	}
}

LakeMetadata SqlMetadataStore::LoadMetadata() {
	return InReadTransaction<LakeMetadata>([&]() { return Reader().Metadata(); });
}

std::vector<std::string> SqlMetadataStore::MissingCatalogTables(const std::string &format_version) {
	std::lock_guard<OwnedMutex> guard(lock);
	std::vector<std::string> missing;
	for (auto &name : CatalogTableNames(format_version)) {
		if (!Connection().TableExists(name)) {
			missing.push_back(name);
		}
	}
	return missing;
}

SnapshotRecord SqlMetadataStore::GetLatestSnapshot() {
	std::lock_guard<OwnedMutex> guard(lock);
	return Reader().LatestSnapshot();
}

bool SqlMetadataStore::GetSnapshot(int64_t snapshot_id, SnapshotRecord &result) {
	std::lock_guard<OwnedMutex> guard(lock);
	return Reader().Snapshot(snapshot_id, result);
}

bool SqlMetadataStore::FindSnapshotAtTime(duckdb::timestamp_tz_t time, SnapshotRecord &result) {
	std::lock_guard<OwnedMutex> guard(lock);
	return Reader().SnapshotAtTime(time, result);
}

std::vector<SnapshotListing> SqlMetadataStore::ListSnapshots() {
	return InReadTransaction<std::vector<SnapshotListing>>([&]() { return Reader().Snapshots(); });
}

CatalogContents SqlMetadataStore::LoadCatalog(int64_t snapshot_id) {
	return InReadTransaction<CatalogContents>([&]() { return Reader().Catalog(snapshot_id); });
}

std::vector<DataFileRecord> SqlMetadataStore::LoadDataFiles(int64_t table_id, int64_t snapshot_id) {
	return InReadTransaction<std::vector<DataFileRecord>>([&]() { return Reader().DataFiles(table_id, snapshot_id); });
}

std::vector<DataFileRecord> SqlMetadataStore::LoadDataFilesMatching(int64_t table_id, int64_t snapshot_id,
                                                                    const PartitionListingFilter &filter) {
	return InReadTransaction<std::vector<DataFileRecord>>(
	    [&]() { return Reader().DataFiles(table_id, snapshot_id, &filter); });
}

std::vector<DataFileRecord> SqlMetadataStore::FindDataFilesByPath(int64_t table_id, int64_t snapshot_id,
                                                                  const std::vector<std::string> &paths) {
	return InReadTransaction<std::vector<DataFileRecord>>(
	    [&]() { return Reader().DataFilesWithPaths(table_id, snapshot_id, paths); });
}

TableStatsRecord SqlMetadataStore::LoadTableStats(int64_t table_id) {
	return InReadTransaction<TableStatsRecord>([&]() { return Reader().TableStats(table_id); });
}

std::vector<InlinedTableRecord> SqlMetadataStore::LoadInlinedTables(int64_t table_id) {
	std::lock_guard<OwnedMutex> guard(lock);
	return Reader().InlinedTables(table_id);
}

InlinedBacklog SqlMetadataStore::MeasureInlinedRows(const std::vector<InlinedTableColumnNames> &tables,
                                                   bool with_bytes) {
	std::lock_guard<OwnedMutex> guard(lock);
	return Reader().MeasureInlinedRows(tables, with_bytes);
}

std::vector<OptionRecord> SqlMetadataStore::LoadOptions() {
	std::lock_guard<OwnedMutex> guard(lock);
	return Reader().Options();
}

TableVersionSnapshot SqlMetadataStore::FindTableVersionSnapshot(int64_t table_id, int64_t schema_version) {
	return InReadTransaction<TableVersionSnapshot>([&]() { return Reader().TableVersion(table_id, schema_version); });
}

std::vector<DataFileRecord::DeleteFileRef> SqlMetadataStore::LoadDeleteFileHistory(int64_t data_file_id,
                                                                                   int64_t snapshot_id) {
	std::lock_guard<OwnedMutex> guard(lock);
	return Reader().DeleteFileHistory(data_file_id, snapshot_id);
}

std::vector<InlinedDeleteEntry> SqlMetadataStore::LoadInlinedDeleteEntries(int64_t table_id, int64_t snapshot_id) {
	std::lock_guard<OwnedMutex> guard(lock);
	return Reader().InlinedDeleteEntries(table_id, snapshot_id);
}

std::unique_ptr<MetadataWriteTxn> SqlMetadataStore::BeginWrite(const WriteRetryPolicy &retry) {
	return std::unique_ptr<MetadataWriteTxn>(new SqlWriteTxn(*this, retry));
}

bool SqlMetadataStore::CommitsInlinedInsertsInOneStep() {
	std::lock_guard<OwnedMutex> guard(lock);
	return Connection().Dialect().WritesInWithClauses();
}

int64_t SqlMetadataStore::TryCommitInlinedInserts(const InlinedInsertCommit &commit) {
	std::lock_guard<OwnedMutex> guard(lock);
	auto &connection = Connection();
	if (!connection.Dialect().WritesInWithClauses()) {
		return -1;
	}
	for (auto &table : commit.tables) {
		for (auto &change : table.column_stats_changes) {
			auto &from = change.expected;
			auto &to = change.updated;
			if (change.bounds == ColumnStatsChange::Bounds::WIDEN &&
			    (!BoundsStorable(true, from.min_value, from.max_value) ||
			     !BoundsStorable(true, to.min_value, to.max_value))) {
				return -1; // (text holding a NUL: the general path stores no bound there)
			}
		}
	}
	// the statement's text is built once per shape of commit (a writer commits the same shape again and again)
	auto shape = InlinedInsertShape(commit, connection.Dialect());
	auto known = inlined_insert_texts.find(shape);
	CatalogStatement statement;
	if (known != inlined_insert_texts.end()) {
		statement.sql = known->second.sql;
		statement.recovery_sql = known->second.recovery_sql;
		statement.parameters = InlinedInsertParameters(commit, connection.Dialect());
	} else {
		statement = InlinedInsertStatement(commit, connection.Dialect(), config.prefix);
		if (inlined_insert_texts.size() >= kInlinedInsertTextsKept) {
			inlined_insert_texts.clear();
		}
		auto &kept = inlined_insert_texts[shape];
		kept.sql = statement.sql;
		kept.recovery_sql = statement.recovery_sql;
	}
	if (statement.parameters.size() > kMaxStatementParameters) {
		return -1;
	}
	CatalogRows rows;
	try {
		if (!connection.WriteInOneStep(statement.sql, statement.parameters, statement.recovery_sql, rows)) {
			return -1;
		}
	} catch (CatalogQueryError &error) {
		// another writer took the snapshot id (one that does not queue on the lake's lock) or held the lock too
		// long: the ordinary commit retries as the retry settings say; the table's first inlined rows: the
		// ordinary commit creates its inlined table (the statement failed when the server read it)
		if (error.kind == CatalogErrorKind::UNIQUE_VIOLATION || error.kind == CatalogErrorKind::SERIALIZATION_FAILURE ||
		    error.kind == CatalogErrorKind::BUSY || error.kind == CatalogErrorKind::MISSING_TABLE) {
			return -1;
		}
		throw;
	}
	if (rows.RowCount() == 0) {
		return -1;
	}
	for (auto &table : commit.tables) {
		known_table_stats[table.table_id] = table.stats_after;
	}
	return rows.GetValue(0, 0).GetValue<int64_t>();
}

bool SqlMetadataStore::KnownTableStats(int64_t table_id, TableStatsRecord &stats) {
	std::lock_guard<OwnedMutex> guard(lock);
	auto known = known_table_stats.find(table_id);
	if (known == known_table_stats.end()) {
		return false;
	}
	stats = known->second;
	return true;
}

void SqlMetadataStore::KnowTableStats(const TableStatsRecord &stats) {
	known_table_stats[stats.table_id] = stats;
}

CatalogTableRows SqlMetadataStore::ReadCatalogTable(const std::string &table_name) {
	std::lock_guard<OwnedMutex> guard(lock);
	if (!Connection().TableExists(table_name)) {
		throw duckdb::CatalogException("The DuckLake catalog database has no table \"%s\"", table_name);
	}
	auto result = Connection().Query("SELECT * FROM " + config.prefix + SqlIdentifier(table_name));
	CatalogTableRows rows;
	rows.names = std::move(result.names);
	rows.types = std::move(result.types);
	rows.rows = std::move(result.rows);
	// a spec table's columns come back with the spec's types (SQLite stores booleans as integers, times and
	// uuids as text); inlined data tables as stored
	auto names = CatalogTableColumnNames(table_name);
	auto types = CatalogTableColumnTypes(table_name);
	for (size_t column = 0; column < rows.names.size(); column++) {
		if (column >= names.size() || names[column] != rows.names[column]) {
			continue;
		}
		auto type = duckdb::TransformStringToLogicalType(types[column]);
		rows.types[column] = type;
		for (auto &row : rows.rows) {
			row[column] = row[column].DefaultCastAs(type);
		}
	}
	return rows;
}

std::vector<ScheduledFileRecord> SqlMetadataStore::ListScheduledFiles() {
	std::lock_guard<OwnedMutex> guard(lock);
	return Maintenance().ScheduledFiles(true, duckdb::timestamp_tz_t(0));
}

std::vector<FileLocationRecord> SqlMetadataStore::ListAllFiles() {
	return InReadTransaction<std::vector<FileLocationRecord>>([&]() { return Maintenance().AllFiles(); });
}

bool SqlMetadataStore::CachedBounds(const std::string &key, CatalogRows &bounds) {
	std::lock_guard<std::mutex> guard(cache_lock);
	auto entry = bounds_cache.find(key);
	if (entry == bounds_cache.end()) {
		return false;
	}
	bounds = entry->second;
	return true;
}

void SqlMetadataStore::CacheBounds(const std::string &key, const CatalogRows &bounds) {
	std::lock_guard<std::mutex> guard(cache_lock);
	if (bounds_cache.size() >= kBoundsKept) {
		bounds_cache.clear(); // older snapshots' entries are of no use once a newer one is read
	}
	bounds_cache[key] = bounds;
}

std::unique_ptr<CatalogConnection> SqlMetadataStore::TakeConnection() {
	{
		std::lock_guard<std::mutex> guard(idle_lock);
		if (!idle_connections.empty()) {
			auto taken = std::move(idle_connections.back());
			idle_connections.pop_back();
			return taken;
		}
	}
	return config.open_connection();
}

void SqlMetadataStore::GiveConnection(std::unique_ptr<CatalogConnection> idle) {
	std::lock_guard<std::mutex> guard(idle_lock);
	if (idle_connections.size() < kIdleConnectionsKept) {
		idle_connections.push_back(std::move(idle));
	}
}

TableChangeSources SqlMetadataStore::LoadChangeSources(int64_t table_id, int64_t start_snapshot, int64_t end_snapshot) {
	return InReadTransaction<TableChangeSources>(
	    [&]() { return Reader().ChangeSources(table_id, start_snapshot, end_snapshot); });
}

} // namespace inlake

// SQLiteConnection: values arrive typed, errors carry their kind, STRICT catalog tables refuse values of another
// type, and concurrent writers (threads with a connection each, as processes would) queue instead of failing.
#include <future>
#include <sys/wait.h>
#include "metadata/sqlite/sqlite_writer_lock.hpp"
#include "metadata/catalog_tables_sql.hpp"
#include "metadata/sql/catalog_reader.hpp"
#include "metadata/sql/catalog_write_batch.hpp"
#include "metadata/sql/sql_metadata_store.hpp"
#include "metadata/sqlite/sqlite_connection.hpp"

#include "duckdb.hpp"

#include <sqlite3.h>

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <cstdlib>
#include <string>
#include <thread>
#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>
#include <vector>

using inlake::CatalogErrorKind;
using inlake::CatalogQueryError;
using inlake::SQLiteConnection;
using inlake::SQLiteOpenOptions;

namespace {

std::string TempCatalog() {
	char folder[] = "/tmp/inlake-sqlite-unit-XXXXXX";
	EXPECT_NE(mkdtemp(folder), nullptr);
	return std::string(folder) + "/catalog.sqlite";
}

SQLiteOpenOptions Create() {
	SQLiteOpenOptions options;
	options.create = true;
	return options;
}

CatalogErrorKind KindOfFailure(SQLiteConnection &connection, const std::string &sql) {
	try {
		connection.Execute(sql);
	} catch (CatalogQueryError &error) {
		return error.kind;
	}
	ADD_FAILURE() << "no error from " << sql;
	return CatalogErrorKind::OTHER;
}

} // namespace

TEST(SQLiteConnectionTest, ValuesArriveAsDuckDBValues) {
	SQLiteConnection connection(TempCatalog(), Create());
	auto rows = connection.Query("SELECT 42, 1.5, 'text', x'00ff', NULL, 'ü\n'");
	ASSERT_EQ(rows.RowCount(), 1u);
	EXPECT_EQ(rows.GetValue(0, 0), duckdb::Value::BIGINT(42));
	EXPECT_EQ(rows.GetValue(1, 0), duckdb::Value::DOUBLE(1.5));
	EXPECT_EQ(rows.GetValue(2, 0), duckdb::Value("text"));
	EXPECT_EQ(rows.GetValue(3, 0).type().id(), duckdb::LogicalTypeId::BLOB);
	EXPECT_EQ(rows.GetValue(3, 0).GetValueUnsafe<duckdb::string_t>().GetSize(), 2u);
	EXPECT_TRUE(rows.GetValue(4, 0).IsNull());
	EXPECT_EQ(rows.GetValue(5, 0), duckdb::Value("ü\n"));
}

// Opening changes nothing in the file (it may turn out not to be a lake); the first write puts it in WAL mode.
TEST(SQLiteConnectionTest, TheFirstWriteSetsWalModeAndAMissingFileIsRefused) {
	auto path = TempCatalog();
	SQLiteConnection connection(path, Create());
	EXPECT_EQ(connection.Query("PRAGMA journal_mode").GetValue(0, 0), duckdb::Value("delete"));
	connection.BeginWrite();
	connection.Execute("CREATE TABLE t (id INTEGER) STRICT");
	connection.Commit();
	EXPECT_EQ(connection.Query("PRAGMA journal_mode").GetValue(0, 0), duckdb::Value("wal"));
	EXPECT_THROW(SQLiteConnection(path + "-missing", SQLiteOpenOptions()), CatalogQueryError);
}

TEST(SQLiteConnectionTest, StrictTablesRefuseAValueOfAnotherType) {
	SQLiteConnection connection(TempCatalog(), Create());
	connection.Execute("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)" + connection.Dialect().CreateTableSuffix());
	connection.Execute("INSERT INTO t VALUES (1, 'a')");
	EXPECT_EQ(KindOfFailure(connection, "INSERT INTO t VALUES ('not a number', 'b')"), CatalogErrorKind::OTHER);
	EXPECT_EQ(KindOfFailure(connection, "INSERT INTO t VALUES (1, 'again')"), CatalogErrorKind::UNIQUE_VIOLATION);
	EXPECT_EQ(connection.Query("SELECT count(*) FROM t").GetValue(0, 0), duckdb::Value::BIGINT(1));
}

TEST(SQLiteConnectionTest, RollbackLeavesNothing) {
	SQLiteConnection connection(TempCatalog(), Create());
	connection.Execute("CREATE TABLE t (id INTEGER) STRICT");
	connection.BeginWrite();
	connection.Execute("INSERT INTO t VALUES (1)");
	connection.Rollback();
	EXPECT_FALSE(connection.InTransaction());
	EXPECT_EQ(connection.Query("SELECT count(*) FROM t").GetValue(0, 0), duckdb::Value::BIGINT(0));
}

TEST(SQLiteConnectionTest, ExecuteWithParametersBindsValuesAndRunsTheSameTextAgain) {
	SQLiteConnection connection(TempCatalog(), Create());
	connection.Execute("CREATE TABLE t (id INTEGER, name TEXT) STRICT");
	connection.Execute("INSERT INTO t VALUES (1, 'a'), (2, 'b')");
	auto sql = "UPDATE t SET name = ?1 WHERE id = ?2";
	// text that would break a spliced statement arrives as it is; NULL binds as NULL
	connection.ExecuteWithParameters(sql, {duckdb::Value("it's; DROP TABLE t; --\x01"), duckdb::Value::BIGINT(1)});
	connection.ExecuteWithParameters(sql, {duckdb::Value(duckdb::LogicalType::VARCHAR), duckdb::Value::BIGINT(2)});
	auto rows = connection.Query("SELECT name FROM t ORDER BY id");
	EXPECT_EQ(rows.GetValue(0, 0), duckdb::Value("it's; DROP TABLE t; --\x01"));
	EXPECT_TRUE(rows.GetValue(0, 1).IsNull());
	// one statement only: a second one is refused, and nothing ran
	EXPECT_THROW(connection.ExecuteWithParameters("DELETE FROM t WHERE id = ?1; DELETE FROM t",
	                                              {duckdb::Value::BIGINT(1)}),
	             CatalogQueryError);
	EXPECT_EQ(connection.Query("SELECT count(*) FROM t").GetValue(0, 0), duckdb::Value::BIGINT(2));
}

TEST(SQLiteConnectionTest, AReaderDoesNotBlockAWriter) {
	auto path = TempCatalog();
	SQLiteConnection writer(path, Create());
	writer.BeginWrite();
	writer.Execute("CREATE TABLE t (id INTEGER) STRICT");
	writer.Commit();
	SQLiteConnection reader(path, SQLiteOpenOptions());
	reader.BeginRead();
	EXPECT_EQ(reader.Query("SELECT count(*) FROM t").GetValue(0, 0), duckdb::Value::BIGINT(0));
	writer.BeginWrite();
	writer.Execute("INSERT INTO t VALUES (1)");
	writer.Commit();
	// the reader keeps its snapshot until it ends its transaction
	EXPECT_EQ(reader.Query("SELECT count(*) FROM t").GetValue(0, 0), duckdb::Value::BIGINT(0));
	reader.Commit();
	EXPECT_EQ(reader.Query("SELECT count(*) FROM t").GetValue(0, 0), duckdb::Value::BIGINT(1));
}

// Writers that read the next id and insert it in one write transaction never collide and never see "database is
// locked", however long the others hold the lock.
TEST(SQLiteConnectionTest, ConcurrentWritersQueue) {
	auto path = TempCatalog();
	{
		SQLiteConnection setup(path, Create());
		setup.Execute("CREATE TABLE t (id INTEGER PRIMARY KEY, writer INTEGER) STRICT");
	}
	const int writers = 4, commits = 50;
	std::atomic<int> failures {0};
	// opened first: opening reads the journal mode, which may wait for a writer like any statement
	std::vector<std::unique_ptr<SQLiteConnection>> connections;
	for (int w = 0; w < writers; w++) {
		SQLiteOpenOptions options;
		options.busy_timeout_ms = 10; // the lock file, not the busy handler, makes them wait
		connections.push_back(std::make_unique<SQLiteConnection>(path, options));
	}
	std::vector<std::thread> threads;
	for (int w = 0; w < writers; w++) {
		threads.emplace_back([&, w] {
			auto &connection = *connections[w];
			for (int i = 0; i < commits; i++) {
				try {
					connection.BeginWrite();
					auto next = connection.Query("SELECT coalesce(max(id), 0) + 1 FROM t").GetValue(0, 0);
					usleep(200);
					connection.Execute("INSERT INTO t VALUES (" + next.ToString() + ", " + std::to_string(w) + ")");
					connection.Commit();
				} catch (std::exception &error) {
					failures++;
					ADD_FAILURE() << error.what();
					connection.Rollback();
				}
			}
		});
	}
	for (auto &thread : threads) {
		thread.join();
	}
	EXPECT_EQ(failures.load(), 0);
	SQLiteConnection check(path, SQLiteOpenOptions());
	auto rows = check.Query("SELECT count(*), min(id), max(id) FROM t");
	EXPECT_EQ(rows.GetValue(0, 0), duckdb::Value::BIGINT(writers * commits));
	EXPECT_EQ(rows.GetValue(1, 0), duckdb::Value::BIGINT(1));
	EXPECT_EQ(rows.GetValue(2, 0), duckdb::Value::BIGINT(writers * commits));
}

// The spec's catalog tables, declared in SQLite's dialect: every table of both format versions is created, and
// type affinity cannot turn text into an id.
TEST(SQLiteConnectionTest, TheCatalogTablesCreateOnSQLite) {
	for (std::string version : {"1.0", "1.1"}) {
		SQLiteConnection connection(TempCatalog(), Create());
		for (auto &ddl : inlake::CatalogTableDDL(version, "", connection.Dialect())) {
			connection.Execute(ddl);
		}
		auto tables = connection.Query("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name LIKE "
		                               "'ducklake_%'");
		EXPECT_EQ(tables.GetValue(0, 0), duckdb::Value::BIGINT(inlake::CatalogTableNames(version).size()));
		connection.Execute("INSERT INTO ducklake_snapshot VALUES (0, '2026-12-02 10:00:00+00', 0, 1, 0)");
		EXPECT_EQ(KindOfFailure(connection, "INSERT INTO ducklake_snapshot VALUES ('1', 'x', 'y', 1, 0)"),
		          CatalogErrorKind::OTHER);
		EXPECT_EQ(KindOfFailure(connection, "INSERT INTO ducklake_snapshot VALUES (0, 'x', 1, 1, 0)"),
		          CatalogErrorKind::UNIQUE_VIOLATION);
	}
}

// The backend-neutral catalog reads run on SQLite as written: a lake's first snapshot, its schema, a table with
// columns, and time travel by timestamp over times stored as text.
TEST(SQLiteConnectionTest, TheCatalogReaderReadsASQLiteCatalog) {
	SQLiteConnection connection(TempCatalog(), Create());
	for (auto &ddl : inlake::CatalogTableDDL("1.0", "", connection.Dialect())) {
		connection.Execute(ddl);
	}
	connection.Execute("INSERT INTO ducklake_metadata VALUES ('version', '1.0', NULL, NULL), "
	                   "('data_path', '/data/', NULL, NULL)");
	connection.Execute("INSERT INTO ducklake_snapshot VALUES (0, '2026-12-02 10:00:00.000000+00', 0, 1, 0), "
	                   "(1, '2026-12-02 10:00:01.500000+00', 1, 3, 0)");
	connection.Execute("INSERT INTO ducklake_schema VALUES (0, '4b1c5cd2-0d5a-4f43-9d7e-3a3c2f0e0a11', 0, NULL, "
	                   "'main', 'main/', 1)");
	connection.Execute("INSERT INTO ducklake_table VALUES (2, '7d3f8a10-1111-4aaa-8bbb-000000000001', 1, NULL, 0, "
	                   "'t', 't/', 1)");
	connection.Execute("INSERT INTO ducklake_column (column_id, begin_snapshot, end_snapshot, table_id, column_order, "
	                   "column_name, column_type, nulls_allowed) VALUES (1, 1, NULL, 2, 0, 'id', 'int64', 1)");
	inlake::CatalogReader reader(connection, "");
	auto metadata = reader.Metadata();
	EXPECT_EQ(metadata.version, "1.0");
	EXPECT_EQ(metadata.data_path, "/data/");
	EXPECT_EQ(reader.LatestSnapshot().snapshot_id, 1);
	inlake::SnapshotRecord at;
	auto time = reader.LatestSnapshot().snapshot_time;
	ASSERT_TRUE(reader.SnapshotAtTime(duckdb::timestamp_tz_t(time.value - 1), at));
	EXPECT_EQ(at.snapshot_id, 0);
	ASSERT_TRUE(reader.SnapshotAtTime(time, at));
	EXPECT_EQ(at.snapshot_id, 1);
	auto before = reader.Catalog(0);
	EXPECT_EQ(before.schemas.size(), 1u);
	EXPECT_TRUE(before.tables.empty());
	auto after = reader.Catalog(1);
	ASSERT_EQ(after.tables.size(), 1u);
	EXPECT_EQ(after.tables[0].table_uuid, "7d3f8a10-1111-4aaa-8bbb-000000000001");
	ASSERT_EQ(after.tables[0].columns.size(), 1u);
	EXPECT_EQ(after.tables[0].columns[0].name, "id");
	EXPECT_EQ(after.tables[0].columns[0].type, duckdb::LogicalType::BIGINT);
	EXPECT_TRUE(reader.DataFiles(2, 1).empty());
	EXPECT_EQ(reader.Snapshots().size(), 2u);
}

namespace {

//! Applies a write batch the portable way, as a backend without a faster path does.
void ApplyBatch(inlake::CatalogConnection &connection, const inlake::CatalogWriteBatch &batch) {
	connection.BeginWrite();
	for (auto &statement : batch.EndStatements()) {
		connection.Execute(statement);
	}
	for (auto &entry : batch.StagedRows()) {
		inlake::InsertStagedRows(connection, "", entry.first, entry.second);
	}
	for (auto &statement : batch.Statements()) {
		connection.Execute(statement);
	}
	if (batch.HasSnapshot()) {
		inlake::InsertStagedRows(connection, "", "ducklake_snapshot", {batch.SnapshotRow()});
		inlake::InsertStagedRows(connection, "", "ducklake_snapshot_changes", {batch.ChangesRow()});
	}
	connection.Commit();
}

} // namespace

// The commit's catalog rows, built once by CatalogWriteBatch, written to SQLite with INSERTs and read back by the
// CatalogReader: a table with a nested column and defaults, a data file with statistics, a later ALTER that ends
// the rows, an option.
TEST(SQLiteConnectionTest, WriteBatchRoundTripsThroughSQLite) {
	SQLiteConnection connection(TempCatalog(), Create());
	for (auto &ddl : inlake::CatalogTableDDL("1.0", "", connection.Dialect())) {
		connection.Execute(ddl);
	}
	duckdb::timestamp_tz_t time(duckdb::Timestamp::FromEpochMicroSeconds(1764669600123456LL));
	inlake::CatalogWriteBatch first("");
	inlake::SnapshotRecord snapshot;
	snapshot.snapshot_id = 1;
	snapshot.schema_version = 1;
	snapshot.next_catalog_id = 5;
	inlake::SnapshotChangesRecord changes;
	changes.changes_made = "created_table:\"it's\"";
	first.InsertSnapshot(snapshot, time, changes);
	first.InsertSchema(inlake::SchemaRecord {0, "4b1c5cd2-0d5a-4f43-9d7e-3a3c2f0e0a11", "main", "main/", true}, 1);
	inlake::TableRecord table;
	table.table_id = 2;
	table.table_uuid = "7d3f8a10-1111-4aaa-8bbb-000000000001";
	table.schema_id = 0;
	table.table_name = "it's";
	table.path = "its/";
	inlake::LakeColumn id;
	id.column_id = 1;
	id.name = "id";
	id.type = duckdb::LogicalType::BIGINT;
	id.nulls_allowed = false;
	inlake::LakeColumn nested;
	nested.column_id = 2;
	nested.name = "s";
	nested.type = duckdb::LogicalType::STRUCT({{"a", duckdb::LogicalType::VARCHAR}});
	inlake::LakeColumn child;
	child.column_id = 3;
	child.name = "a";
	child.type = duckdb::LogicalType::VARCHAR;
	nested.children.push_back(child);
	nested.default_sql = "{'a': ''}";
	nested.has_initial_default = true; // the empty text, not NULL
	table.columns = {id, nested};
	first.InsertTable(table, 1);
	inlake::DataFileRecord file;
	file.data_file_id = 3;
	file.table_id = 2;
	file.begin_snapshot = 1;
	file.path = "its/f.parquet";
	file.record_count = 10;
	file.file_size_bytes = 1000;
	file.footer_size = 100;
	inlake::FileColumnStatsRecord stats;
	stats.column_id = 1;
	stats.value_count = 10;
	stats.null_count = 0;
	stats.has_min_max = true;
	stats.min_value = "1";
	stats.max_value = "10";
	file.column_stats.push_back(stats);
	first.InsertDataFile(file);
	first.WriteOption(inlake::OptionRecord {"data_inlining_row_limit", "7", "", -1}, false);
	ApplyBatch(connection, first);

	inlake::CatalogWriteBatch second("");
	snapshot.snapshot_id = 2;
	snapshot.schema_version = 2;
	second.InsertSnapshot(snapshot, duckdb::timestamp_tz_t(time.value + 1000), inlake::SnapshotChangesRecord());
	second.EndTable(2, 2);
	table.table_name = "renamed";
	second.InsertTable(table, 2);
	ApplyBatch(connection, second);

	inlake::CatalogReader reader(connection, "");
	EXPECT_EQ(reader.LatestSnapshot().snapshot_id, 2);
	inlake::SnapshotRecord read;
	ASSERT_TRUE(reader.Snapshot(1, read));
	EXPECT_EQ(read.snapshot_time.value, time.value);
	EXPECT_EQ(read.next_catalog_id, 5);
	EXPECT_EQ(reader.Snapshots()[0].changes.changes_made, "created_table:\"it's\"");
	auto at1 = reader.Catalog(1);
	ASSERT_EQ(at1.tables.size(), 1u);
	EXPECT_EQ(at1.tables[0].table_name, "it's");
	ASSERT_EQ(at1.tables[0].columns.size(), 2u);
	EXPECT_FALSE(at1.tables[0].columns[0].nulls_allowed);
	auto &s = at1.tables[0].columns[1];
	EXPECT_EQ(s.type, nested.type);
	EXPECT_EQ(s.default_sql, "{'a': ''}");
	EXPECT_TRUE(s.has_initial_default);
	EXPECT_EQ(s.initial_default, "");
	ASSERT_EQ(s.children.size(), 1u);
	EXPECT_EQ(s.children[0].column_id, 3);
	EXPECT_EQ(reader.Catalog(2).tables[0].table_name, "renamed");
	auto files = reader.DataFiles(2, 2);
	ASSERT_EQ(files.size(), 1u);
	EXPECT_EQ(files[0].path, "its/f.parquet");
	ASSERT_EQ(files[0].column_stats.size(), 1u);
	EXPECT_EQ(files[0].column_stats[0].max_value, "10");
	auto metadata = reader.Metadata();
	ASSERT_EQ(metadata.options.size(), 1u);
	EXPECT_EQ(metadata.options[0].value, "7");
	// text cannot slip into an id column: the STRICT tables refuse it
	EXPECT_EQ(KindOfFailure(connection, "INSERT INTO ducklake_data_file (data_file_id) VALUES ('x')"),
	          CatalogErrorKind::OTHER);
}

// A program other than inlake holding the SQLite write lock past the connection's busy timeout: a lake commit
// waits and tries again as its retry policy says (ducklake_max_retry_count and friends), and fails with the BUSY
// kind only once the retries are used up.
TEST(SQLiteConnectionTest, AWriteRetriesWhileAnotherProgramHoldsTheLock) {
	auto path = TempCatalog();
	SQLiteOpenOptions quick = Create();
	quick.busy_timeout_ms = 20;
	{
		SQLiteConnection setup(path, quick);
		setup.BeginWrite(); // WAL
		setup.Commit();
	}
	duckdb::DuckDB db(nullptr);
	auto open = [&]() {
		SQLiteOpenOptions options;
		options.busy_timeout_ms = 20;
		return std::unique_ptr<inlake::CatalogConnection>(new SQLiteConnection(path, options));
	};
	inlake::SqlStoreConfig config;
	config.open_connection = open;
	auto store = std::make_shared<inlake::SqlMetadataStore>(*db.instance, open(), config);
	store->Initialize(inlake::StoreInitOptions());

	// holds SQLite's write lock from when `locked` is set for hold_ms (a plain sqlite3 program, not inlake)
	auto other_program = [&](std::promise<void> *locked, int hold_ms) {
		sqlite3 *raw = nullptr;
		sqlite3_open(path.c_str(), &raw);
		sqlite3_busy_timeout(raw, 5000);
		EXPECT_EQ(sqlite3_exec(raw, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr), SQLITE_OK);
		locked->set_value();
		std::this_thread::sleep_for(std::chrono::milliseconds(hold_ms));
		sqlite3_exec(raw, "COMMIT", nullptr, nullptr, nullptr);
		sqlite3_close(raw);
	};
	inlake::WriteRetryPolicy patient;
	patient.max_retries = 20;
	patient.wait_ms = 20;
	patient.backoff = 1.2;
	std::promise<void> first_locked;
	std::thread holder(other_program, &first_locked, 300);
	first_locked.get_future().wait();
	EXPECT_NO_THROW(store->BeginWrite(patient)->Rollback());
	holder.join();

	inlake::WriteRetryPolicy impatient;
	impatient.max_retries = 0;
	std::promise<void> second_locked;
	std::thread second_holder(other_program, &second_locked, 300);
	second_locked.get_future().wait();
	try {
		store->BeginWrite(impatient);
		ADD_FAILURE() << "the write began although another program held the lock";
	} catch (CatalogQueryError &error) {
		EXPECT_EQ(error.kind, CatalogErrorKind::BUSY) << error.what();
	}
	second_holder.join();
}

// A writer stopped while holding the writers' lock file (SIGSTOP, a hung process) must not stall every other
// writer forever: after the busy timeout BeginWrite fails with the BUSY kind, naming the lock file (found by the
// hostile review of issue 11: the wait had no end).
TEST(SQLiteConnectionTest, AWriterHoldingTheLockStallsOthersOnlyForTheBusyTimeout) {
	auto path = TempCatalog();
	SQLiteOpenOptions quick = Create();
	quick.writer_lock_timeout_ms = 200;
	SQLiteConnection writer(path, quick);
	std::promise<void> locked, release;
	auto release_future = release.get_future();
	std::thread holder([&]() { // another writer, stopped while it holds the lock
		inlake::SQLiteWriterLock lock(path);
		lock.Lock(1000);
		locked.set_value();
		release_future.wait();
		lock.Unlock();
	});
	locked.get_future().wait();
	auto start = std::chrono::steady_clock::now();
	try {
		writer.BeginWrite();
		ADD_FAILURE() << "the write began while another writer held the lock";
	} catch (CatalogQueryError &error) {
		EXPECT_EQ(error.kind, CatalogErrorKind::BUSY);
		EXPECT_NE(std::string(error.what()).find(".lock"), std::string::npos) << error.what();
	}
	auto waited = std::chrono::steady_clock::now() - start;
	EXPECT_GE(waited, std::chrono::milliseconds(190));
	EXPECT_LT(waited, std::chrono::seconds(5));
	release.set_value();
	holder.join();
	writer.BeginWrite(); // the lock is free again
	writer.Commit();
}

// A writer killed (kill -9) while it holds the lock leaves it to the next one at once: no timeout, no stale lock.
TEST(SQLiteConnectionTest, AWriterKilledHoldingTheLockLeavesItToTheNext) {
	auto path = TempCatalog();
	SQLiteOpenOptions quick = Create();
	quick.writer_lock_timeout_ms = 5000;
	SQLiteConnection writer(path, quick);
	writer.BeginWrite(); // creates and initialises the lock file
	writer.Commit();
	auto child = fork();
	ASSERT_GE(child, 0);
	if (child == 0) {
		inlake::SQLiteWriterLock lock(path);
		lock.Lock(1000);
		_exit(0); // dies holding it
	}
	int status = 0;
	waitpid(child, &status, 0);
	ASSERT_TRUE(WIFEXITED(status));
	auto start = std::chrono::steady_clock::now();
	writer.BeginWrite();
	writer.Commit();
	EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(1));
}

// Writers queued on the lock wake the moment it is released, not at the next step of a polling loop.
TEST(SQLiteConnectionTest, AQueuedWriterWakesAsTheLockIsReleased) {
	auto path = TempCatalog();
	inlake::SQLiteWriterLock first(path), second(path);
	first.Lock(1000);
	std::atomic<int64_t> woke_after_us {-1};
	std::chrono::steady_clock::time_point released;
	std::atomic<bool> waiting {false};
	std::thread waiter([&]() {
		waiting = true;
		second.Lock(5000);
		woke_after_us = std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() -
		                                                                      released)
		                    .count();
		second.Unlock();
	});
	while (!waiting) {
		std::this_thread::yield();
	}
	std::this_thread::sleep_for(std::chrono::milliseconds(50));
	released = std::chrono::steady_clock::now();
	first.Unlock();
	waiter.join();
	EXPECT_GE(woke_after_us.load(), 0);
	EXPECT_LT(woke_after_us.load(), 20000) << "the waiter slept on after the lock was free";
}

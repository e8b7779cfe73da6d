//===----------------------------------------------------------------------===//
// SQLiteConnection: a CatalogConnection to a SQLite catalog file, through
// libsqlite3.
//
// Many processes may write one catalog. The file is put in WAL mode by the
// first write (readers never block the writer), with synchronous=FULL (a
// commit that returned is on disk). A write transaction first queues on
// the catalog's SQLiteWriterLock (a process-shared mutex beside the catalog),
// so writers of inlake sleep in the kernel and wake the moment the previous
// one is done, instead of polling in SQLite's busy handler; it then takes
// SQLite's write lock up front (BEGIN IMMEDIATE). Compiled statements are
// kept for reuse (SQLiteStatementCache). A read transaction never becomes a write
// transaction, which is what makes SQLite answer "database is locked"
// without waiting. The busy timeout covers what the lock file cannot: other
// programs writing the file, and WAL checkpoints.
//===----------------------------------------------------------------------===//
#pragma once

#include "metadata/sql/catalog_connection.hpp"
#include "metadata/sqlite/sqlite_statement_cache.hpp"
#include "metadata/sqlite/sqlite_writer_lock.hpp"

#include <string>

struct sqlite3;
struct sqlite3_stmt;

namespace inlake {

struct SQLiteOpenOptions {
	//! Create the file when it does not exist (otherwise opening a missing file is an error)
	bool create = false;
	//! How long a statement waits for a lock held by another program before failing with BUSY
	int busy_timeout_ms = 60000;
	//! How long a writer queues for the writers' lock file before failing with BUSY (a writer that holds it is
	//! stopped or hanging)
	int writer_lock_timeout_ms = 60000;
	//! Open the file read-only (READ_ONLY attaches): nothing is ever written, not even the journal mode
	bool read_only = false;
};

class SQLiteConnection : public CatalogConnection {
public:
	SQLiteConnection(const std::string &path, const SQLiteOpenOptions &options);
	~SQLiteConnection() override;
	SQLiteConnection(const SQLiteConnection &) = delete;
	SQLiteConnection &operator=(const SQLiteConnection &) = delete;

	CatalogRows Query(const std::string &sql) override;
	//! Steps the statement as the cursor is read: rows are never all in memory.
	std::unique_ptr<CatalogCursor> OpenCursor(const std::string &sql,
	                                          const duckdb::vector<duckdb::LogicalType> &types) override;
	void Execute(const std::string &sql) override;
	int64_t ExecuteCount(const std::string &sql) override;
	void ExecuteWithParameters(const std::string &sql, const std::vector<duckdb::Value> &parameters) override;
	void AppendRows(const std::string &qualified_table, const std::vector<std::string> &columns,
	                        const std::vector<std::vector<duckdb::Value>> &rows) override;
	void BeginRead() override;
	void BeginWrite() override;
	void Commit() override;
	void Rollback() override;
	bool InTransaction() const override {
		return in_transaction;
	}
	bool TableExists(const std::string &table_name) override;
	bool HasNoTables() override;
	const SqlDialect &Dialect() const override {
		return dialect;
	}
	const std::string &Path() const {
		return path;
	}
	//! The most columns a table may have (SQLite's compile-time limit, 2000 by default)
	size_t MaxColumnsPerTable() const;

private:
	friend class SQLiteCursor;
	class CachedStatement;
	[[noreturn]] void Fail(int code, const std::string &sql);
	void Bind(sqlite3_stmt *statement, int index, const duckdb::Value &value);
	void EndTransaction(const char *statement);
	void LockWriters();
	void UnlockWriters();

	std::string path;
	sqlite3 *db = nullptr;
	//! The queue of the catalog's writers (every process's), joined before BEGIN IMMEDIATE
	SQLiteWriterLock writer_lock;
	int writer_lock_timeout_ms;
	//! The file is in WAL mode (set before this connection's first write)
	bool wal_set = false;
	bool in_transaction = false;
	SQLiteDialect dialect;
	SQLiteStatementCache statements;
};

} // namespace inlake

//===----------------------------------------------------------------------===//
// PostgresConnection: a CatalogConnection to a PostgreSQL catalog, through
// libpq.
//
// Sessions are set to UTC, ISO dates and exact float output, so text results
// read back as DuckDB values. Results convert by type OID: integers to
// BIGINT, booleans to BOOLEAN, floats to DOUBLE, bytea to BLOB, everything
// else as text.
//
// Transactions:
// - BeginRead: REPEATABLE READ, READ ONLY: one consistent catalog state for
//   a scan, streamed through server-side cursors (FETCH in batches), so
//   several cursors of one session can be read in turn.
// - BeginWrite: READ COMMITTED, then the lake's transaction-level advisory
//   lock (writers of one lake queue there, briefly: the lock is held only for
//   the commit's catalog statements). Each later statement sees every commit
//   that released the lock before, so the commit's conflict check cannot miss
//   one. Other DuckLake writers that do not take the lock still collide on
//   the snapshot id primary key (UNIQUE_VIOLATION: the commit is retried).
// - Inside a write transaction, statements that return nothing (Execute,
//   AppendRows) are sent in one libpq pipeline at the next statement that
//   needs an answer, or at COMMIT: a small commit costs a fixed handful of
//   round trips. Their errors surface there.
//
// Errors are classified by SQLSTATE, never by message text. A connection
// lost outside a transaction is re-established by the next statement; lost
// inside one, the transaction is gone (CONNECTION_LOST). A connection lost
// after COMMIT was sent asks the server, on a new connection, whether the
// transaction committed (pg_xact_status), so a commit is neither lost nor
// applied twice. Messages never contain the connection string's password (nor
// PGPASSWORD's): every text from libpq goes through MaskPostgresPasswords.
//===----------------------------------------------------------------------===//
#pragma once

#include "metadata/postgres/postgres_dialect.hpp"
#include "metadata/postgres/postgres_values.hpp"
#include "metadata/sql/catalog_connection.hpp"

#include <chrono>
#include <functional>
#include <string>
#include <unordered_map>
#include <vector>

struct pg_conn;
struct pg_result;

namespace inlake {

struct PostgresOpenOptions {
	//! libpq's keyword/value or URI connection string
	std::string conninfo;
	//! The schema of the lake's tables
	std::string schema = "public";
	//! How long a writer waits for the lake's advisory lock before failing with BUSY
	int lock_timeout_ms = 60000;
};

class PostgresConnection : public CatalogConnection {
public:
	explicit PostgresConnection(PostgresOpenOptions options);
	~PostgresConnection() override;
	PostgresConnection(const PostgresConnection &) = delete;
	PostgresConnection &operator=(const PostgresConnection &) = delete;

	CatalogRows Query(const std::string &sql) override;
	//! Outside a pipeline: a named statement of the session (prepared at its first use), executed by name.
	CatalogRows QueryRepeated(const std::string &sql) override;
	//! The queries (after the statements waiting in the queue) in one pipeline: one round trip.
	std::vector<CatalogRows> QueryMany(const std::vector<std::string> &queries) override;
	//! BEGIN, the lake's lock, the transaction id and `query` in one round trip.
	CatalogRows BeginWriteAndQuery(const std::string &query) override;
	//! A server-side cursor inside the current transaction (FETCH in batches); without one, the rows at once.
	std::unique_ptr<CatalogCursor> OpenCursor(const std::string &sql,
	                                          const duckdb::vector<duckdb::LogicalType> &types) override;
	//! BEGIN and the transaction id (one round trip, before the lock), then the lock, the statement and COMMIT
	//! (one more)
	bool WriteInOneStep(const std::string &sql, const std::vector<duckdb::Value> &parameters,
	                    const std::string &recovery_sql, CatalogRows &rows) override;
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
	//! Inside a write transaction the table is dropped after COMMIT, with a short lock timeout: a DROP waits for
	//! every transaction that read the table (other processes' scans), and must not do so while the lake's lock
	//! is held. A drop that cannot get its lock is tried again after this connection's next commits; until then
	//! the table is only an unregistered leftover that no reader looks at.
	void DropTable(const std::string &qualified_table) override;
	bool TableExists(const std::string &table_name) override;
	bool HasNoTables() override;
	//! A schema with tables of other applications takes a lake, unless a table (or view, sequence...) is named
	//! ducklake_*: the lake's own names must stay recognisable.
	std::string WhyNoLakeCanBeCreated() override;
	const SqlDialect &Dialect() const override {
		return dialect;
	}

	//! Creates the lake's schema when it does not exist (a new lake).
	void CreateSchemaIfMissing();
	//! The connection string with its password (if any) replaced, for messages.
	const std::string &RedactedConninfo() const {
		return redacted_conninfo;
	}

private:
	friend class PostgresCursor;

	void Connect();
	//! Reconnects when the connection was lost outside a transaction.
	void EnsureConnected();
	//! Runs one statement (parameters bound), returning its result; throws on error.
	pg_result *Run(const std::string &sql, const PostgresStatement *parameters = nullptr);
	//! Runs `execute` (one statement on `conn`), once more on a new connection when the old one had dropped
	//! outside a transaction; throws the statement's error (naming `sql`). The caller clears the result.
	pg_result *RunWithReconnect(const std::string &sql, const std::function<pg_result *()> &execute);
	//! Sends the statements queued in this write transaction in one pipeline and reads their results.
	void FlushQueue();
	//! Inside a write transaction `statement` waits in the queue (sent with the next round trip); outside one it
	//! runs now
	void QueueOrRun(PostgresStatement statement);
	void RunPipeline(const std::vector<PostgresStatement> &statements);
	void SendPipeline(const std::vector<PostgresStatement> &statements);
	//! Reads the pipeline's answers; the rows of statements from `first_result` on go to `results`.
	void ReceivePipeline(const std::vector<PostgresStatement> &statements, std::vector<CatalogRows> *results = nullptr,
	                     size_t first_result = 0);
	void RunPipelineForCommit(const std::vector<PostgresStatement> &statements,
	                          std::vector<CatalogRows> *results = nullptr, size_t first_result = 0);
	//! The statements that open a write transaction (READ COMMITTED, the lock timeout)
	std::vector<PostgresStatement> BeginWriteStatements() const;
	//! The statement that takes the lake's advisory lock
	PostgresStatement LockStatement() const;
	CatalogRows ReadRows(pg_result *result);
	[[noreturn]] void FailResult(pg_result *result, const std::string &sql);
	[[noreturn]] void FailConnection(const std::string &what);
	//! After the connection dropped with COMMIT sent: whether the transaction committed (asks a new connection).
	bool CommittedDespiteDrop();
	//! Rolls back the transaction the server still has open (after a failed statement)
	void RollbackIfOpen();
	//! A commit that failed (not committed): rolled back, and `error` thrown again, a lost connection saying so
	[[noreturn]] void FailCommit(const CatalogQueryError &error);
	//! `text` (from libpq, or quoting it) without the passwords of the connection string and PGPASSWORD
	std::string Redact(const std::string &text) const;
	//! Test hook (INLAKE_PG_FAULT): drops the connection around COMMIT.
	void InjectFault(const char *point);
	//! Tries the pending drops, each in a transaction of its own that gives up quickly on a lock.
	void RunPendingDrops();

	PostgresOpenOptions options;
	std::string redacted_conninfo;
	//! The password as given in the connection string (removed from every message)
	std::string password;
	pg_conn *conn = nullptr;
	bool in_transaction = false;
	bool write_transaction = false;
	//! BeginRead's BEGIN waits in the queue for the transaction's first query (not on the server yet)
	bool read_begin_pending = false;
	//! A read transaction's COMMIT was sent and its answer not read yet (read before the next statement: a
	//! read-only COMMIT cannot fail in a way the reader cares about, so nobody waits for it)
	bool commit_answer_pending = false;
	//! The write transaction's id (pg_current_xact_id), to learn a dropped COMMIT's outcome
	std::string transaction_id;
	std::vector<PostgresStatement> queue;
	//! Tables to drop once the write transaction committed (and drops that could not get their lock yet)
	std::vector<std::string> pending_drops;
	//! Adds the lake's inlined tables that exist but are no longer registered to pending_drops (at the first write
	//! commit of a connection and at every commit that drops one)
	void AddLeftoverInlinedTables();
	bool leftovers_looked_for = false;
	//! After a drop that found readers at work: when to try again
	std::chrono::steady_clock::time_point next_drop_attempt;
	size_t drops_of_transaction = 0;
	int64_t next_cursor = 0;
	//! The session's prepared statements (WriteInOneStep, QueryRepeated), by SQL text
	std::unordered_map<std::string, std::string> prepared;
	int64_t next_prepared = 0;
	PostgresDialect dialect;
};

} // namespace inlake

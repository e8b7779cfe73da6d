#include "metadata/postgres/postgres_connection.hpp"

#include "metadata/postgres/postgres_conninfo.hpp"
#include "metadata/postgres/postgres_password_mask.hpp"
#include "metadata/postgres/postgres_values.hpp"
#include "metadata/sql/missing_catalog_table.hpp"
#include "metadata/sql_literal.hpp"

#include "duckdb/common/error_data.hpp"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstdio>
#include <cstring>
#include <libpq-fe.h>
#include <sys/socket.h>
#include <thread>

namespace inlake {
using duckdb::Value;

namespace {

//! Statements sent in one pipeline at most (the server's answers to them must fit the socket's buffers)
constexpr size_t kMaxQueuedStatements = 512;
//! Prepared one-step commit statements a session keeps (a shape per table and row count; then all are dropped)
constexpr size_t kMaxPreparedStatements = 64;
//! Session settings that make text results read back as DuckDB values
constexpr const char *kSessionSettings =
    "SET TimeZone = 'UTC'; SET DateStyle = 'ISO, YMD'; SET IntervalStyle = 'postgres'; SET extra_float_digits = 3; "
    "SET bytea_output = 'hex'; SET client_encoding = 'UTF8'; SET standard_conforming_strings = on";

CatalogErrorKind KindOf(const char *sqlstate) {
	std::string state = sqlstate ? sqlstate : "";
	if (state == "23505") {
		return CatalogErrorKind::UNIQUE_VIOLATION;
	}
	if (state == "40001" || state == "40P01") {
		return CatalogErrorKind::SERIALIZATION_FAILURE; // serialization failure, deadlock detected
	}
	if (state == "42P01") {
		return CatalogErrorKind::MISSING_TABLE; // undefined_table
	}
	if (state == "55P03") {
		return CatalogErrorKind::BUSY; // lock_not_available: lock_timeout passed waiting for another writer
	}
	if (state.compare(0, 2, "08") == 0 || state == "57P01" || state == "57P02" || state == "57P03") {
		return CatalogErrorKind::CONNECTION_LOST;
	}
	return CatalogErrorKind::OTHER;
}

//! A number for the lake's advisory lock: FNV-1a of the schema name (lakes in other schemas do not wait).
int64_t LakeLockKey(const std::string &schema) {
	uint64_t hash = 1469598103934665603ULL;
	for (char c : "inlake lake " + schema) {
		hash = (hash ^ uint8_t(c)) * 1099511628211ULL;
	}
	return int64_t(hash);
}

//! The lock over the lake's inlined tables: a read transaction holds it shared from its BEGIN, so an inlined table
//! it found registered is still there when it reads it; dropping an unregistered one takes it exclusively (two
//! int4 keys: apart from the commit lock's bigint key space).
std::string InlinedTablesLockKeys(const std::string &schema) {
	return "1768843371, " + std::to_string(int32_t(uint64_t(LakeLockKey(schema)) & 0x7fffffff));
}

} // namespace

PostgresConnection::PostgresConnection(PostgresOpenOptions options_p)
    : options(std::move(options_p)), redacted_conninfo(RedactedPostgresConninfo(options.conninfo)),
      password(ConninfoPassword(options.conninfo)) {
	if (password.empty() && std::getenv("PGPASSWORD")) {
		password = std::getenv("PGPASSWORD");
	}
	Connect();
}

PostgresConnection::~PostgresConnection() {
	if (conn) {
		if (in_transaction && PQstatus(conn) == CONNECTION_OK) {
			PQclear(PQexec(conn, "ROLLBACK"));
		}
		PQfinish(conn);
	}
}

std::string PostgresConnection::Redact(const std::string &text) const {
	// the connection string's passwords in any form (userinfo, password=, as libpq quotes them), then the one
	// PGPASSWORD gave
	std::string result = MaskPostgresPasswords(text, options.conninfo);
	if (password.empty()) {
		return result;
	}
	for (size_t at = result.find(password); at != std::string::npos; at = result.find(password, at + 3)) {
		result.replace(at, password.size(), "***");
	}
	return result;
}

void PostgresConnection::Connect() {
	if (conn) {
		PQfinish(conn);
	}
	conn = PQconnectdb(options.conninfo.c_str());
	if (PQstatus(conn) != CONNECTION_OK) {
		auto message = StripTrailingNewline(PQerrorMessage(conn));
		PQfinish(conn);
		conn = nullptr;
		throw CatalogQueryError(CatalogErrorKind::CONNECTION_LOST,
		                        Redact("cannot connect to the PostgreSQL catalog (" + redacted_conninfo + "): " + message));
	}
	prepared.clear(); // a new session has none of the old one's prepared statements
	// notices ("schema already exists, skipping") are not the user's business
	PQsetNoticeProcessor(
	    conn, [](void *, const char *) {}, nullptr);
	auto result = PQexec(conn, kSessionSettings);
	if (PQresultStatus(result) != PGRES_COMMAND_OK) {
		FailResult(result, kSessionSettings);
	}
	PQclear(result);
}

void PostgresConnection::EnsureConnected() {
	if (commit_answer_pending) {
		commit_answer_pending = false;
		if (conn) {
			while (auto result = PQgetResult(conn)) { // the last read transaction's COMMIT
				PQclear(result);
			}
		}
	}
	if (conn && PQstatus(conn) == CONNECTION_OK) {
		return;
	}
	if (in_transaction && !read_begin_pending) {
		FailConnection("the connection was lost during a catalog transaction");
	}
	Connect(); // (a read transaction whose BEGIN is still queued has not begun on the server)
}

void PostgresConnection::FailResult(pg_result *result, const std::string &sql) {
	auto kind = KindOf(PQresultErrorField(result, PG_DIAG_SQLSTATE));
	std::string message = StripTrailingNewline(result ? PQresultErrorMessage(result) : PQerrorMessage(conn));
	if (message.empty()) {
		message = StripTrailingNewline(PQerrorMessage(conn));
	}
	// a missing table is found in the statement at the position the server reports (its message may be in
	// another language)
	auto position = PQresultErrorField(result, PG_DIAG_STATEMENT_POSITION);
	std::string missing = kind == CatalogErrorKind::MISSING_TABLE && position ? TableNamedAt(sql, atoi(position)) : "";
	PQclear(result);
	if (!conn || PQstatus(conn) != CONNECTION_OK) {
		kind = CatalogErrorKind::CONNECTION_LOST;
	}
	if (kind == CatalogErrorKind::MISSING_TABLE && IsCatalogTableName(missing)) {
		throw CatalogQueryError(kind, Redact(MissingCatalogTableMessage("postgres:" + redacted_conninfo, missing)));
	}
	std::string statement = sql.size() > 300 ? sql.substr(0, 300) + "..." : sql;
	throw CatalogQueryError(kind, Redact("PostgreSQL catalog: " + message + " (running: " + statement + ")"));
}

void PostgresConnection::FailConnection(const std::string &what) {
	std::string detail = conn ? StripTrailingNewline(PQerrorMessage(conn)) : std::string();
	in_transaction = false;
	read_begin_pending = false;
	write_transaction = false;
	queue.clear();
	throw CatalogQueryError(CatalogErrorKind::CONNECTION_LOST,
	                        Redact("PostgreSQL catalog: " + what + (detail.empty() ? "" : ": " + detail) +
	                               " (the next statement reconnects)"));
}

//! INLAKE_PG_TRACE=1 prints every round trip to the server on stderr (what a commit or scan costs)
static bool TraceRoundTrips() {
	static const bool trace = std::getenv("INLAKE_PG_TRACE") != nullptr;
	return trace;
}

static void Trace(const char *kind, const std::string &sql) {
	if (TraceRoundTrips()) {
		fprintf(stderr, "inlake pg %s: %.160s\n", kind, sql.c_str());
	}
}

pg_result *PostgresConnection::Run(const std::string &sql, const PostgresStatement *parameters) {
	Trace("round trip", sql);
	return RunWithReconnect(sql, [&]() {
		if (!parameters || parameters->values.empty()) {
			return PQexec(conn, sql.c_str());
		}
		BoundParameters bound(*parameters);
		return PQexecParams(conn, sql.c_str(), bound.Count(), bound.Types(), bound.Values(), bound.Lengths(),
		                    bound.Formats(), 0);
	});
}

pg_result *PostgresConnection::RunWithReconnect(const std::string &sql, const std::function<pg_result *()> &execute) {
	EnsureConnected();
	pg_result *result = nullptr;
	for (int attempt = 0; attempt < 2; attempt++) {
		result = execute();
		bool lost = PQstatus(conn) != CONNECTION_OK;
		if (!lost || in_transaction || attempt > 0) {
			break;
		}
		// the connection had dropped since the last statement (a server restart, an idle timeout): outside a
		// transaction nothing is lost by running the statement again on a new one (which has no prepared
		// statements: Connect forgets them)
		PQclear(result);
		Connect();
	}
	auto status = PQresultStatus(result);
	if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) {
		FailResult(result, sql);
	}
	return result;
}

CatalogRows PostgresConnection::Query(const std::string &sql) {
	if (!queue.empty() && sql.find(';') == std::string::npos) {
		return std::move(QueryMany({sql})[0]); // with the statements waiting (a BEGIN, say): one round trip
	}
	FlushQueue();
	auto result = Run(sql);
	auto rows = ReadRows(result);
	PQclear(result);
	return rows;
}

CatalogRows PostgresConnection::QueryRepeated(const std::string &sql) {
	if (!queue.empty() || prepared.size() >= kMaxPreparedStatements) {
		return Query(sql);
	}
	Trace("round trip (prepared)", sql);
	auto result = RunWithReconnect(sql, [&]() {
		auto known = prepared.find(sql);
		if (known != prepared.end()) {
			return PQexecPrepared(conn, known->second.c_str(), 0, nullptr, nullptr, nullptr, 0);
		}
		auto name = "inlake_query_" + std::to_string(next_prepared++);
		Trace("round trip (prepare)", sql);
		auto prepare = PQprepare(conn, name.c_str(), sql.c_str(), 0, nullptr);
		bool ok = PQresultStatus(prepare) == PGRES_COMMAND_OK;
		PQclear(prepare);
		if (!ok) {
			return PQexec(conn, sql.c_str());
		}
		prepared[sql] = name;
		return PQexecPrepared(conn, name.c_str(), 0, nullptr, nullptr, nullptr, 0);
	});
	auto rows = ReadRows(result);
	PQclear(result);
	return rows;
}

CatalogRows PostgresConnection::ReadRows(pg_result *result) {
	CatalogRows rows;
	int columns = PQnfields(result);
	for (int column = 0; column < columns; column++) {
		rows.names.emplace_back(PQfname(result, column));
		rows.types.push_back(ResultColumnType(PQftype(result, column)));
	}
	int count = PQntuples(result);
	rows.rows.reserve(count);
	for (int row = 0; row < count; row++) {
		std::vector<Value> values;
		values.reserve(columns);
		for (int column = 0; column < columns; column++) {
			values.push_back(ResultValue(result, row, column));
		}
		rows.rows.push_back(std::move(values));
	}
	return rows;
}

std::vector<CatalogRows> PostgresConnection::QueryMany(const std::vector<std::string> &queries) {
	auto statements = std::move(queue);
	queue.clear();
	auto first_result = statements.size();
	for (auto &sql : queries) {
		statements.push_back(PostgresStatement {sql, {}, {}, {}});
	}
	std::vector<CatalogRows> results;
	SendPipeline(statements);
	ReceivePipeline(statements, &results, first_result);
	if (results.size() != queries.size()) {
		throw CatalogQueryError(CatalogErrorKind::OTHER, "PostgreSQL catalog: a query of a pipeline returned no rows");
	}
	return results;
}

void PostgresConnection::Execute(const std::string &sql) {
	// several statements (';') run now: the queue sends each as one
	if (sql.find(';') == std::string::npos) {
		QueueOrRun(PostgresStatement {sql, {}, {}, {}});
		return;
	}
	FlushQueue();
	PQclear(Run(sql));
}

void PostgresConnection::QueueOrRun(PostgresStatement statement) {
	if (write_transaction) {
		queue.push_back(std::move(statement));
		if (queue.size() >= kMaxQueuedStatements) {
			FlushQueue();
		}
		return;
	}
	FlushQueue();
	PQclear(Run(statement.sql, &statement));
}

void PostgresConnection::ExecuteWithParameters(const std::string &sql, const std::vector<Value> &parameters) {
	PostgresStatement statement;
	statement.sql = sql;
	for (auto &parameter : parameters) {
		AddParameter(statement, parameter);
	}
	QueueOrRun(std::move(statement));
}

int64_t PostgresConnection::ExecuteCount(const std::string &sql) {
	FlushQueue();
	auto result = Run(sql);
	auto count = std::strtoll(PQcmdTuples(result), nullptr, 10);
	PQclear(result);
	return count;
}

void PostgresConnection::AppendRows(const std::string &qualified_table, const std::vector<std::string> &columns,
                                    const std::vector<std::vector<Value>> &rows) {
	if (rows.empty()) {
		return;
	}
	std::string head = "INSERT INTO " + qualified_table;
	for (size_t i = 0; i < columns.size(); i++) {
		head += (i ? ", " : " (") + columns[i] + (i + 1 == columns.size() ? ")" : "");
	}
	head += " VALUES ";
	auto width = rows[0].size();
	// PostgreSQL takes at most 65535 parameters a statement
	size_t rows_per_statement = std::max<size_t>(1, 65535 / std::max<size_t>(width, 1));
	for (size_t begin = 0; begin < rows.size(); begin += rows_per_statement) {
		auto end = std::min(rows.size(), begin + rows_per_statement);
		PostgresStatement statement;
		statement.sql = head;
		size_t parameter = 1;
		for (size_t row = begin; row < end; row++) {
			statement.sql += row == begin ? "(" : ", (";
			for (size_t column = 0; column < width; column++) {
				statement.sql += (column ? ", $" : "$") + std::to_string(parameter++);
				AddParameter(statement, rows[row][column]);
			}
			statement.sql += ")";
		}
		QueueOrRun(std::move(statement));
	}
}

void PostgresConnection::FlushQueue() {
	if (queue.empty()) {
		return;
	}
	auto statements = std::move(queue);
	queue.clear();
	RunPipeline(statements);
}

void PostgresConnection::RunPipeline(const std::vector<PostgresStatement> &statements) {
	SendPipeline(statements);
	ReceivePipeline(statements);
}

void PostgresConnection::SendPipeline(const std::vector<PostgresStatement> &statements) {
	EnsureConnected();
	Trace("round trip", "pipeline of " + std::to_string(statements.size()) + " statements, the first: " +
	                        statements.front().sql);
	if (!PQenterPipelineMode(conn)) {
		FailConnection("cannot start a pipeline");
	}
	for (auto &statement : statements) {
		BoundParameters bound(statement);
		bool sent;
		if (statement.prepare) {
			sent = PQsendPrepare(conn, statement.prepared_name.c_str(), statement.sql.c_str(), 0, nullptr);
		} else if (!statement.prepared_name.empty()) {
			sent = PQsendQueryPrepared(conn, statement.prepared_name.c_str(), bound.Count(), bound.Values(),
			                           bound.Lengths(), bound.Formats(), 0);
		} else {
			sent = PQsendQueryParams(conn, statement.sql.c_str(), bound.Count(), bound.Types(), bound.Values(),
			                         bound.Lengths(), bound.Formats(), 0);
		}
		if (!sent) {
			FailConnection("sending to the server failed");
		}
	}
	if (!PQpipelineSync(conn)) {
		FailConnection("sending to the server failed");
	}
	read_begin_pending = false;
}

void PostgresConnection::ReceivePipeline(const std::vector<PostgresStatement> &statements,
                                         std::vector<CatalogRows> *results, size_t first_result) {
	// every answer up to the sync; the first error wins
	pg_result *failed = nullptr;
	std::string failed_sql;
	bool cut_off = false;
	for (size_t index = 0; index < statements.size(); index++) {
		auto &statement = statements[index];
		auto result = PQgetResult(conn);
		if (!result) {
			cut_off = true;
			break;
		}
		auto status = PQresultStatus(result);
		if (!failed && status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK && status != PGRES_PIPELINE_ABORTED) {
			failed = result;
			failed_sql = statement.sql;
		} else {
			if (results && index >= first_result && status != PGRES_PIPELINE_ABORTED) {
				results->push_back(ReadRows(result)); // a statement without rows gives an empty result
			}
			PQclear(result);
		}
		while ((result = PQgetResult(conn)) != nullptr) { // a NULL ends each statement's answers
			PQclear(result);
		}
	}
	auto sync = cut_off ? nullptr : PQgetResult(conn);
	bool synced = sync && PQresultStatus(sync) == PGRES_PIPELINE_SYNC;
	PQclear(sync);
	PQexitPipelineMode(conn);
	if (PQstatus(conn) != CONNECTION_OK) {
		PQclear(failed);
		FailConnection("the connection was lost waiting for the server's answer");
	}
	if (failed) {
		FailResult(failed, failed_sql);
	}
	if (!synced) {
		FailConnection("the server's answer to a pipeline was cut off");
	}
}

void PostgresConnection::BeginRead() {
	// sent with the transaction's first query
	queue.push_back(PostgresStatement {"BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY", {}, {}, {}});
	queue.push_back(PostgresStatement {
	    "SELECT pg_advisory_xact_lock_shared(" + InlinedTablesLockKeys(options.schema) + ")", {}, {}, {}});
	in_transaction = true;
	read_begin_pending = true;
}

void PostgresConnection::BeginWrite() {
	BeginWriteAndQuery("SELECT 1");
}

std::vector<PostgresStatement> PostgresConnection::BeginWriteStatements() const {
	// READ COMMITTED: every statement after the lock sees every commit made before it was granted
	return {PostgresStatement {"BEGIN ISOLATION LEVEL READ COMMITTED", {}, {}, {}},
	        PostgresStatement {"SET LOCAL lock_timeout = '" + std::to_string(options.lock_timeout_ms) + "ms'", {}, {}, {}}};
}

PostgresStatement PostgresConnection::LockStatement() const {
	return PostgresStatement {"SELECT pg_advisory_xact_lock(" + std::to_string(LakeLockKey(options.schema)) + ")",
	                          {}, {}, {}};
}

CatalogRows PostgresConnection::BeginWriteAndQuery(const std::string &query) {
	FlushQueue();
	auto statements = BeginWriteStatements();
	statements.push_back(LockStatement());
	for (auto sql : {std::string("SELECT CAST(txid_current() AS VARCHAR)"), query}) {
		statements.push_back(PostgresStatement {sql, {}, {}, {}});
	}
	std::vector<CatalogRows> results;
	try {
		SendPipeline(statements);
		ReceivePipeline(statements, &results, 3); // the transaction id and the query's rows
	} catch (...) {
		RollbackIfOpen();
		throw;
	}
	transaction_id = results[0].GetValue(0, 0).ToString();
	in_transaction = true;
	write_transaction = true;
	return std::move(results[1]);
}

void PostgresConnection::InjectFault(const char *point) {
	auto fault = std::getenv("INLAKE_PG_FAULT");
	if (fault && std::strcmp(fault, point) == 0 && conn) {
		shutdown(PQsocket(conn), SHUT_RDWR); // as if the network dropped here, before COMMIT is sent
	}
}

void PostgresConnection::Commit() {
	if (!in_transaction) {
		return;
	}
	if (!write_transaction) {
		in_transaction = false;
		if (read_begin_pending) {
			queue.clear(); // a read transaction that read nothing never reached the server
			read_begin_pending = false;
			return;
		}
		FlushQueue();
		// the COMMIT of a read transaction is sent now (the server ends the transaction and releases its locks
		// at once) and its answer read before the next statement: one round trip less per scan
		EnsureConnected();
		Trace("sent, answer read later", "COMMIT");
		if (PQsendQuery(conn, "COMMIT")) {
			commit_answer_pending = true;
		} else {
			PQclear(Run("COMMIT"));
		}
		return;
	}
	InjectFault("drop_before_commit");
	queue.push_back(PostgresStatement {"COMMIT", {}, {}, {}});
	auto statements = std::move(queue);
	queue.clear();
	try {
		RunPipelineForCommit(statements);
	} catch (CatalogQueryError &error) {
		in_transaction = false;
		write_transaction = false;
		auto drops = drops_of_transaction;
		drops_of_transaction = 0;
		if (error.kind == CatalogErrorKind::CONNECTION_LOST && CommittedDespiteDrop()) {
			return; // the server committed it: the commit stands, once (its drops are tried later)
		}
		pending_drops.resize(pending_drops.size() - drops);
		FailCommit(error);
	}
	in_transaction = false;
	write_transaction = false;
	if (drops_of_transaction > 0 || !leftovers_looked_for) {
		AddLeftoverInlinedTables();
		leftovers_looked_for = true;
	}
	drops_of_transaction = 0;
	RunPendingDrops();
}

void PostgresConnection::AddLeftoverInlinedTables() {
	// inlined data tables (ducklake_inlined_data_<table id>_<schema version>: not ducklake_inlined_data_tables!) no
	// longer registered, whose drop waited in vain for readers in a process that has ended
	// (the commit stands whatever happens here: a failure leaves them for a later commit)
	CatalogRows rows;
	try {
		rows = Query("SELECT tablename FROM pg_catalog.pg_tables WHERE schemaname = " + SqlString(options.schema) +
	                  " AND tablename ~ '^ducklake_inlined_data_[0-9]+_[0-9]+$' AND tablename NOT IN (SELECT table_name FROM " +
	                  SqlIdentifier(options.schema) + ".ducklake_inlined_data_tables)");
	} catch (std::exception &) {
		return;
	}
	for (auto &row : rows.rows) {
		auto table = SqlIdentifier(options.schema) + "." + SqlIdentifier(row[0].ToString());
		if (std::find(pending_drops.begin(), pending_drops.end(), table) == pending_drops.end()) {
			pending_drops.push_back(table);
		}
	}
}

void PostgresConnection::DropTable(const std::string &qualified_table) {
	if (!write_transaction) {
		Execute("DROP TABLE IF EXISTS " + qualified_table);
		return;
	}
	pending_drops.push_back(qualified_table);
	drops_of_transaction++;
}

void PostgresConnection::RunPendingDrops() {
	auto now = std::chrono::steady_clock::now();
	if (pending_drops.empty() || now < next_drop_attempt) {
		return;
	}
	// all in one transaction once no reader holds the lock shared (readers may still read a table they found
	// registered); while readers work, this waits at most 10 ms and tries again after a second, at a later commit
	std::string sql = "BEGIN; SET LOCAL lock_timeout = '10ms'; SELECT pg_advisory_xact_lock(" +
	                  InlinedTablesLockKeys(options.schema) + ");";
	for (auto &table : pending_drops) {
		sql += " DROP TABLE IF EXISTS " + table + ";";
	}
	auto result = PQexec(conn, (sql + " COMMIT").c_str());
	bool dropped = PQresultStatus(result) == PGRES_COMMAND_OK;
	PQclear(result);
	if (dropped) {
		pending_drops.clear();
		return;
	}
	if (PQstatus(conn) != CONNECTION_OK) {
		return; // tried again by a later commit on a new connection
	}
	PQclear(PQexec(conn, "ROLLBACK"));
	next_drop_attempt = now + std::chrono::seconds(1);
}

void PostgresConnection::RunPipelineForCommit(const std::vector<PostgresStatement> &statements,
                                              std::vector<CatalogRows> *results, size_t first_result) {
	SendPipeline(statements);
	auto fault = std::getenv("INLAKE_PG_FAULT");
	if (fault && std::strcmp(fault, "drop_after_commit") == 0) {
		// test hook: COMMIT reaches the server, its answer is lost on the way back
		PQflush(conn);
		std::this_thread::sleep_for(std::chrono::milliseconds(200));
		PQfinish(conn);
		conn = nullptr;
		FailConnection("the connection was lost waiting for the server's answer (INLAKE_PG_FAULT)");
	}
	ReceivePipeline(statements, results, first_result);
}

bool PostgresConnection::WriteInOneStep(const std::string &sql, const std::vector<Value> &parameters,
                                        const std::string &recovery_sql, CatalogRows &rows) {
	FlushQueue();
	// the transaction id first, before the lock: should the connection drop after COMMIT was sent, it tells
	// whether the transaction committed. The statement is prepared once per session (here, when new), so that
	// under the lock the server only executes its plan.
	// BEGIN, then the transaction's settings and its id in one statement (each statement is parsed and planned
	// by the server: fewer is less of its time)
	std::vector<PostgresStatement> begin {
	    PostgresStatement {"BEGIN ISOLATION LEVEL READ COMMITTED", {}, {}, {}},
	    PostgresStatement {"SELECT CAST(txid_current() AS VARCHAR), set_config('lock_timeout', '" +
	                           std::to_string(options.lock_timeout_ms) +
	                           "ms', true), set_config('plan_cache_mode', 'force_generic_plan', true)",
	                       {}, {}, {}}};
	auto known = prepared.find(sql);
	std::string name;
	if (known != prepared.end()) {
		name = known->second;
	} else {
		if (prepared.size() >= kMaxPreparedStatements) {
			begin.push_back(PostgresStatement {"DEALLOCATE ALL", {}, {}, {}});
			prepared.clear();
		}
		name = "inlake_commit_" + std::to_string(next_prepared++);
		PostgresStatement prepare {sql, {}, {}, {}};
		prepare.prepared_name = name;
		prepare.prepare = true;
		begin.push_back(std::move(prepare));
	}
	std::vector<CatalogRows> results;
	try {
		SendPipeline(begin);
		ReceivePipeline(begin, &results, 1);
		prepared[sql] = name;
	} catch (...) {
		RollbackIfOpen();
		throw;
	}
	transaction_id = results[0].GetValue(0, 0).ToString();
	in_transaction = true;
	write_transaction = true;
	PostgresStatement statement {sql, {}, {}, {}};
	statement.prepared_name = name;
	for (auto &parameter : parameters) {
		AddParameter(statement, parameter);
	}
	std::vector<PostgresStatement> statements {LockStatement(), std::move(statement),
	                                           PostgresStatement {"COMMIT", {}, {}, {}}};
	results.clear();
	try {
		InjectFault("drop_before_commit");
		RunPipelineForCommit(statements, &results, 1);
	} catch (CatalogQueryError &error) {
		in_transaction = false;
		write_transaction = false;
		if (error.kind == CatalogErrorKind::CONNECTION_LOST && CommittedDespiteDrop()) {
			// it committed: its rows are found again by the transaction's id
			PostgresStatement recovery {recovery_sql, {}, {}, {}};
			AddParameter(recovery, Value(transaction_id));
			auto result = Run(recovery_sql, &recovery);
			rows = ReadRows(result);
			PQclear(result);
			return true;
		}
		FailCommit(error);
	}
	in_transaction = false;
	write_transaction = false;
	rows = std::move(results[0]);
	return true;
}

void PostgresConnection::RollbackIfOpen() {
	if (conn && PQstatus(conn) == CONNECTION_OK && PQtransactionStatus(conn) != PQTRANS_IDLE) {
		PQclear(PQexec(conn, "ROLLBACK"));
	}
}

void PostgresConnection::FailCommit(const CatalogQueryError &error) {
	if (error.kind == CatalogErrorKind::CONNECTION_LOST) {
		throw CatalogQueryError(CatalogErrorKind::CONNECTION_LOST,
		                        duckdb::ErrorData(error).RawMessage() + "; the catalog transaction was rolled back");
	}
	RollbackIfOpen();
	throw error;
}

bool PostgresConnection::CommittedDespiteDrop() {
	if (transaction_id.empty()) {
		return false;
	}
	// a new connection asks the server; a transaction the server has not yet seen end is waited for briefly
	for (int attempt = 0; attempt < 100; attempt++) {
		try {
			Connect();
			auto result = Run("SELECT txid_status(" + transaction_id + ")");
			std::string status = PQgetisnull(result, 0, 0) ? "" : PQgetvalue(result, 0, 0);
			PQclear(result);
			if (status != "in progress") {
				return status == "committed";
			}
		} catch (CatalogQueryError &) {
			if (attempt == 99) {
				throw;
			}
		}
		std::this_thread::sleep_for(std::chrono::milliseconds(50));
	}
	return false;
}

void PostgresConnection::Rollback() {
	bool never_sent = read_begin_pending;
	read_begin_pending = false;
	queue.clear();
	pending_drops.resize(pending_drops.size() - drops_of_transaction);
	drops_of_transaction = 0;
	if (!in_transaction) {
		return;
	}
	in_transaction = false;
	write_transaction = false;
	if (!never_sent && conn && PQstatus(conn) == CONNECTION_OK) {
		PQclear(Run("ROLLBACK"));
	}
}

bool PostgresConnection::TableExists(const std::string &table_name) {
	auto rows = Query("SELECT count(*) FROM pg_catalog.pg_tables WHERE schemaname = " + SqlString(options.schema) +
	                  " AND tablename = " + SqlString(table_name));
	return rows.GetValue(0, 0).GetValue<int64_t>() > 0;
}

bool PostgresConnection::HasNoTables() {
	auto rows = Query("SELECT count(*) FROM pg_catalog.pg_tables WHERE schemaname = " + SqlString(options.schema));
	return rows.GetValue(0, 0).GetValue<int64_t>() == 0;
}

std::string PostgresConnection::WhyNoLakeCanBeCreated() {
	auto rows = Query("SELECT string_agg(c.relname, ', ' ORDER BY c.relname) FROM pg_catalog.pg_class c JOIN "
	                  "pg_catalog.pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = " +
	                  SqlString(options.schema) + " AND lower(c.relname) LIKE 'ducklake\\_%' AND c.relkind IN "
	                  "('r', 'p', 'v', 'm', 'f', 'S')");
	auto names = rows.GetValue(0, 0);
	if (names.IsNull()) {
		return std::string();
	}
	return "holds " + names.ToString() + " in schema \"" + options.schema +
	       "\" but no DuckLake catalog: a lake is created only where no table, view or sequence is named ducklake_* "
	       "(unless it is a lake already); choose another METADATA_SCHEMA";
}

void PostgresConnection::CreateSchemaIfMissing() {
	Execute("CREATE SCHEMA IF NOT EXISTS " + SqlIdentifier(options.schema));
}

} // namespace inlake

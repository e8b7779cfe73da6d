#include "metadata/sqlite/sqlite_connection.hpp"

#include "metadata/sql/missing_catalog_table.hpp"
#include "metadata/sql_literal.hpp"
#include "metadata/sqlite/sqlite_time_functions.hpp"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <thread>
#include <cstring>
#include <fcntl.h>
#include <sqlite3.h>

#include <cstdio>
#include <cstdlib>
#include <sys/file.h>
#include <unistd.h>

namespace inlake {
using duckdb::Value;

namespace {

CatalogErrorKind KindOf(int extended_code) {
	switch (extended_code & 0xff) {
	case SQLITE_BUSY:
	case SQLITE_LOCKED:
		return CatalogErrorKind::BUSY;
	default:
		break;
	}
	if (extended_code == SQLITE_CONSTRAINT_PRIMARYKEY || extended_code == SQLITE_CONSTRAINT_UNIQUE) {
		return CatalogErrorKind::UNIQUE_VIOLATION;
	}
	return CatalogErrorKind::OTHER;
}

Value ColumnValue(sqlite3_stmt *statement, int column) {
	switch (sqlite3_column_type(statement, column)) {
	case SQLITE_INTEGER:
		return Value::BIGINT(sqlite3_column_int64(statement, column));
	case SQLITE_FLOAT:
		return Value::DOUBLE(sqlite3_column_double(statement, column));
	case SQLITE_TEXT: {
		auto text = reinterpret_cast<const char *>(sqlite3_column_text(statement, column));
		return Value(std::string(text, sqlite3_column_bytes(statement, column)));
	}
	case SQLITE_BLOB: {
		auto data = static_cast<duckdb::const_data_ptr_t>(sqlite3_column_blob(statement, column));
		return Value::BLOB(data, sqlite3_column_bytes(statement, column));
	}
	default:
		return Value();
	}
}

//! The type of a result column: its declared type, or for an expression the type of its first value.
duckdb::LogicalType ColumnType(sqlite3_stmt *statement, int column, const CatalogRows &rows) {
	auto declared = sqlite3_column_decltype(statement, column);
	std::string type = declared ? declared : "";
	if (type == "INTEGER") {
		return duckdb::LogicalType::BIGINT;
	}
	if (type == "REAL") {
		return duckdb::LogicalType::DOUBLE;
	}
	if (type == "BLOB") {
		return duckdb::LogicalType::BLOB;
	}
	if (type.empty()) {
		for (auto &row : rows.rows) {
			if (!row[column].IsNull()) {
				return row[column].type();
			}
		}
	}
	return duckdb::LogicalType::VARCHAR;
}

//! Compiled statements kept per connection (a commit runs about a dozen, a scan half as many)
constexpr size_t kCachedStatements = 64;

} // namespace

//! A compiled statement of one SQL text, from the connection's cache or compiled now, given back to the cache
//! (reset) when it goes out of scope.
class SQLiteConnection::CachedStatement {
public:
	CachedStatement(SQLiteConnection &connection, const std::string &sql) : connection(connection), sql(sql) {
		statement = connection.statements.Acquire(sql);
		if (statement) {
			return;
		}
		const char *rest = nullptr;
		int code = sqlite3_prepare_v2(connection.db, sql.c_str(), static_cast<int>(sql.size()), &statement, &rest);
		if (code != SQLITE_OK) {
			connection.Fail(code, sql);
		}
		single = !rest || std::all_of(rest, sql.c_str() + sql.size(), [](char c) { return isspace(c); });
	}
	~CachedStatement() {
		if (statement && single) {
			connection.statements.Release(sql, statement);
		} else {
			sqlite3_finalize(statement);
		}
	}
	sqlite3_stmt *Get() const {
		return statement;
	}
	//! The text holds exactly one statement (more: only the first was compiled)
	bool Single() const {
		return single;
	}

private:
	SQLiteConnection &connection;
	const std::string &sql;
	sqlite3_stmt *statement = nullptr;
	bool single = true;
};

static int TraceStatement(unsigned, void *, void *statement, void *nanoseconds) {
	auto sql = sqlite3_expanded_sql(static_cast<sqlite3_stmt *>(statement));
	fprintf(stderr, "sqlite %8.3f ms  %s\n", double(*static_cast<sqlite3_int64 *>(nanoseconds)) / 1e6,
	        sql ? sql : "?");
	sqlite3_free(sql);
	return 0;
}

SQLiteConnection::SQLiteConnection(const std::string &path_p, const SQLiteOpenOptions &options)
    : path(path_p), writer_lock(path_p), writer_lock_timeout_ms(options.writer_lock_timeout_ms),
      statements(kCachedStatements) {
	int flags = (options.read_only ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE) | SQLITE_OPEN_NOMUTEX |
	            (options.create && !options.read_only ? SQLITE_OPEN_CREATE : 0);
	int code = sqlite3_open_v2(path.c_str(), &db, flags, nullptr);
	if (code != SQLITE_OK) {
		std::string message = db ? sqlite3_errmsg(db) : sqlite3_errstr(code);
		sqlite3_close(db);
		db = nullptr;
		throw CatalogQueryError(KindOf(code), "Cannot open SQLite catalog \"" + path + "\": " + message);
	}
	sqlite3_extended_result_codes(db, 1);
	// a double-quoted name that names no column is an error, not a string literal (SQLite's default would read a
	// column missing from a damaged catalog as its own name)
	sqlite3_db_config(db, SQLITE_DBCONFIG_DQS_DML, 0, nullptr);
	sqlite3_db_config(db, SQLITE_DBCONFIG_DQS_DDL, 0, nullptr);
	sqlite3_busy_timeout(db, options.busy_timeout_ms);
	if (!RegisterSQLiteTimeFunctions(db)) {
		std::string message = sqlite3_errmsg(db);
		sqlite3_close(db);
		db = nullptr;
		throw CatalogQueryError(CatalogErrorKind::OTHER,
		                        "Cannot open SQLite catalog \"" + path + "\": registering its time function failed: " +
		                            message);
	}
	if (getenv("INLAKE_SQLITE_TRACE")) {
		// INLAKE_SQLITE_TRACE=1: every statement run on the catalog, with its time, on stderr (for finding where a
		// commit's time goes)
		sqlite3_trace_v2(db, SQLITE_TRACE_PROFILE, TraceStatement, nullptr);
	}
	try {
		// per connection; WAL (a property of the file) is set by the first write (BeginWrite), so that opening a
		// database that turns out not to be a lake, or reading one, changes nothing in it
		Execute("PRAGMA synchronous = FULL");
	} catch (...) {
		sqlite3_close(db);
		db = nullptr;
		throw;
	}
}

SQLiteConnection::~SQLiteConnection() {
	if (in_transaction) {
		sqlite3_exec(db, "ROLLBACK", nullptr, nullptr, nullptr);
	}
	UnlockWriters();
	statements.Clear();
	sqlite3_close(db);
}

void SQLiteConnection::Fail(int code, const std::string &sql) {
	auto extended = sqlite3_extended_errcode(db);
	// SQLite's messages are always in English: a missing table is "no such table: [schema.]name"
	std::string message = sqlite3_errmsg(db);
	std::string no_such_table = "no such table: ";
	if (message.compare(0, no_such_table.size(), no_such_table) == 0) {
		auto table = message.substr(no_such_table.size());
		table = table.substr(table.find('.') == std::string::npos ? 0 : table.find('.') + 1);
		if (IsCatalogTableName(table)) {
			throw CatalogQueryError(CatalogErrorKind::MISSING_TABLE, MissingCatalogTableMessage(path, table));
		}
	}
	std::string statement = sql.size() > 300 ? sql.substr(0, 300) + "..." : sql;
	throw CatalogQueryError(KindOf(extended ? extended : code),
	                        "SQLite catalog \"" + path + "\": " + message + " (running: " + statement + ")");
}

CatalogRows SQLiteConnection::Query(const std::string &sql) {
	CachedStatement prepared(*this, sql);
	auto statement = prepared.Get();
	CatalogRows rows;
	if (!statement) {
		return rows; // only whitespace or a comment
	}
	// the columns are read after the first step: a cached statement is compiled again there when the schema
	// changed since (a `SELECT *` of a table that was rebuilt then has the new table's columns)
	int code = sqlite3_step(statement);
	int columns = sqlite3_column_count(statement);
	for (int column = 0; column < columns; column++) {
		rows.names.emplace_back(sqlite3_column_name(statement, column));
	}
	for (; code == SQLITE_ROW; code = sqlite3_step(statement)) {
		std::vector<Value> row;
		row.reserve(columns);
		for (int column = 0; column < columns; column++) {
			row.push_back(ColumnValue(statement, column));
		}
		rows.rows.push_back(std::move(row));
	}
	if (code != SQLITE_DONE) {
		Fail(code, sql);
	}
	for (int column = 0; column < columns; column++) {
		rows.types.push_back(ColumnType(statement, column, rows));
	}
	return rows;
}

//! Stores column `column` of the statement's current row at `row` of `vector` (BIGINT, DOUBLE, VARCHAR or BLOB),
//! converting a value SQLite holds in another storage class. Reads through the column's sqlite3_value (one call
//! each, no connection mutex) rather than sqlite3_column_*.
static void StoreColumn(sqlite3_stmt *statement, int column, duckdb::Vector &vector, duckdb::idx_t row) {
	auto value = sqlite3_column_value(statement, column);
	auto storage = sqlite3_value_type(value);
	if (storage == SQLITE_NULL) {
		duckdb::FlatVector::SetNull(vector, row, true);
		return;
	}
	switch (vector.GetType().id()) {
	case duckdb::LogicalTypeId::BIGINT:
		if (storage == SQLITE_INTEGER) {
			duckdb::FlatVector::GetData<int64_t>(vector)[row] = sqlite3_value_int64(value);
			return;
		}
		break;
	case duckdb::LogicalTypeId::DOUBLE:
		if (storage == SQLITE_FLOAT || storage == SQLITE_INTEGER) {
			duckdb::FlatVector::GetData<double>(vector)[row] = sqlite3_value_double(value);
			return;
		}
		break;
	case duckdb::LogicalTypeId::VARCHAR:
	case duckdb::LogicalTypeId::BLOB:
		if (storage == SQLITE_TEXT || storage == SQLITE_BLOB) {
			auto data = storage == SQLITE_TEXT ? reinterpret_cast<const char *>(sqlite3_value_text(value))
			                                   : static_cast<const char *>(sqlite3_value_blob(value));
			auto size = sqlite3_value_bytes(value);
			duckdb::FlatVector::GetData<duckdb::string_t>(vector)[row] =
			    duckdb::StringVector::AddStringOrBlob(vector, data, size);
			return;
		}
		break;
	default:
		break;
	}
	vector.SetValue(row, ColumnValue(statement, column).DefaultCastAs(vector.GetType()));
}

//! A statement stepped a chunk at a time.
class SQLiteCursor : public CatalogCursor {
public:
	SQLiteCursor(SQLiteConnection &connection, std::string sql_p, duckdb::idx_t column_count)
	    : connection(connection), sql(std::move(sql_p)), column_count(column_count) {
	}
	~SQLiteCursor() override {
		sqlite3_finalize(statement);
	}
	bool Next(duckdb::DataChunk &chunk) override {
		chunk.Reset();
		while (!done && chunk.size() < STANDARD_VECTOR_SIZE) {
			int code = sqlite3_step(statement);
			if (code == SQLITE_DONE) {
				done = true;
				break;
			}
			if (code != SQLITE_ROW) {
				connection.Fail(code, sql);
			}
			auto row = chunk.size();
			for (duckdb::idx_t column = 0; column < column_count; column++) {
				StoreColumn(statement, int(column), chunk.data[column], row);
			}
			chunk.SetCardinality(row + 1);
		}
		return chunk.size() > 0;
	}

	SQLiteConnection &connection;
	std::string sql;
	duckdb::idx_t column_count;
	sqlite3_stmt *statement = nullptr;
	bool done = false;
};

std::unique_ptr<CatalogCursor> SQLiteConnection::OpenCursor(const std::string &sql,
                                                            const duckdb::vector<duckdb::LogicalType> &types) {
	auto cursor = std::unique_ptr<SQLiteCursor>(new SQLiteCursor(*this, sql, types.size()));
	int code = sqlite3_prepare_v2(db, sql.c_str(), static_cast<int>(sql.size()), &cursor->statement, nullptr);
	if (code != SQLITE_OK) {
		Fail(code, sql);
	}
	if (!cursor->statement || sqlite3_column_count(cursor->statement) != int(types.size())) {
		throw duckdb::InternalException("SQLite catalog: a query expected to return %llu columns does not: %s",
		                                (unsigned long long)types.size(), sql);
	}
	return std::move(cursor);
}

void SQLiteConnection::Execute(const std::string &sql) {
	{
		CachedStatement prepared(*this, sql);
		if (prepared.Single()) {
			if (!prepared.Get()) {
				return;
			}
			int code;
			while ((code = sqlite3_step(prepared.Get())) == SQLITE_ROW) {
			}
			if (code != SQLITE_DONE) {
				Fail(code, sql);
			}
			return;
		}
	}
	char *message = nullptr; // several statements
	int code = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &message);
	sqlite3_free(message);
	if (code != SQLITE_OK) {
		Fail(code, sql);
	}
}

void SQLiteConnection::ExecuteWithParameters(const std::string &sql, const std::vector<Value> &parameters) {
	CachedStatement prepared(*this, sql);
	if (!prepared.Single() || !prepared.Get()) {
		throw CatalogQueryError(CatalogErrorKind::OTHER, "SQLite catalog: not one statement: " + sql);
	}
	for (size_t index = 0; index < parameters.size(); index++) {
		Bind(prepared.Get(), static_cast<int>(index + 1), parameters[index]);
	}
	int code;
	while ((code = sqlite3_step(prepared.Get())) == SQLITE_ROW) {
	}
	if (code != SQLITE_DONE) {
		Fail(code, sql);
	}
}

int64_t SQLiteConnection::ExecuteCount(const std::string &sql) {
	Execute(sql);
	return sqlite3_changes64(db);
}

void SQLiteConnection::Bind(sqlite3_stmt *statement, int index, const Value &value) {
	int code;
	if (value.IsNull()) {
		code = sqlite3_bind_null(statement, index);
	} else {
		switch (value.type().id()) {
		case duckdb::LogicalTypeId::BOOLEAN:
		case duckdb::LogicalTypeId::TINYINT:
		case duckdb::LogicalTypeId::SMALLINT:
		case duckdb::LogicalTypeId::INTEGER:
		case duckdb::LogicalTypeId::BIGINT:
			code = sqlite3_bind_int64(statement, index, value.GetValue<int64_t>());
			break;
		case duckdb::LogicalTypeId::TIMESTAMP_TZ: {
			auto text = FixedTimestampText(value.GetValue<duckdb::timestamp_tz_t>());
			code = sqlite3_bind_text64(statement, index, text.data(), text.size(), SQLITE_TRANSIENT, SQLITE_UTF8);
			break;
		}
		case duckdb::LogicalTypeId::DOUBLE:
			code = sqlite3_bind_double(statement, index, value.GetValue<double>());
			break;
		case duckdb::LogicalTypeId::BLOB: {
			auto &data = duckdb::StringValue::Get(value);
			code = sqlite3_bind_blob64(statement, index, data.data(), data.size(), SQLITE_TRANSIENT);
			break;
		}
		case duckdb::LogicalTypeId::VARCHAR: {
			auto &text = duckdb::StringValue::Get(value);
			code = sqlite3_bind_text64(statement, index, text.data(), text.size(), SQLITE_TRANSIENT, SQLITE_UTF8);
			break;
		}
		default: { // UUID and the like: their text
			auto text = value.ToString();
			code = sqlite3_bind_text64(statement, index, text.data(), text.size(), SQLITE_TRANSIENT, SQLITE_UTF8);
			break;
		}
		}
	}
	if (code != SQLITE_OK) {
		Fail(code, "binding a value");
	}
}

void SQLiteConnection::AppendRows(const std::string &qualified_table, const std::vector<std::string> &columns,
                                  const std::vector<std::vector<Value>> &rows) {
	if (rows.empty()) {
		return;
	}
	std::string sql = "INSERT INTO " + qualified_table;
	for (size_t i = 0; i < columns.size(); i++) {
		sql += (i ? ", " : " (") + columns[i] + (i + 1 == columns.size() ? ")" : "");
	}
	sql += " VALUES (";
	for (size_t column = 0; column < rows[0].size(); column++) {
		sql += column ? ", ?" : "?";
	}
	sql += ")";
	CachedStatement prepared(*this, sql);
	auto statement = prepared.Get();
	for (auto &row : rows) {
		for (size_t column = 0; column < row.size(); column++) {
			Bind(statement, static_cast<int>(column + 1), row[column]);
		}
		int code = sqlite3_step(statement);
		if (code != SQLITE_DONE) {
			Fail(code, sql);
		}
		sqlite3_reset(statement);
	}
}

bool SQLiteConnection::TableExists(const std::string &table_name) {
	auto rows = Query("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = " + SqlString(table_name));
	return rows.GetValue(0, 0).GetValue<int64_t>() > 0;
}

size_t SQLiteConnection::MaxColumnsPerTable() const {
	return size_t(sqlite3_limit(db, SQLITE_LIMIT_COLUMN, -1));
}

bool SQLiteConnection::HasNoTables() {
	return Query("SELECT count(*) FROM sqlite_master WHERE type = 'table'").GetValue(0, 0).GetValue<int64_t>() == 0;
}

void SQLiteConnection::BeginRead() {
	Execute("BEGIN DEFERRED");
	in_transaction = true;
}

void SQLiteConnection::BeginWrite() {
	LockWriters();
	try {
		if (!wal_set) {
			Query("PRAGMA journal_mode = WAL");
			wal_set = true;
		}
		Execute("BEGIN IMMEDIATE");
	} catch (...) {
		UnlockWriters();
		throw;
	}
	in_transaction = true;
}

void SQLiteConnection::Commit() {
	EndTransaction("COMMIT");
}

void SQLiteConnection::Rollback() {
	EndTransaction("ROLLBACK");
}

void SQLiteConnection::EndTransaction(const char *statement) {
	if (!in_transaction) {
		return;
	}
	try {
		Execute(statement);
	} catch (...) {
		// a failed COMMIT (BUSY: readers still on an old WAL frame never block it, but a full disk may) leaves
		// the transaction open: roll it back so the connection stays usable
		if (sqlite3_get_autocommit(db) == 0) {
			sqlite3_exec(db, "ROLLBACK", nullptr, nullptr, nullptr);
		}
		in_transaction = false;
		UnlockWriters();
		throw;
	}
	in_transaction = false;
	UnlockWriters();
}

void SQLiteConnection::LockWriters() {
	writer_lock.Lock(writer_lock_timeout_ms);
}

void SQLiteConnection::UnlockWriters() {
	writer_lock.Unlock();
}

} // namespace inlake

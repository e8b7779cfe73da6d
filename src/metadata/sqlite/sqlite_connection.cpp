#include "metadata/sqlite/sqlite_connection.hpp"

#include "metadata/sql_literal.hpp"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sqlite3.h>
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

//! Frees a prepared statement when it goes out of scope.
struct StatementGuard {
	sqlite3_stmt *statement = nullptr;
	~StatementGuard() {
		sqlite3_finalize(statement);
	}
};

} // namespace

SQLiteConnection::SQLiteConnection(const std::string &path_p, const SQLiteOpenOptions &options) : path(path_p) {
	int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX | (options.create ? SQLITE_OPEN_CREATE : 0);
	int code = sqlite3_open_v2(path.c_str(), &db, flags, nullptr);
	if (code != SQLITE_OK) {
		std::string message = db ? sqlite3_errmsg(db) : sqlite3_errstr(code);
		sqlite3_close(db);
		db = nullptr;
		throw CatalogQueryError(KindOf(code), "Cannot open SQLite catalog \"" + path + "\": " + message);
	}
	sqlite3_extended_result_codes(db, 1);
	sqlite3_busy_timeout(db, options.busy_timeout_ms);
	try {
		// WAL is a property of the file (the first connection sets it); synchronous is per connection
		Query("PRAGMA journal_mode = WAL");
		Execute("PRAGMA synchronous = FULL");
	} catch (...) {
		sqlite3_close(db);
		db = nullptr;
		throw;
	}
	lock_fd = open((path + ".lock").c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
	if (lock_fd < 0) {
		auto error = std::string(strerror(errno));
		sqlite3_close(db);
		db = nullptr;
		throw CatalogQueryError(CatalogErrorKind::OTHER,
		                        "Cannot open the writers' lock file \"" + path + ".lock\": " + error);
	}
}

SQLiteConnection::~SQLiteConnection() {
	if (in_transaction) {
		sqlite3_exec(db, "ROLLBACK", nullptr, nullptr, nullptr);
	}
	UnlockWriters();
	if (lock_fd >= 0) {
		close(lock_fd);
	}
	sqlite3_close(db);
}

void SQLiteConnection::Fail(int code, const std::string &sql) {
	auto extended = sqlite3_extended_errcode(db);
	std::string statement = sql.size() > 300 ? sql.substr(0, 300) + "..." : sql;
	throw CatalogQueryError(KindOf(extended ? extended : code),
	                        "SQLite catalog \"" + path + "\": " + sqlite3_errmsg(db) + " (running: " + statement + ")");
}

CatalogRows SQLiteConnection::Query(const std::string &sql) {
	StatementGuard guard;
	const char *rest = nullptr;
	int code = sqlite3_prepare_v2(db, sql.c_str(), static_cast<int>(sql.size()), &guard.statement, &rest);
	if (code != SQLITE_OK) {
		Fail(code, sql);
	}
	CatalogRows rows;
	if (!guard.statement) {
		return rows; // only whitespace or a comment
	}
	int columns = sqlite3_column_count(guard.statement);
	for (int column = 0; column < columns; column++) {
		rows.names.emplace_back(sqlite3_column_name(guard.statement, column));
	}
	while ((code = sqlite3_step(guard.statement)) == SQLITE_ROW) {
		std::vector<Value> row;
		row.reserve(columns);
		for (int column = 0; column < columns; column++) {
			row.push_back(ColumnValue(guard.statement, column));
		}
		rows.rows.push_back(std::move(row));
	}
	if (code != SQLITE_DONE) {
		Fail(code, sql);
	}
	for (int column = 0; column < columns; column++) {
		rows.types.push_back(ColumnType(guard.statement, column, rows));
	}
	return rows;
}

void SQLiteConnection::Execute(const std::string &sql) {
	char *message = nullptr;
	int code = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &message);
	sqlite3_free(message);
	if (code != SQLITE_OK) {
		Fail(code, sql);
	}
}

bool SQLiteConnection::TableExists(const std::string &table_name) {
	auto rows = Query("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = " + SqlString(table_name));
	return rows.GetValue(0, 0).GetValue<int64_t>() > 0;
}

void SQLiteConnection::BeginRead() {
	Execute("BEGIN DEFERRED");
	in_transaction = true;
}

void SQLiteConnection::BeginWrite() {
	LockWriters();
	try {
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
	if (holds_writer_lock) {
		return;
	}
	while (flock(lock_fd, LOCK_EX) != 0) {
		if (errno != EINTR) {
			throw CatalogQueryError(CatalogErrorKind::OTHER,
			                        "Cannot lock \"" + path + ".lock\": " + std::string(strerror(errno)));
		}
	}
	holds_writer_lock = true;
}

void SQLiteConnection::UnlockWriters() {
	if (holds_writer_lock) {
		flock(lock_fd, LOCK_UN);
		holds_writer_lock = false;
	}
}

} // namespace inlake

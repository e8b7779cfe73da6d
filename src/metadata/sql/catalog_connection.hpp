//===----------------------------------------------------------------------===//
// CatalogConnection: one connection to a catalog database (a DuckDB file,
// SQLite, PostgreSQL), the only way the backend-neutral metadata code talks
// to it.
//
// Statements run in the connection's transaction when one is open (Begin*),
// otherwise each on its own. Failures throw CatalogQueryError, whose kind
// tells the commit's retry logic what happened without reading the message
// (servers may speak other languages).
//===----------------------------------------------------------------------===//
#pragma once

#include "metadata/sql/catalog_rows.hpp"
#include "metadata/sql/sql_dialect.hpp"

#include "duckdb/common/exception.hpp"
#include "duckdb/common/types/data_chunk.hpp"

#include <functional>

#include <string>

namespace inlake {

enum class CatalogErrorKind {
	OTHER,
	//! The database was locked by another writer for longer than the connection waits
	BUSY,
	//! A primary key or unique constraint was violated (two writers took the same id)
	UNIQUE_VIOLATION,
	//! The database refused to serialize this transaction with a concurrent one (or found a deadlock)
	SERIALIZATION_FAILURE,
	//! The connection to the database server was lost (the next statement reconnects)
	CONNECTION_LOST,
	//! A table the statement names does not exist (told apart where the database has a code for it)
	MISSING_TABLE
};

class CatalogQueryError : public duckdb::IOException {
public:
	CatalogQueryError(CatalogErrorKind kind, const std::string &message) : duckdb::IOException(message), kind(kind) {
	}
	CatalogErrorKind kind;
};

//! Rows of one query, handed over a chunk at a time while the query runs.
class CatalogCursor {
public:
	virtual ~CatalogCursor() = default;
	//! Fills `chunk` (initialised with the cursor's types) with the next rows; false when there are no more.
	virtual bool Next(duckdb::DataChunk &chunk) = 0;
};

class CatalogConnection {
public:
	virtual ~CatalogConnection() = default;

	//! Runs one statement and returns its rows.
	virtual CatalogRows Query(const std::string &sql) = 0;
	//! Query for a statement run with the same text again and again (the latest snapshot at every statement's
	//! start): a backend may keep it prepared, so that the database does not parse and plan it each time.
	virtual CatalogRows QueryRepeated(const std::string &sql) {
		return Query(sql);
	}
	//! Starts one query whose rows come as `types` (each BIGINT, DOUBLE, VARCHAR or BLOB: what the columns
	//! store), read a chunk at a time without a Value per cell (inlined data). The cursor must end before the
	//! connection's transaction does; the default runs the query through Query at once.
	virtual std::unique_ptr<CatalogCursor> OpenCursor(const std::string &sql,
	                                                  const duckdb::vector<duckdb::LogicalType> &types);
	//! Runs a query through OpenCursor, handing each chunk to `callback` (the chunk is reused between calls).
	void QueryChunks(const std::string &sql, const duckdb::vector<duckdb::LogicalType> &types,
	                 const std::function<void(duckdb::DataChunk &)> &callback);
	//! Runs several queries, one result each; a backend may send them together (one round trip to a server).
	virtual std::vector<CatalogRows> QueryMany(const std::vector<std::string> &queries) {
		std::vector<CatalogRows> results;
		for (auto &sql : queries) {
			results.push_back(Query(sql));
		}
		return results;
	}
	//! BeginWrite, then `query` inside the new transaction, together where the backend can.
	virtual CatalogRows BeginWriteAndQuery(const std::string &query) {
		BeginWrite();
		return Query(query);
	}
	//! Runs `sql` (its `parameters` bound to the markers SqlDialect::Parameter writes) alone in a write
	//! transaction: the write lock taken as BeginWrite takes it, the statement and COMMIT sent together, so the
	//! lock is held only while the database works. The statement's rows go to `rows`. False when the backend
	//! cannot (nothing ran). A failure throws and leaves nothing written; a connection lost after COMMIT was sent
	//! finds out whether the transaction committed, and if it did, reads its rows with `recovery_sql`.
	virtual bool WriteInOneStep(const std::string &sql, const std::vector<duckdb::Value> &parameters,
	                            const std::string &recovery_sql, CatalogRows &rows) {
		return false;
	}
	//! Runs one or more statements (separated by ';') that return no rows.
	virtual void Execute(const std::string &sql) = 0;
	//! Runs one statement that returns no rows, its `parameters` bound (as AppendRows binds values) to the markers
	//! SqlDialect::Parameter writes: the text stays the same from call to call, so a backend may keep it prepared
	//! where values spliced into the text would be parsed and planned anew each time.
	virtual void ExecuteWithParameters(const std::string &sql, const std::vector<duckdb::Value> &parameters) = 0;
	//! Runs one INSERT, UPDATE or DELETE and returns how many rows it changed.
	virtual int64_t ExecuteCount(const std::string &sql) = 0;
	//! Appends rows to the table `qualified_table` (its name as SQL, prefix included): one value per name in
	//! `columns` (empty: every column of the table, in order). Values are bound, never spliced into SQL text
	//! (text may hold any byte): NULL, BIGINT, DOUBLE, VARCHAR and BLOB as they are, and the catalog's BOOLEAN,
	//! UUID and TIMESTAMPTZ values as the dialect stores them.
	virtual void AppendRows(const std::string &qualified_table, const std::vector<std::string> &columns,
	                        const std::vector<std::vector<duckdb::Value>> &rows) = 0;
	//! Opens a transaction that only reads: it sees one consistent catalog state.
	virtual void BeginRead() = 0;
	//! Opens a transaction that will write, taking the database's write lock now (waiting for other writers
	//! first), so it can never fail later because a reader wanted to become a writer.
	virtual void BeginWrite() = 0;
	virtual void Commit() = 0;
	virtual void Rollback() = 0;
	virtual bool InTransaction() const = 0;
	//! Drops a table (if it exists) as part of the current transaction; a backend where that would wait for
	//! readers inside the commit (PostgreSQL: DROP waits for every open transaction that read the table) may drop
	//! it after the commit instead, or later, once no reader holds it.
	virtual void DropTable(const std::string &qualified_table) {
		Execute("DROP TABLE IF EXISTS " + qualified_table);
	}
	//! Whether the schema holding the lake's catalog tables has a table of this name.
	virtual bool TableExists(const std::string &table_name) = 0;
	//! Whether that schema holds no table at all.
	virtual bool HasNoTables() = 0;
	//! MetadataStore::WhyNoLakeCanBeCreated: by default, a database with any table refuses a new lake.
	virtual std::string WhyNoLakeCanBeCreated() {
		return HasNoTables() ? std::string() : kTablesOfItsOwn;
	}
	static constexpr const char *kTablesOfItsOwn =
	    "is a database with tables of its own, not a DuckLake catalog; a lake is created only in an empty database";
	virtual const SqlDialect &Dialect() const = 0;
};

} // namespace inlake

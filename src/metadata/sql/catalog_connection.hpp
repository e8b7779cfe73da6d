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

#include <string>

namespace inlake {

enum class CatalogErrorKind {
	OTHER,
	//! The database was locked by another writer for longer than the connection waits
	BUSY,
	//! A primary key or unique constraint was violated (two writers took the same id)
	UNIQUE_VIOLATION,
	//! The database refused to serialize this transaction with a concurrent one
	SERIALIZATION_FAILURE
};

class CatalogQueryError : public duckdb::IOException {
public:
	CatalogQueryError(CatalogErrorKind kind, const std::string &message) : duckdb::IOException(message), kind(kind) {
	}
	CatalogErrorKind kind;
};

class CatalogConnection {
public:
	virtual ~CatalogConnection() = default;

	//! Runs one statement and returns its rows.
	virtual CatalogRows Query(const std::string &sql) = 0;
	//! Runs one or more statements (separated by ';') that return no rows.
	virtual void Execute(const std::string &sql) = 0;
	//! Opens a transaction that only reads: it sees one consistent catalog state.
	virtual void BeginRead() = 0;
	//! Opens a transaction that will write, taking the database's write lock now (waiting for other writers
	//! first), so it can never fail later because a reader wanted to become a writer.
	virtual void BeginWrite() = 0;
	virtual void Commit() = 0;
	virtual void Rollback() = 0;
	virtual bool InTransaction() const = 0;
	//! Whether the schema holding the lake's catalog tables has a table of this name.
	virtual bool TableExists(const std::string &table_name) = 0;
	virtual const SqlDialect &Dialect() const = 0;
};

} // namespace inlake

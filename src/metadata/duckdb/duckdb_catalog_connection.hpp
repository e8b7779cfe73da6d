//===----------------------------------------------------------------------===//
// DuckDBCatalogConnection: the CatalogConnection of a DuckDB-file catalog,
// over one of inlake's internal connections to the user's DuckDB instance
// (the catalog file is attached there).
//
// DuckDB's own errors pass through unchanged (users and tests know their
// wording); only BUSY-like kinds have no DuckDB counterpart here: one process
// owns a DuckDB catalog file.
//===----------------------------------------------------------------------===//
#pragma once

#include "common/internal_connection.hpp"
#include "metadata/sql/catalog_connection.hpp"

#include "duckdb/main/materialized_query_result.hpp"

namespace inlake {

//! The rows of a materialized DuckDB result.
CatalogRows ToCatalogRows(duckdb::MaterializedQueryResult &result);

class DuckDBCatalogConnection : public CatalogConnection {
public:
	//! The catalog tables are in schema `metadata_schema` of the attached database `metadata_database`.
	DuckDBCatalogConnection(InternalConnection &connection, std::string metadata_database, std::string metadata_schema)
	    : connection(connection), metadata_database(std::move(metadata_database)),
	      metadata_schema(std::move(metadata_schema)) {
	}

	CatalogRows Query(const std::string &sql) override;
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
		return connection.HasActiveTransaction();
	}
	bool TableExists(const std::string &table_name) override;
	bool HasNoTables() override;
	const SqlDialect &Dialect() const override {
		return dialect;
	}

private:
	//! Rows up to which AppendRows sends one INSERT ... VALUES statement; more are bound as lists
	static constexpr size_t kRowsAppendedAsText = 1000;
	void AppendRowsAsLists(const std::string &qualified_table, const std::string &column_list,
	                       const std::vector<std::vector<duckdb::Value>> &rows);

	InternalConnection &connection;
	std::string metadata_database;
	std::string metadata_schema;
	DuckDBDialect dialect;
};

} // namespace inlake

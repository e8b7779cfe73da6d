#include "metadata/duckdb/duckdb_catalog_connection.hpp"

#include "duckdb/catalog/catalog.hpp"
#include "duckdb/catalog/catalog_entry/schema_catalog_entry.hpp"
#include "duckdb/catalog/catalog_entry/table_catalog_entry.hpp"

namespace inlake {

CatalogRows ToCatalogRows(duckdb::MaterializedQueryResult &result) {
	CatalogRows rows;
	rows.names = result.names;
	rows.types = result.types;
	auto &collection = result.Collection();
	rows.rows.reserve(collection.Count());
	for (auto &chunk : collection.Chunks()) {
		for (duckdb::idx_t row = 0; row < chunk.size(); row++) {
			std::vector<duckdb::Value> values;
			values.reserve(chunk.ColumnCount());
			for (duckdb::idx_t column = 0; column < chunk.ColumnCount(); column++) {
				values.push_back(chunk.GetValue(column, row));
			}
			rows.rows.push_back(std::move(values));
		}
	}
	return rows;
}

//! Runs `sql`, throwing DuckDB's own error on failure.
static duckdb::unique_ptr<duckdb::MaterializedQueryResult> Run(InternalConnection &connection, const std::string &sql) {
	auto result = connection.Query(sql);
	if (result->HasError()) {
		result->ThrowError();
	}
	return result;
}

CatalogRows DuckDBCatalogConnection::Query(const std::string &sql) {
	return ToCatalogRows(*Run(connection, sql));
}

void DuckDBCatalogConnection::Execute(const std::string &sql) {
	Run(connection, sql);
}

int64_t DuckDBCatalogConnection::ExecuteCount(const std::string &sql) {
	auto result = Run(connection, sql);
	return result->RowCount() == 0 ? 0 : result->GetValue(0, 0).GetValue<int64_t>();
}

void DuckDBCatalogConnection::AppendRows(const std::string &qualified_table, const std::vector<std::string> &columns,
                                         const std::vector<std::vector<duckdb::Value>> &rows) {
	std::string column_list;
	for (auto &column : columns) {
		column_list += (column_list.empty() ? " (" : ", ") + column;
	}
	if (!column_list.empty()) {
		column_list += ")";
	}
	const size_t batch = 1000;
	for (size_t begin = 0; begin < rows.size(); begin += batch) {
		std::string sql = "INSERT INTO " + qualified_table + column_list + " VALUES ";
		for (size_t row = begin; row < std::min(rows.size(), begin + batch); row++) {
			sql += row > begin ? ", (" : "(";
			for (size_t column = 0; column < rows[row].size(); column++) {
				sql += (column ? ", " : "") + rows[row][column].ToSQLString();
			}
			sql += ")";
		}
		Run(connection, sql);
	}
}

bool DuckDBCatalogConnection::TableExists(const std::string &table_name) {
	// Through the catalog API, not duckdb_tables(): that would open a transaction on every attached
	// database, this lake included, from inside the lake's own metadata calls.
	bool exists = false;
	connection.context->RunFunctionInTransaction([&]() {
		exists = duckdb::Catalog::GetEntry<duckdb::TableCatalogEntry>(*connection.context, metadata_database,
		                                                              metadata_schema, table_name,
		                                                              duckdb::OnEntryNotFound::RETURN_NULL) != nullptr;
	});
	return exists;
}

bool DuckDBCatalogConnection::HasNoTables() {
	bool empty = true;
	connection.context->RunFunctionInTransaction([&]() {
		auto schema = duckdb::Catalog::GetSchema(*connection.context, metadata_database, metadata_schema,
		                                         duckdb::OnEntryNotFound::RETURN_NULL);
		if (schema) {
			schema->Scan(*connection.context, duckdb::CatalogType::TABLE_ENTRY,
			             [&](duckdb::CatalogEntry &) { empty = false; });
		}
	});
	return empty;
}

void DuckDBCatalogConnection::BeginRead() {
	connection.BeginTransaction();
}

void DuckDBCatalogConnection::BeginWrite() {
	connection.BeginTransaction();
}

void DuckDBCatalogConnection::Commit() {
	connection.Commit();
}

void DuckDBCatalogConnection::Rollback() {
	connection.Rollback();
}

} // namespace inlake

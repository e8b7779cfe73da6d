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

void DuckDBCatalogConnection::ExecuteWithParameters(const std::string &sql,
                                                    const std::vector<duckdb::Value> &parameters) {
	auto prepared = connection.context->Prepare(sql);
	if (prepared->HasError()) {
		prepared->error.Throw();
	}
	duckdb::vector<duckdb::Value> values(parameters.begin(), parameters.end());
	auto result = prepared->Execute(values, false);
	if (result->HasError()) {
		result->ThrowError();
	}
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
	if (rows.size() <= kRowsAppendedAsText) {
		std::string sql = "INSERT INTO " + qualified_table + column_list + " VALUES ";
		for (size_t row = 0; row < rows.size(); row++) {
			sql += row > 0 ? ", (" : "(";
			for (size_t column = 0; column < rows[row].size(); column++) {
				sql += (column ? ", " : "") + rows[row][column].ToSQLString();
			}
			sql += ")";
		}
		Run(connection, sql);
		return;
	}
	AppendRowsAsLists(qualified_table, column_list, rows);
}

//! Of a column's values, the type they are bound as (the first non-NULL one's; VARCHAR when all are NULL)
static duckdb::LogicalType ColumnValueType(const std::vector<std::vector<duckdb::Value>> &rows, size_t column) {
	for (auto &row : rows) {
		if (!row[column].IsNull()) {
			return row[column].type();
		}
	}
	return duckdb::LogicalType::VARCHAR;
}

void DuckDBCatalogConnection::AppendRowsAsLists(const std::string &qualified_table, const std::string &column_list,
                                                const std::vector<std::vector<duckdb::Value>> &rows) {
	// one prepared INSERT ... SELECT unnest($1), unnest($2), ... per batch, each column's values bound as one
	// list: the statement is parsed and planned once, where VALUES text grows with the rows (800,000 inlined
	// deletions took 20 s as text)
	auto columns = rows.front().size();
	std::string select;
	std::vector<duckdb::LogicalType> types;
	for (size_t column = 0; column < columns; column++) {
		types.push_back(ColumnValueType(rows, column));
		select += (column ? ", unnest($" : "unnest($") + std::to_string(column + 1) + ")";
	}
	auto prepared = connection.context->Prepare("INSERT INTO " + qualified_table + column_list + " SELECT " + select);
	if (prepared->HasError()) {
		prepared->error.Throw();
	}
	const size_t batch = 100000;
	for (size_t begin = 0; begin < rows.size(); begin += batch) {
		auto end = std::min(rows.size(), begin + batch);
		duckdb::vector<duckdb::Value> parameters;
		for (size_t column = 0; column < columns; column++) {
			duckdb::vector<duckdb::Value> values;
			values.reserve(end - begin);
			for (size_t row = begin; row < end; row++) {
				auto &value = rows[row][column];
				values.push_back(value.type() == types[column] ? value : value.DefaultCastAs(types[column]));
			}
			parameters.push_back(duckdb::Value::LIST(types[column], std::move(values)));
		}
		auto result = prepared->Execute(parameters, false);
		if (result->HasError()) {
			result->ThrowError();
		}
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

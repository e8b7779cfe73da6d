//===----------------------------------------------------------------------===//
// DirectTableWriter: appends to and updates catalog tables through DuckDB's
// storage API (appends straight to the table storage, DataTable::Scan and
// DataTable::Update), without SQL.
//
// A statement on the catalog connection costs about a million instructions of
// parsing, binding, planning and executor setup before it touches a row; a
// small commit runs a handful of fixed-shape writes, so those go through here.
// Every call works inside the connection's open transaction (the caller holds
// the store lock and has begun the transaction): the rows become visible and
// durable with that transaction's commit, exactly like an INSERT or UPDATE
// would, constraints (PRIMARY KEY, NOT NULL) included.
//===----------------------------------------------------------------------===//
#pragma once

#include "duckdb/common/types/column/column_data_collection.hpp"
#include "duckdb/common/types/value.hpp"
#include "duckdb/main/client_context.hpp"

#include <string>
#include <vector>

namespace duckdb {
class TableCatalogEntry;
}

namespace inlake {

//! One row to update: the values of the key columns, and the new values of the updated columns.
struct KeyedUpdate {
	std::vector<int64_t> key;
	std::vector<duckdb::Value> values;
};

class DirectTableWriter {
public:
	DirectTableWriter(duckdb::ClientContext &context, std::string database, std::string schema);

	//! Appends rows whose columns are the table's columns, in order and of the same types.
	void Append(const std::string &table, duckdb::ColumnDataCollection &rows);
	//! Appends rows of values for the table's leading columns (cast to the column types); trailing columns
	//! the rows leave out (those a newer format version adds) are NULL.
	void AppendValues(const std::string &table, const std::vector<std::vector<duckdb::Value>> &rows);
	//! Sets `set_columns` of every row whose BIGINT `key_columns` equal one update's key to that update's values.
	//! Returns, per update, how many rows matched.
	std::vector<duckdb::idx_t> UpdateByKey(const std::string &table, const std::vector<std::string> &key_columns,
	                                       const std::vector<std::string> &set_columns,
	                                       const std::vector<KeyedUpdate> &updates);

private:
	duckdb::TableCatalogEntry &WritableTable(const std::string &table);

	duckdb::ClientContext &context;
	std::string database;
	std::string schema;
};

} // namespace inlake

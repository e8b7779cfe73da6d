//===----------------------------------------------------------------------===//
// CatalogRows: the rows one query on a catalog database returned, as DuckDB
// values. Each backend converts its own values: a SQLite INTEGER arrives as
// BIGINT, TEXT as VARCHAR, REAL as DOUBLE, BLOB as BLOB; readers convert
// further (a VARCHAR timestamp to TIMESTAMP WITH TIME ZONE) where they need to.
//===----------------------------------------------------------------------===//
#pragma once

#include "duckdb/common/types/value.hpp"

#include <string>
#include <vector>

namespace inlake {

class CatalogRows {
public:
	duckdb::idx_t RowCount() const {
		return rows.size();
	}
	duckdb::idx_t ColumnCount() const {
		return names.size();
	}
	const duckdb::Value &GetValue(duckdb::idx_t column, duckdb::idx_t row) const {
		return rows[row][column];
	}

	std::vector<std::string> names;
	//! The columns' types as the backend declares them (SQLite: INTEGER as BIGINT, TEXT as VARCHAR, ...)
	std::vector<duckdb::LogicalType> types;
	//! One vector per row, one value per column
	std::vector<std::vector<duckdb::Value>> rows;
};

} // namespace inlake

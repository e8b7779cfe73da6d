//===----------------------------------------------------------------------===//
// ResultRow: typed, NULL-aware access to one row of a catalog query's rows,
// whichever backend answered: a value stored as text (SQLite keeps
// timestamps and UUIDs as text, booleans as integers) is converted to what
// the reader asks for.
//===----------------------------------------------------------------------===//
#pragma once

#include "metadata/sql/catalog_rows.hpp"

#include "duckdb/common/types/timestamp.hpp"

namespace inlake {

class ResultRow {
public:
	ResultRow(const CatalogRows &rows, duckdb::idx_t row) : rows(rows), row(row) {
	}
	bool IsNull(duckdb::idx_t col) const {
		return Get(col).IsNull();
	}
	int64_t Int(duckdb::idx_t col, int64_t if_null = 0) const {
		auto &value = Get(col);
		return value.IsNull() ? if_null : value.GetValue<int64_t>();
	}
	std::string String(duckdb::idx_t col) const {
		auto &value = Get(col);
		return value.IsNull() ? std::string() : value.ToString();
	}
	bool Bool(duckdb::idx_t col, bool if_null) const {
		auto &value = Get(col);
		return value.IsNull() ? if_null : value.DefaultCastAs(duckdb::LogicalType::BOOLEAN).GetValue<bool>();
	}
	duckdb::timestamp_tz_t TimestampTz(duckdb::idx_t col) const {
		auto &value = Get(col);
		if (value.IsNull()) {
			return duckdb::timestamp_tz_t(0);
		}
		return value.DefaultCastAs(duckdb::LogicalType::TIMESTAMP_TZ).GetValue<duckdb::timestamp_tz_t>();
	}

private:
	const duckdb::Value &Get(duckdb::idx_t col) const {
		return rows.GetValue(col, row);
	}

	const CatalogRows &rows;
	duckdb::idx_t row;
};

} // namespace inlake

//===----------------------------------------------------------------------===//
// Values between DuckDB and libpq: statement parameters (text, bytea as
// binary) and result cells (text, converted by the column's type OID).
//===----------------------------------------------------------------------===//
#pragma once

#include "duckdb/common/types/value.hpp"
#include "duckdb/common/types/vector.hpp"

#include <string>
#include <vector>

struct pg_result;

namespace inlake {

//! One statement with its parameters as libpq sends them.
struct PostgresStatement {
	std::string sql;
	std::vector<std::string> values;
	std::vector<bool> nulls;
	//! Sent in binary (bytea: the bytes themselves)
	std::vector<bool> binary;
	//! Non-empty: `sql` is the server-side prepared statement of this name (executed with the values), or, with
	//! `prepare`, is prepared under this name (parameter types inferred by the server)
	std::string prepared_name;
	bool prepare = false;
};

//! Appends `value` as the statement's next parameter: NULL, BIGINT, DOUBLE, BOOLEAN, VARCHAR, BLOB (binary) and
//! the catalog's UUID and TIMESTAMPTZ values. Text holding a NUL byte is refused (PostgreSQL's text cannot).
void AddParameter(PostgresStatement &statement, const duckdb::Value &value);

//! A statement's parameters as the arrays PQexecParams / PQsendQueryParams take.
class BoundParameters {
public:
	explicit BoundParameters(const PostgresStatement &statement);
	int Count() const {
		return int(values.size());
	}
	const unsigned int *Types() const {
		return types.empty() ? nullptr : types.data();
	}
	const char *const *Values() const {
		return values.empty() ? nullptr : values.data();
	}
	const int *Lengths() const {
		return lengths.empty() ? nullptr : lengths.data();
	}
	const int *Formats() const {
		return formats.empty() ? nullptr : formats.data();
	}

private:
	std::vector<unsigned int> types;
	std::vector<const char *> values;
	std::vector<int> lengths;
	std::vector<int> formats;
};

//! The DuckDB type a result column of this OID is read as (BIGINT, BOOLEAN, DOUBLE, BLOB, else VARCHAR).
duckdb::LogicalType ResultColumnType(unsigned int oid);
//! One result cell as a value of ResultColumnType.
duckdb::Value ResultValue(pg_result *result, int row, int column);
//! One result cell stored at `out_row` of `vector` (BIGINT, DOUBLE, VARCHAR or BLOB); a bytea cell becomes its
//! bytes, also in a VARCHAR vector.
void StoreResultCell(pg_result *result, int row, int column, duckdb::Vector &vector, duckdb::idx_t out_row);

std::string StripTrailingNewline(std::string text);

} // namespace inlake

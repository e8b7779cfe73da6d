//===----------------------------------------------------------------------===//
// PostgresDialect: the SQL differences of a PostgreSQL catalog, and how it
// stores inlined values (format 1.0; summarised in docs/DEVELOPMENT.md):
//   VARCHAR, JSON, BLOB                  BYTEA (text may hold any byte, NUL too)
//   TINYINT                              SMALLINT
//   UTINYINT, USMALLINT                  INTEGER
//   UINTEGER                             BIGINT
//   BOOLEAN, SMALLINT..BIGINT, FLOAT, DOUBLE, DECIMAL, UUID, TIME, INTERVAL
//                                        the native type (REAL, DOUBLE PRECISION, NUMERIC(p,s), ...)
//   everything else (DATE, timestamps, UBIGINT, HUGEINT, UHUGEINT, nested, ...)
//                                        VARCHAR holding DuckDB's text of the value
// Values are bound as text (bytea as binary) and read back as text, cast by
// DuckDB to the column's type: exact for NaN, infinities, -0.0, infinite
// dates. Integers and booleans read as BIGINT (filters and bounds run in
// PostgreSQL); an INTERVAL is read through an expression giving its months,
// days and microseconds exactly (PostgreSQL's own text of a large interval
// does not read back); a FLOAT or DOUBLE through one that writes a NaN whose
// sign bit is set as "-nan" (the stored value keeps the sign of DuckDB's
// "-nan": PostgreSQL reads it with strtod; its output writes every NaN as
// "NaN"). As in SQLite catalogs, a NaN keeps its sign, not its payload bits.
//===----------------------------------------------------------------------===//
#pragma once

#include "metadata/sql/sql_dialect.hpp"

namespace inlake {

class PostgresDialect : public SqlDialect {
public:
	std::string CreateLookupIndex(const std::string &prefix, const std::string &index_name, const std::string &table,
	                              const std::string &columns) const override {
		// PostgreSQL creates the index in the table's schema
		return "CREATE INDEX IF NOT EXISTS " + index_name + " ON " + prefix + table + " (" + columns + ")";
	}
	const char *Name() const override {
		return "postgres";
	}
	std::string CatalogColumnType(const std::string &spec_type) const override {
		return spec_type;
	}
	std::string Parameter(size_t index) const override {
		return "$" + std::to_string(index);
	}
	bool WritesInWithClauses() const override {
		return true;
	}
	std::string NowExpression() const override {
		return "clock_timestamp()";
	}
	//! In PostgreSQL's own form (BC years as "... BC"); a time before PostgreSQL's earliest (4714-11-24 BC) is
	//! -infinity, which compares the same way with every stored time (DuckDB's latest is before PostgreSQL's).
	std::string TimestampTzLiteral(duckdb::timestamp_tz_t time) const override;
	std::string InlinedColumnType(const duckdb::LogicalType &type) const override;
	duckdb::LogicalType InlinedStorageType(const duckdb::LogicalType &type) const override;
	std::string InlinedReadExpression(const duckdb::LogicalType &type, const std::string &column) const override;
	bool ComparesStoredValues(const duckdb::LogicalType &type) const override;
	duckdb::Value EncodeInlined(const duckdb::Value &value) const override;
	duckdb::Value DecodeInlined(const duckdb::Value &stored, const duckdb::LogicalType &type) const override;
	//! The bytes PostgreSQL stores for the value (after any compression)
	std::string StoredSize(const std::string &column) const override {
		return "pg_column_size(" + column + ")";
	}
};

} // namespace inlake

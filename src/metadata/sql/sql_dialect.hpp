//===----------------------------------------------------------------------===//
// SqlDialect: the few places where the catalog databases' SQL differs.
//
// The catalog's SQL is written once, in the subset DuckDB, SQLite and
// PostgreSQL share (no QUALIFY, no `::` casts, no CREATE OR REPLACE); a
// dialect supplies only what cannot be written that way: the declared type
// of a catalog column, how a CREATE TABLE ends, and the text of a few
// expressions.
//===----------------------------------------------------------------------===//
#pragma once

#include "duckdb/common/types/timestamp.hpp"
#include "duckdb/common/types/value.hpp"

#include <string>

namespace inlake {

class SqlDialect {
public:
	virtual ~SqlDialect() = default;

	//! The backend's name, as users write it after "ducklake:" ("duckdb", "sqlite").
	virtual const char *Name() const = 0;
	//! The declared type of a catalog table column the spec gives as `spec_type` (BIGINT, VARCHAR, BOOLEAN, UUID,
	//! TIMESTAMPTZ).
	virtual std::string CatalogColumnType(const std::string &spec_type) const = 0;
	//! Appended to CREATE TABLE (...) of catalog tables (SQLite: " STRICT", so no value of another type is stored).
	virtual std::string CreateTableSuffix() const {
		return std::string();
	}
	//! CREATE INDEX IF NOT EXISTS for a catalog table whose rows a lookup finds by `columns` (a comma list), in
	//! the schema `prefix` names; empty for a database that scans its tables fast enough without (DuckDB).
	virtual std::string CreateLookupIndex(const std::string &prefix, const std::string &index_name,
	                                      const std::string &table, const std::string &columns) const {
		return std::string();
	}
	//! `expression` converted to text.
	virtual std::string AsText(const std::string &expression) const {
		return "CAST(" + expression + " AS VARCHAR)";
	}
	//! A literal of `time` for the catalog's TIMESTAMPTZ columns (snapshot_time), to write; comparisons are
	//! TimestampTzCondition's.
	virtual std::string TimestampTzLiteral(duckdb::timestamp_tz_t time) const;
	//! The condition `column op time` (op: <, <=, >, >=) on a catalog TIMESTAMPTZ column, right for every time
	//! DuckDB holds (years 10000 and later, BC years, the infinities).
	virtual std::string TimestampTzCondition(const std::string &column, const char *op,
	                                         duckdb::timestamp_tz_t time) const {
		return column + " " + op + " " + TimestampTzLiteral(time);
	}
	//! A value of a catalog table column (BIGINT, VARCHAR, BOOLEAN, UUID, TIMESTAMPTZ or NULL) as a SQL literal.
	virtual std::string Literal(const duckdb::Value &value) const;
	//! The marker of the statement's parameter `index` (from 1), bound by CatalogConnection::WriteInOneStep.
	virtual std::string Parameter(size_t index) const {
		return "?" + std::to_string(index);
	}
	//! The current time, read when the statement runs (not when its transaction began)
	virtual std::string NowExpression() const {
		return "current_timestamp";
	}
	//! Whether a WITH clause may hold INSERT and UPDATE statements (one statement then writes a whole small
	//! commit: see InlinedInsertCommit).
	virtual bool WritesInWithClauses() const {
		return false;
	}

	// Inlined data: how the catalog stores a value of a lake column of any DuckDB type.
	//! The declared type of an inlined data column holding values of `type` (native: the type itself).
	virtual std::string InlinedColumnType(const duckdb::LogicalType &type) const {
		return type.ToString();
	}
	//! What follows the declared type of an inlined data column of `type` in its CREATE TABLE (empty: nothing).
	virtual std::string InlinedColumnStorage(const duckdb::LogicalType &type) const {
		return std::string();
	}
	//! The type in which the inlined data column of `type` is read back (BIGINT, DOUBLE, VARCHAR or BLOB for
	//! CatalogConnection::QueryChunks; native: the type itself), and DecodeInlined's input.
	virtual duckdb::LogicalType InlinedStorageType(const duckdb::LogicalType &type) const {
		return type;
	}
	//! The SQL that reads the inlined data column `column` (an identifier) holding values of `type`, as
	//! InlinedStorageType (native: the column itself).
	virtual std::string InlinedReadExpression(const duckdb::LogicalType &type, const std::string &column) const {
		return column;
	}
	//! Whether the database compares stored values of `type` as DuckDB compares the values, so that a filter
	//! on them can run in the catalog's SQL (with DuckDB's SQL literals).
	virtual bool ComparesStoredValues(const duckdb::LogicalType &type) const {
		return true;
	}
	//! A lake value as the inlined data column stores it (what CatalogConnection::AppendRows takes).
	virtual duckdb::Value EncodeInlined(const duckdb::Value &value) const {
		return value;
	}
	//! A value read from an inlined data column, back as the lake column's `type`, exactly as it was written.
	virtual duckdb::Value DecodeInlined(const duckdb::Value &stored, const duckdb::LogicalType &type) const;
	//! About how many bytes the value of inlined data column `column` (an identifier) takes, NULL for a NULL
	//! (native: the length of its text form).
	virtual std::string StoredSize(const std::string &column) const {
		return "strlen(CAST(" + column + " AS VARCHAR))";
	}
};

class DuckDBDialect : public SqlDialect {
public:
	const char *Name() const override {
		return "duckdb";
	}
	std::string CatalogColumnType(const std::string &spec_type) const override {
		return spec_type;
	}
	//! Strings and floating-point values stored uncompressed: the inlined rows are the lake's write buffer, read
	//! by every query until a flush moves them to Parquet, and the catalog database's checkpoints would otherwise
	//! compress them (FSST, ALP) where DuckDB leaves a table's fresh appends uncompressed until its own checkpoint
	//! (an aggregate over 20,000 such strings and doubles: ~20% faster read uncompressed; integers, bit-packed, read
	//! as fast either way). The inlined rows then take more space in the catalog file until flushed.
	std::string InlinedColumnStorage(const duckdb::LogicalType &type) const override;
};

//! SQLite: STRICT tables; 64-bit INTEGER for ids, counts and booleans, TEXT for text, UUIDs and timestamps
//! (DuckDB's text form of the value).
class SQLiteDialect : public SqlDialect {
public:
	const char *Name() const override {
		return "sqlite";
	}
	std::string CatalogColumnType(const std::string &spec_type) const override;
	std::string CreateTableSuffix() const override {
		return " STRICT";
	}
	std::string CreateLookupIndex(const std::string &prefix, const std::string &index_name, const std::string &table,
	                              const std::string &columns) const override {
		// SQLite qualifies the index's name with the schema, not the table's
		return "CREATE INDEX IF NOT EXISTS " + prefix + index_name + " ON " + table + " (" + columns + ")";
	}
	std::string AsText(const std::string &expression) const override {
		return "CAST(" + expression + " AS TEXT)";
	}
	//! Times are text in one fixed UTC form (microseconds always written): text order is time order only for the
	//! years 0000 to 9999.
	std::string TimestampTzLiteral(duckdb::timestamp_tz_t time) const override;
	//! Compares microseconds since the epoch (inlake_epoch_us, sqlite_time_functions.hpp), not the text.
	std::string TimestampTzCondition(const std::string &column, const char *op,
	                                 duckdb::timestamp_tz_t time) const override;
	//! Booleans as 0/1
	std::string Literal(const duckdb::Value &value) const override;
	//! The bytes of the stored text or blob (a number: of its text form)
	std::string StoredSize(const std::string &column) const override {
		return "length(CAST(" + column + " AS BLOB))";
	}

	//! Inlined values (docs/DEVELOPMENT.md, the backends' inlined values): BOOLEAN and integers up to UINTEGER as INTEGER, BLOB as BLOB, VARCHAR as
	//! TEXT, every other type as TEXT holding DuckDB's own cast of the value to VARCHAR, read back by casting
	//! the text to the type (exact: NaN, infinities, -0.0, infinite dates, NULLs inside nested values).
	std::string InlinedColumnType(const duckdb::LogicalType &type) const override;
	duckdb::LogicalType InlinedStorageType(const duckdb::LogicalType &type) const override;
	//! Only integers (and booleans): text does not order as the values do
	bool ComparesStoredValues(const duckdb::LogicalType &type) const override;
	duckdb::Value EncodeInlined(const duckdb::Value &value) const override;
	duckdb::Value DecodeInlined(const duckdb::Value &stored, const duckdb::LogicalType &type) const override;
};

//! `time` as "YYYY-MM-DD HH:MM:SS.ffffff+00", the form SQLite catalogs store times in. `with_era`: a year before 1
//! is written as PostgreSQL reads it, counted back with a " BC" suffix (year 0 is 1 BC).
std::string FixedTimestampText(duckdb::timestamp_tz_t time, bool with_era = false);

} // namespace inlake

#include "metadata/postgres/postgres_dialect.hpp"

#include "metadata/sql/inlined_text.hpp"

#include "duckdb/common/types/date.hpp"
#include "duckdb/common/types/decimal.hpp"
#include "duckdb/common/types/time.hpp"
#include "duckdb/common/types/timestamp.hpp"

#include <cstdio>

namespace inlake {
using duckdb::LogicalType;
using duckdb::LogicalTypeId;
using duckdb::Value;

namespace {

enum class PostgresStorage { INTEGER, BYTES, NATIVE_TEXT, TEXT };

PostgresStorage StorageOf(const LogicalType &type) {
	switch (type.id()) {
	case LogicalTypeId::BOOLEAN:
	case LogicalTypeId::TINYINT:
	case LogicalTypeId::SMALLINT:
	case LogicalTypeId::INTEGER:
	case LogicalTypeId::BIGINT:
	case LogicalTypeId::UTINYINT:
	case LogicalTypeId::USMALLINT:
	case LogicalTypeId::UINTEGER:
		return PostgresStorage::INTEGER;
	case LogicalTypeId::VARCHAR:
	case LogicalTypeId::BLOB:
		return PostgresStorage::BYTES; // JSON is a VARCHAR with an alias
	case LogicalTypeId::FLOAT:
	case LogicalTypeId::DOUBLE:
	case LogicalTypeId::DECIMAL:
	case LogicalTypeId::UUID:
	case LogicalTypeId::TIME:
	case LogicalTypeId::INTERVAL:
		return PostgresStorage::NATIVE_TEXT;
	default:
		return PostgresStorage::TEXT;
	}
}

} // namespace

std::string PostgresDialect::TimestampTzLiteral(duckdb::timestamp_tz_t time) const {
	// PostgreSQL's range: 4714-11-24 00:00:00 BC (year -4713) up to 294276-12-31, after DuckDB's latest time
	static const auto earliest =
	    duckdb::Timestamp::FromDatetime(duckdb::Date::FromDate(-4713, 11, 24), duckdb::dtime_t(0));
	if (time == duckdb::timestamp_t::infinity()) {
		return "CAST('infinity' AS TIMESTAMPTZ)";
	}
	if (time.value < earliest.value) {
		return "CAST('-infinity' AS TIMESTAMPTZ)"; // -infinity too
	}
	return "CAST('" + FixedTimestampText(time, true) + "' AS TIMESTAMPTZ)";
}

std::string PostgresDialect::InlinedColumnType(const LogicalType &type) const {
	switch (type.id()) {
	case LogicalTypeId::BOOLEAN:
		return "BOOLEAN";
	case LogicalTypeId::TINYINT:
	case LogicalTypeId::SMALLINT:
		return "SMALLINT";
	case LogicalTypeId::UTINYINT:
	case LogicalTypeId::USMALLINT:
	case LogicalTypeId::INTEGER:
		return "INTEGER";
	case LogicalTypeId::UINTEGER:
	case LogicalTypeId::BIGINT:
		return "BIGINT";
	case LogicalTypeId::VARCHAR:
	case LogicalTypeId::BLOB:
		return "BYTEA";
	case LogicalTypeId::FLOAT:
		return "REAL";
	case LogicalTypeId::DOUBLE:
		return "DOUBLE PRECISION";
	case LogicalTypeId::DECIMAL:
		return "NUMERIC(" + std::to_string(duckdb::DecimalType::GetWidth(type)) + ", " +
		       std::to_string(duckdb::DecimalType::GetScale(type)) + ")";
	case LogicalTypeId::UUID:
		return "UUID";
	case LogicalTypeId::TIME:
		return "TIME";
	case LogicalTypeId::INTERVAL:
		return "INTERVAL";
	default:
		return "VARCHAR";
	}
}

LogicalType PostgresDialect::InlinedStorageType(const LogicalType &type) const {
	switch (StorageOf(type)) {
	case PostgresStorage::INTEGER:
		return LogicalType::BIGINT;
	case PostgresStorage::BYTES:
		// the connection decodes bytea into the bytes themselves, as BLOB or (for text) VARCHAR
		return type.id() == LogicalTypeId::BLOB ? LogicalType::BLOB : LogicalType::VARCHAR;
	default:
		return LogicalType::VARCHAR;
	}
}

//! A FLOAT or DOUBLE column as text that keeps a NaN's sign: PostgreSQL's float output writes every NaN as "NaN",
//! though the stored value keeps the sign bit DuckDB's "-nan" had (the input function reads the text with strtod);
//! float4send / float8send give the stored bits, whose first byte holds the sign.
static std::string FloatReadExpression(const LogicalType &type, const std::string &column) {
	auto sql_type = type.id() == LogicalTypeId::FLOAT ? "REAL" : "DOUBLE PRECISION";
	auto send = type.id() == LogicalTypeId::FLOAT ? "float4send" : "float8send";
	return "CASE WHEN " + column + " = CAST('NaN' AS " + sql_type + ") AND get_byte(" + send + "(" + column +
	       "), 0) >= 128 THEN '-nan' ELSE CAST(" + column + " AS VARCHAR) END";
}

std::string PostgresDialect::InlinedReadExpression(const LogicalType &type, const std::string &column) const {
	if (type.id() == LogicalTypeId::FLOAT || type.id() == LogicalTypeId::DOUBLE) {
		return FloatReadExpression(type, column);
	}
	if (type.id() != LogicalTypeId::INTERVAL) {
		return column;
	}
	// months, days and microseconds exactly, in the text InlinedIntervalText writes
	auto months = "CAST(EXTRACT(YEAR FROM " + column + ") * 12 + EXTRACT(MONTH FROM " + column + ") AS BIGINT)";
	auto days = "CAST(EXTRACT(DAY FROM " + column + ") AS BIGINT)";
	auto micros = "(CAST(EXTRACT(HOUR FROM " + column + ") AS NUMERIC) * 3600000000 + EXTRACT(MINUTE FROM " + column +
	              ") * 60000000 + EXTRACT(MICROSECONDS FROM " + column + "))";
	return "CAST(" + months + " AS VARCHAR) || ' months ' || CAST(" + days + " AS VARCHAR) || ' days ' || CASE WHEN " +
	       micros + " = -9223372036854775808 THEN '-9223372036854775807 microseconds -1 microseconds' ELSE CAST(CAST(" +
	       micros + " AS BIGINT) AS VARCHAR) || ' microseconds' END";
}

bool PostgresDialect::ComparesStoredValues(const LogicalType &type) const {
	return StorageOf(type) == PostgresStorage::INTEGER;
}

Value PostgresDialect::EncodeInlined(const Value &value) const {
	auto storage = StorageOf(value.type());
	if (value.IsNull()) {
		return Value(storage == PostgresStorage::INTEGER ? LogicalType::BIGINT
		             : storage == PostgresStorage::BYTES ? LogicalType::BLOB
		                                                 : LogicalType::VARCHAR);
	}
	switch (storage) {
	case PostgresStorage::INTEGER:
		return value.DefaultCastAs(LogicalType::BIGINT);
	case PostgresStorage::BYTES: {
		auto &bytes = duckdb::StringValue::Get(value);
		return Value::BLOB(duckdb::const_data_ptr_cast(bytes.data()), bytes.size());
	}
	default:
		if (value.type().id() == LogicalTypeId::INTERVAL) {
			// PostgreSQL reads the smallest microsecond count as one number (DuckDB's cast does not)
			auto interval = value.GetValue<duckdb::interval_t>();
			return Value(std::to_string(interval.months) + " months " + std::to_string(interval.days) + " days " +
			             std::to_string(interval.micros) + " microseconds");
		}
		return InlinedValueText(value);
	}
}

Value PostgresDialect::DecodeInlined(const Value &stored, const LogicalType &type) const {
	if (!stored.IsNull() && stored.type().id() == LogicalTypeId::BLOB && type.id() == LogicalTypeId::VARCHAR) {
		auto result = Value(duckdb::StringValue::Get(stored)); // the bytes of the text, not the blob's escapes
		result.Reinterpret(type);
		return result;
	}
	return ValueFromInlinedText(stored, type);
}

} // namespace inlake

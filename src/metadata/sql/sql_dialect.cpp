#include "metadata/sql/sql_dialect.hpp"

#include "metadata/sql/inlined_text.hpp"
#include "metadata/sql_literal.hpp"
#include "metadata/sqlite/sqlite_time_functions.hpp"

#include "duckdb/common/exception.hpp"
#include "duckdb/common/types/date.hpp"
#include "duckdb/common/limits.hpp"
#include "duckdb/common/optional_idx.hpp"
#include "duckdb/common/types/interval.hpp"
#include "duckdb/common/types/time.hpp"
#include "duckdb/common/type_visitor.hpp"

#include <cstdio>

namespace inlake {

std::string SQLiteDialect::CatalogColumnType(const std::string &spec_type) const {
	if (spec_type == "BIGINT" || spec_type == "BOOLEAN") {
		return "INTEGER";
	}
	if (spec_type == "VARCHAR" || spec_type == "UUID" || spec_type == "TIMESTAMPTZ") {
		return "TEXT";
	}
	throw duckdb::InternalException("no SQLite type for catalog column type %s", spec_type);
}

std::string SqlDialect::TimestampTzLiteral(duckdb::timestamp_tz_t time) const {
	if (!duckdb::Timestamp::IsFinite(time)) {
		return time == duckdb::timestamp_t::infinity() ? "CAST('infinity' AS TIMESTAMPTZ)"
		                                                : "CAST('-infinity' AS TIMESTAMPTZ)";
	}
	return "CAST(" + SqlString(duckdb::Timestamp::ToString(time) + "+00") + " AS TIMESTAMPTZ)";
}

std::string SqlDialect::Literal(const duckdb::Value &value) const {
	if (value.IsNull()) {
		return "NULL";
	}
	switch (value.type().id()) {
	case duckdb::LogicalTypeId::BIGINT:
	case duckdb::LogicalTypeId::INTEGER:
		return value.ToString();
	case duckdb::LogicalTypeId::BOOLEAN:
		return value.GetValue<bool>() ? "true" : "false";
	case duckdb::LogicalTypeId::TIMESTAMP_TZ:
		return TimestampTzLiteral(value.GetValue<duckdb::timestamp_tz_t>());
	default:
		return SqlString(value.ToString());
	}
}

std::string SQLiteDialect::Literal(const duckdb::Value &value) const {
	if (!value.IsNull() && value.type().id() == duckdb::LogicalTypeId::BOOLEAN) {
		return value.GetValue<bool>() ? "1" : "0";
	}
	return SqlDialect::Literal(value);
}

duckdb::Value SqlDialect::DecodeInlined(const duckdb::Value &stored, const duckdb::LogicalType &type) const {
	if (stored.IsNull()) {
		return duckdb::Value(type);
	}
	return stored.type() == type ? stored : stored.DefaultCastAs(type);
}

namespace {

enum class SQLiteStorage { INTEGER, BLOB, TEXT };

SQLiteStorage SQLiteStorageOf(const duckdb::LogicalType &type) {
	switch (type.id()) {
	case duckdb::LogicalTypeId::BOOLEAN:
	case duckdb::LogicalTypeId::TINYINT:
	case duckdb::LogicalTypeId::SMALLINT:
	case duckdb::LogicalTypeId::INTEGER:
	case duckdb::LogicalTypeId::BIGINT:
	case duckdb::LogicalTypeId::UTINYINT:
	case duckdb::LogicalTypeId::USMALLINT:
	case duckdb::LogicalTypeId::UINTEGER:
		return SQLiteStorage::INTEGER;
	case duckdb::LogicalTypeId::BLOB:
		return SQLiteStorage::BLOB;
	default:
		return SQLiteStorage::TEXT;
	}
}

} // namespace

std::string DuckDBDialect::InlinedColumnStorage(const duckdb::LogicalType &type) const {
	switch (type.id()) {
	case duckdb::LogicalTypeId::VARCHAR:
	case duckdb::LogicalTypeId::DOUBLE:
	case duckdb::LogicalTypeId::FLOAT:
		return " USING COMPRESSION uncompressed";
	default:
		return std::string();
	}
}

std::string SQLiteDialect::InlinedColumnType(const duckdb::LogicalType &type) const {
	switch (SQLiteStorageOf(type)) {
	case SQLiteStorage::INTEGER:
		return "INTEGER";
	case SQLiteStorage::BLOB:
		return "BLOB";
	default:
		return "TEXT";
	}
}

duckdb::LogicalType SQLiteDialect::InlinedStorageType(const duckdb::LogicalType &type) const {
	switch (SQLiteStorageOf(type)) {
	case SQLiteStorage::INTEGER:
		return duckdb::LogicalType::BIGINT;
	case SQLiteStorage::BLOB:
		return duckdb::LogicalType::BLOB;
	default:
		return duckdb::LogicalType::VARCHAR;
	}
}

bool SQLiteDialect::ComparesStoredValues(const duckdb::LogicalType &type) const {
	return SQLiteStorageOf(type) == SQLiteStorage::INTEGER;
}

duckdb::Value SQLiteDialect::EncodeInlined(const duckdb::Value &value) const {
	auto storage = SQLiteStorageOf(value.type());
	if (value.IsNull()) {
		return duckdb::Value(storage == SQLiteStorage::INTEGER ? duckdb::LogicalType::BIGINT
		                     : storage == SQLiteStorage::BLOB  ? duckdb::LogicalType::BLOB
		                                                       : duckdb::LogicalType::VARCHAR);
	}
	switch (storage) {
	case SQLiteStorage::INTEGER:
		return value.DefaultCastAs(duckdb::LogicalType::BIGINT);
	case SQLiteStorage::BLOB:
		return value;
	default:
		return InlinedValueText(value);
	}
}

duckdb::Value SQLiteDialect::DecodeInlined(const duckdb::Value &stored, const duckdb::LogicalType &type) const {
	return ValueFromInlinedText(stored, type);
}

std::string FixedTimestampText(duckdb::timestamp_tz_t time, bool with_era) {
	duckdb::date_t date;
	duckdb::dtime_t clock;
	duckdb::Timestamp::Convert(time, date, clock);
	int32_t year, month, day, hour, minute, second, micros;
	duckdb::Date::Convert(date, year, month, day);
	duckdb::Time::Convert(clock, hour, minute, second, micros);
	bool before_christ = with_era && year <= 0;
	char text[80];
	snprintf(text, sizeof(text), "%04d-%02d-%02d %02d:%02d:%02d.%06d+00%s", before_christ ? 1 - year : year, month,
	         day, hour, minute, second, micros, before_christ ? " BC" : "");
	return text;
}

std::string SQLiteDialect::TimestampTzLiteral(duckdb::timestamp_tz_t time) const {
	return SqlString(FixedTimestampText(time));
}

std::string SQLiteDialect::TimestampTzCondition(const std::string &column, const char *op,
                                                duckdb::timestamp_tz_t time) const {
	return std::string(kSQLiteEpochMicrosFunction) + "(" + column + ") " + op + " " + std::to_string(time.value);
}

} // namespace inlake

#include "metadata/sql/sql_dialect.hpp"

#include "metadata/sql_literal.hpp"

#include "duckdb/common/exception.hpp"
#include "duckdb/common/types/date.hpp"
#include "duckdb/common/types/time.hpp"

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

std::string FixedTimestampText(duckdb::timestamp_tz_t time) {
	duckdb::date_t date;
	duckdb::dtime_t clock;
	duckdb::Timestamp::Convert(time, date, clock);
	int32_t year, month, day, hour, minute, second, micros;
	duckdb::Date::Convert(date, year, month, day);
	duckdb::Time::Convert(clock, hour, minute, second, micros);
	char text[64];
	snprintf(text, sizeof(text), "%04d-%02d-%02d %02d:%02d:%02d.%06d+00", year, month, day, hour, minute, second,
	         micros);
	return text;
}

std::string SQLiteDialect::TimestampTzLiteral(duckdb::timestamp_tz_t time) const {
	return SqlString(FixedTimestampText(time));
}

} // namespace inlake

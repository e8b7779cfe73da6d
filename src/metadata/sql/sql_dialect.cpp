#include "metadata/sql/sql_dialect.hpp"

#include "metadata/sql_literal.hpp"

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

//! An interval as text DuckDB's cast reads back exactly ("M months D days U microseconds"): its own text form
//! cannot be read back for large hour counts, and no single number reads as the smallest microsecond count.
static std::string IntervalText(const duckdb::interval_t &interval) {
	auto text = std::to_string(interval.months) + " months " + std::to_string(interval.days) + " days ";
	if (interval.micros == duckdb::NumericLimits<int64_t>::Minimum()) {
		return text + std::to_string(interval.micros + 1) + " microseconds -1 microseconds";
	}
	return text + std::to_string(interval.micros) + " microseconds";
}

//! `type` with every INTERVAL inside it replaced by VARCHAR.
static duckdb::LogicalType IntervalsAsText(const duckdb::LogicalType &type) {
	using duckdb::LogicalType;
	using duckdb::LogicalTypeId;
	switch (type.id()) {
	case LogicalTypeId::INTERVAL:
		return LogicalType::VARCHAR;
	case LogicalTypeId::LIST:
		return LogicalType::LIST(IntervalsAsText(duckdb::ListType::GetChildType(type)));
	case LogicalTypeId::ARRAY:
		return LogicalType::ARRAY(IntervalsAsText(duckdb::ArrayType::GetChildType(type)),
		                          duckdb::optional_idx(duckdb::ArrayType::GetSize(type)));
	case LogicalTypeId::MAP:
		return LogicalType::MAP(IntervalsAsText(duckdb::MapType::KeyType(type)),
		                        IntervalsAsText(duckdb::MapType::ValueType(type)));
	case LogicalTypeId::STRUCT: {
		duckdb::child_list_t<LogicalType> children;
		for (auto &child : duckdb::StructType::GetChildTypes(type)) {
			children.emplace_back(child.first, IntervalsAsText(child.second));
		}
		return LogicalType::STRUCT(std::move(children));
	}
	default:
		return type;
	}
}

//! A nested value with its intervals as IntervalText strings (type: IntervalsAsText of the value's).
static duckdb::Value IntervalsAsText(const duckdb::Value &value) {
	using duckdb::LogicalTypeId;
	using duckdb::Value;
	auto &type = value.type();
	auto text_type = IntervalsAsText(type);
	if (value.IsNull()) {
		return Value(text_type);
	}
	switch (type.id()) {
	case LogicalTypeId::INTERVAL:
		return Value(IntervalText(value.GetValue<duckdb::interval_t>()));
	case LogicalTypeId::LIST:
	case LogicalTypeId::ARRAY:
	case LogicalTypeId::MAP: {
		duckdb::vector<Value> children;
		for (auto &child : duckdb::ListValue::GetChildren(value)) {
			children.push_back(IntervalsAsText(child));
		}
		if (type.id() == LogicalTypeId::ARRAY) {
			return Value::ARRAY(duckdb::ArrayType::GetChildType(text_type), std::move(children));
		}
		auto result = Value::LIST(duckdb::ListType::GetChildType(text_type), std::move(children));
		result.Reinterpret(text_type); // a MAP is a list of key/value structs
		return result;
	}
	case LogicalTypeId::STRUCT: {
		duckdb::child_list_t<Value> children;
		auto &child_types = duckdb::StructType::GetChildTypes(type);
		auto &values = duckdb::StructValue::GetChildren(value);
		for (size_t i = 0; i < values.size(); i++) {
			children.emplace_back(child_types[i].first, IntervalsAsText(values[i]));
		}
		return Value::STRUCT(std::move(children));
	}
	default:
		return value;
	}
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
		if (value.type().id() == duckdb::LogicalTypeId::VARCHAR) {
			return duckdb::Value(duckdb::StringValue::Get(value));
		}
		if (value.type().id() == duckdb::LogicalTypeId::INTERVAL) {
			return duckdb::Value(IntervalText(value.GetValue<duckdb::interval_t>()));
		}
		if (value.type().IsNested() && duckdb::TypeVisitor::Contains(value.type(), duckdb::LogicalTypeId::INTERVAL)) {
			// nested text with each interval as IntervalText, which the cast to the nested type reads back
			return IntervalsAsText(value).DefaultCastAs(duckdb::LogicalType::VARCHAR);
		}
		return value.DefaultCastAs(duckdb::LogicalType::VARCHAR);
	}
}

duckdb::Value SQLiteDialect::DecodeInlined(const duckdb::Value &stored, const duckdb::LogicalType &type) const {
	if (stored.IsNull()) {
		return duckdb::Value(type);
	}
	if (type.id() == duckdb::LogicalTypeId::VARCHAR && stored.type().id() == duckdb::LogicalTypeId::VARCHAR) {
		auto result = duckdb::Value(duckdb::StringValue::Get(stored));
		result.Reinterpret(type); // keeps an alias such as JSON
		return result;
	}
	if (type.id() == duckdb::LogicalTypeId::BLOB && stored.type().id() == duckdb::LogicalTypeId::BLOB) {
		return stored;
	}
	return stored.DefaultCastAs(type, true);
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

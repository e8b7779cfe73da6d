#include "transaction/bound_headroom.hpp"

#include "common/column_bounds.hpp"
#include "transaction/table_stats_merge.hpp"

#include "duckdb/common/types/date.hpp"
#include "duckdb/common/types/timestamp.hpp"
#include "duckdb/common/types/value.hpp"

namespace inlake {
using duckdb::hugeint_t;
using duckdb::LogicalType;
using duckdb::LogicalTypeId;
using duckdb::Value;

namespace {

bool HasHeadroom(const LogicalType &type) {
	// (the integer types and DATE, as a scan's bounds, and the timestamps with a microsecond scale)
	return HasValueBounds(type) || type.id() == LogicalTypeId::TIMESTAMP || type.id() == LogicalTypeId::TIMESTAMP_TZ;
}

//! The value of `text` as a number on the type's own scale (days, microseconds); false: not a finite value
bool ToNumber(const LogicalType &type, const std::string &text, hugeint_t &number) {
	Value value;
	if (!ParseStatValue(text, type, value) || value.IsNull()) {
		return false;
	}
	switch (type.id()) {
	case LogicalTypeId::DATE: {
		auto date = duckdb::date_t(value.GetValueUnsafe<int32_t>());
		number = hugeint_t(date.days);
		return duckdb::Date::IsFinite(date);
	}
	case LogicalTypeId::TIMESTAMP:
	case LogicalTypeId::TIMESTAMP_TZ: {
		auto timestamp = duckdb::timestamp_t(value.GetValueUnsafe<int64_t>());
		number = hugeint_t(timestamp.value);
		return duckdb::Timestamp::IsFinite(timestamp);
	}
	default: {
		std::string error;
		return value.DefaultTryCastAs(LogicalType::HUGEINT, value, &error) &&
		       (number = value.GetValue<hugeint_t>(), true);
	}
	}
}

//! `number` as text of `type`; false when the type cannot hold it as a finite value
bool ToText(const LogicalType &type, hugeint_t number, std::string &text) {
	Value value;
	switch (type.id()) {
	case LogicalTypeId::DATE:
		if (number < hugeint_t(duckdb::NumericLimits<int32_t>::Minimum()) ||
		    number > hugeint_t(duckdb::NumericLimits<int32_t>::Maximum())) {
			return false;
		}
		value = Value::DATE(duckdb::date_t(int32_t(duckdb::Hugeint::Cast<int32_t>(number))));
		break;
	case LogicalTypeId::TIMESTAMP:
	case LogicalTypeId::TIMESTAMP_TZ: {
		int64_t micros;
		if (!duckdb::Hugeint::TryCast<int64_t>(number, micros)) {
			return false;
		}
		value = type.id() == LogicalTypeId::TIMESTAMP ? Value::TIMESTAMP(duckdb::timestamp_t(micros))
		                                              : Value::TIMESTAMPTZ(duckdb::timestamp_tz_t(micros));
		break;
	}
	default: {
		std::string error;
		if (!Value::HUGEINT(number).DefaultTryCastAs(type, value, &error)) {
			return false;
		}
	}
	}
	text = value.ToString();
	// the text must read back as the same finite value (dates and times near their limits may not)
	hugeint_t back;
	return ToNumber(type, text, back) && back == number;
}

} // namespace

std::string BoundWithHeadroom(const LogicalType &type, const std::string &bound, const std::string &other_end,
                              bool lower) {
	hugeint_t value, other;
	if (!HasHeadroom(type) || !ToNumber(type, bound, value) || !ToNumber(type, other_end, other)) {
		return bound;
	}
	auto pad = (value > other ? value - other : other - value) / hugeint_t(32);
	std::string text;
	if (pad == hugeint_t(0) || !ToText(type, lower ? value - pad : value + pad, text)) {
		return bound;
	}
	return text;
}

} // namespace inlake

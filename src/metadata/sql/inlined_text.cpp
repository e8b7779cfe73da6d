#include "metadata/sql/inlined_text.hpp"

#include "duckdb/common/limits.hpp"
#include "duckdb/common/optional_idx.hpp"
#include "duckdb/common/type_visitor.hpp"

namespace inlake {

std::string InlinedIntervalText(const duckdb::interval_t &interval) {
	auto text = std::to_string(interval.months) + " months " + std::to_string(interval.days) + " days ";
	if (interval.micros == duckdb::NumericLimits<int64_t>::Minimum()) {
		// no single number reads as the smallest microsecond count
		return text + std::to_string(interval.micros + 1) + " microseconds -1 microseconds";
	}
	return text + std::to_string(interval.micros) + " microseconds";
}

namespace {

//! `type` with every INTERVAL inside it replaced by VARCHAR.
duckdb::LogicalType IntervalsAsText(const duckdb::LogicalType &type) {
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
duckdb::Value IntervalsAsText(const duckdb::Value &value) {
	using duckdb::LogicalTypeId;
	using duckdb::Value;
	auto &type = value.type();
	auto text_type = IntervalsAsText(type);
	if (value.IsNull()) {
		return Value(text_type);
	}
	switch (type.id()) {
	case LogicalTypeId::INTERVAL:
		return Value(InlinedIntervalText(value.GetValue<duckdb::interval_t>()));
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

} // namespace

duckdb::Value InlinedValueText(const duckdb::Value &value) {
	if (value.type().id() == duckdb::LogicalTypeId::VARCHAR) {
		return duckdb::Value(duckdb::StringValue::Get(value));
	}
	if (value.type().id() == duckdb::LogicalTypeId::INTERVAL) {
		return duckdb::Value(InlinedIntervalText(value.GetValue<duckdb::interval_t>()));
	}
	if (value.type().IsNested() && duckdb::TypeVisitor::Contains(value.type(), duckdb::LogicalTypeId::INTERVAL)) {
		// nested text with each interval as InlinedIntervalText, which the cast to the nested type reads back
		return IntervalsAsText(value).DefaultCastAs(duckdb::LogicalType::VARCHAR);
	}
	return value.DefaultCastAs(duckdb::LogicalType::VARCHAR);
}

duckdb::Value ValueFromInlinedText(const duckdb::Value &stored, const duckdb::LogicalType &type) {
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

} // namespace inlake

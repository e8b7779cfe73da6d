#include "metadata/sql/inlined_text.hpp"

#include "duckdb/common/limits.hpp"
#include "duckdb/common/optional_idx.hpp"
#include "duckdb/common/type_visitor.hpp"

#include <cctype>

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

//! `text` in single quotes, with backslashes and quotes escaped as DuckDB's cast of text to a nested type reads
//! them.
void AppendQuoted(const std::string &text, std::string &out) {
	out += '\'';
	for (char c : text) {
		if (c == '\\' || c == '\'') {
			out += '\\';
		}
		out += c;
	}
	out += '\'';
}

//! A leaf of a nested value: text (VARCHAR, BLOB, ENUM) always quoted; other values as DuckDB writes them,
//! quoted when their text holds anything but letters, digits and . + - : (a timestamp with a time zone, say).
void AppendLeafText(const duckdb::Value &value, std::string &out) {
	auto text = value.ToString();
	auto id = value.type().id();
	bool quote = id == duckdb::LogicalTypeId::VARCHAR || id == duckdb::LogicalTypeId::BLOB ||
	             id == duckdb::LogicalTypeId::ENUM || text.empty();
	for (size_t i = 0; !quote && i < text.size(); i++) {
		auto c = text[i];
		quote = !std::isalnum(static_cast<unsigned char>(c)) && c != '.' && c != '+' && c != '-' && c != ':';
	}
	if (quote) {
		AppendQuoted(text, out);
	} else {
		out += text;
	}
}

//! A nested value as text that DuckDB's cast to its type reads back exactly. DuckDB's own cast to VARCHAR leaves
//! some strings unquoted that its reader then takes apart (a key "\" after a quoted value, say): here every
//! non-NULL leaf is quoted, and intervals are written as InlinedIntervalText.
void AppendNestedText(const duckdb::Value &value, std::string &out) {
	using duckdb::LogicalTypeId;
	if (value.IsNull()) {
		out += "NULL";
		return;
	}
	auto &type = value.type();
	switch (type.id()) {
	case LogicalTypeId::LIST:
	case LogicalTypeId::ARRAY: {
		out += '[';
		auto &children = duckdb::ListValue::GetChildren(value);
		for (size_t i = 0; i < children.size(); i++) {
			out += i == 0 ? "" : ", ";
			AppendNestedText(children[i], out);
		}
		out += ']';
		return;
	}
	case LogicalTypeId::MAP: {
		out += '{';
		auto &entries = duckdb::ListValue::GetChildren(value);
		for (size_t i = 0; i < entries.size(); i++) {
			auto &key_value = duckdb::StructValue::GetChildren(entries[i]);
			out += i == 0 ? "" : ", ";
			AppendNestedText(key_value[0], out);
			out += '=';
			AppendNestedText(key_value[1], out);
		}
		out += '}';
		return;
	}
	case LogicalTypeId::STRUCT: {
		out += '{';
		auto &child_types = duckdb::StructType::GetChildTypes(type);
		auto &children = duckdb::StructValue::GetChildren(value);
		for (size_t i = 0; i < children.size(); i++) {
			out += i == 0 ? "" : ", ";
			AppendQuoted(child_types[i].first, out);
			out += ": ";
			AppendNestedText(children[i], out);
		}
		out += '}';
		return;
	}
	case LogicalTypeId::INTERVAL:
		AppendQuoted(InlinedIntervalText(value.GetValue<duckdb::interval_t>()), out);
		return;
	default:
		AppendLeafText(value, out);
		return;
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
	if (value.type().IsNested() && !duckdb::TypeVisitor::Contains(value.type(), duckdb::LogicalTypeId::UNION)) {
		std::string text;
		AppendNestedText(value, text);
		return duckdb::Value(text);
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

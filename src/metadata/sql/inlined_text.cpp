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

//! Reads back the text AppendNestedText writes. DuckDB 1.4.4's cast of text to a nested type cannot: below the
//! first level it drops the quotes of a string holding a closing bracket (`[['a]b']]`, `{'s': {'k': 'x}'}}`) and
//! then fails, so a value written by the lake could not be read, flushed or deleted. Leaves are cast by DuckDB
//! one by one; anything that is not this text gives false (the caller then falls back to DuckDB's cast).
class NestedTextReader {
public:
	explicit NestedTextReader(const std::string &text_p) : text(text_p) {
	}

	bool Read(const duckdb::LogicalType &type, duckdb::Value &result) {
		if (!ReadValue(type, result)) {
			return false;
		}
		SkipSpaces();
		return pos == text.size();
	}

private:
	void SkipSpaces() {
		while (pos < text.size() && std::isspace(static_cast<unsigned char>(text[pos]))) {
			pos++;
		}
	}
	bool Take(char c) {
		SkipSpaces();
		if (pos < text.size() && text[pos] == c) {
			pos++;
			return true;
		}
		return false;
	}
	//! A quoted string (backslash escapes the next character) or a bare word of letters, digits and . + - :
	bool ReadLeafText(std::string &out, bool &quoted) {
		SkipSpaces();
		quoted = pos < text.size() && text[pos] == '\'';
		if (!quoted) {
			auto start = pos;
			while (pos < text.size() && (std::isalnum(static_cast<unsigned char>(text[pos])) || text[pos] == '.' ||
			                             text[pos] == '+' || text[pos] == '-' || text[pos] == ':')) {
				pos++;
			}
			out = text.substr(start, pos - start);
			return !out.empty();
		}
		for (pos++; pos < text.size(); pos++) {
			if (text[pos] == '\\' && pos + 1 < text.size()) {
				out += text[++pos];
			} else if (text[pos] == '\'') {
				pos++;
				return true;
			} else {
				out += text[pos];
			}
		}
		return false;
	}
	bool ReadValue(const duckdb::LogicalType &type, duckdb::Value &result) {
		using duckdb::LogicalTypeId;
		SkipSpaces();
		if (text.compare(pos, 4, "NULL") == 0) {
			pos += 4;
			result = duckdb::Value(type);
			return true;
		}
		switch (type.id()) {
		case LogicalTypeId::LIST:
		case LogicalTypeId::ARRAY: {
			auto &child = type.id() == LogicalTypeId::LIST ? duckdb::ListType::GetChildType(type)
			                                              : duckdb::ArrayType::GetChildType(type);
			duckdb::vector<duckdb::Value> children;
			if (!Take('[') || !ReadItems(']', [&]() {
				    duckdb::Value item;
				    children.push_back(item);
				    return ReadValue(child, children.back());
			    })) {
				return false;
			}
			if (type.id() == LogicalTypeId::ARRAY) {
				if (children.size() != duckdb::ArrayType::GetSize(type)) {
					return false;
				}
				result = duckdb::Value::ARRAY(child, std::move(children));
			} else {
				result = duckdb::Value::LIST(child, std::move(children));
			}
			return true;
		}
		case LogicalTypeId::MAP: {
			duckdb::vector<duckdb::Value> keys, values;
			if (!Take('{') || !ReadItems('}', [&]() {
				    keys.emplace_back();
				    values.emplace_back();
				    return ReadValue(duckdb::MapType::KeyType(type), keys.back()) && Take('=') &&
				           ReadValue(duckdb::MapType::ValueType(type), values.back());
			    })) {
				return false;
			}
			result = duckdb::Value::MAP(duckdb::MapType::KeyType(type), duckdb::MapType::ValueType(type),
			                            std::move(keys), std::move(values));
			return true;
		}
		case LogicalTypeId::STRUCT: {
			auto &child_types = duckdb::StructType::GetChildTypes(type);
			duckdb::vector<duckdb::Value> children;
			if (!Take('{') || !ReadItems('}', [&]() {
				    std::string name;
				    bool quoted;
				    if (children.size() >= child_types.size() || !ReadLeafText(name, quoted) ||
				        name != child_types[children.size()].first || !Take(':')) {
					    return false;
				    }
				    children.emplace_back();
				    return ReadValue(child_types[children.size() - 1].second, children.back());
			    })) {
				return false;
			}
			if (children.size() != child_types.size()) {
				return false;
			}
			result = duckdb::Value::STRUCT(type, std::move(children));
			return true;
		}
		case LogicalTypeId::UNION:
			return false;
		default: {
			std::string leaf;
			bool quoted;
			if (!ReadLeafText(leaf, quoted)) {
				return false;
			}
			result = duckdb::Value(leaf);
			if (type.id() == LogicalTypeId::VARCHAR) {
				result.Reinterpret(type); // keeps an alias such as JSON
				return true;
			}
			return result.DefaultTryCastAs(type, true);
		}
		}
	}
	//! Items separated by commas up to `close` (none at all is fine)
	template <class READ_ITEM>
	bool ReadItems(char close, READ_ITEM &&read_item) {
		if (Take(close)) {
			return true;
		}
		do {
			if (!read_item()) {
				return false;
			}
		} while (Take(','));
		return Take(close);
	}

	const std::string &text;
	size_t pos = 0;
};

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
	if (type.IsNested() && stored.type().id() == duckdb::LogicalTypeId::VARCHAR) {
		duckdb::Value result;
		if (NestedTextReader(duckdb::StringValue::Get(stored)).Read(type, result)) {
			return result;
		}
	}
	return stored.DefaultCastAs(type, true);
}

} // namespace inlake

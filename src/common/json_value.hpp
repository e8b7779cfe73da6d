//===----------------------------------------------------------------------===//
// A small JSON reader and string quoting, for the footer of Puffin files
// (write/puffin_writer.hpp, read/puffin_reader.hpp). ParseJson reads a whole
// document (RFC 8259: objects, arrays, strings with escapes, numbers, true,
// false, null) into a JsonValue tree; numbers keep their text. Malformed
// text is an InvalidInputException saying where. Nesting deeper than 64
// levels is refused (a footer never nests more than 3).
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace inlake {

struct JsonValue {
	enum class Kind { NUL, BOOLEAN, NUMBER, STRING, ARRAY, OBJECT };
	Kind kind = Kind::NUL;
	bool boolean = false;
	//! A string's (unescaped, UTF-8) value, or a number's text
	std::string text;
	std::vector<JsonValue> items;
	std::vector<std::pair<std::string, JsonValue>> members;

	//! The member named `name` of an object (nullptr: none, or not an object).
	const JsonValue *Find(const std::string &name) const;
	//! A number that is a whole number fitting int64_t.
	bool AsInteger(int64_t &value) const;
};

//! `text` as a whole number fitting int64_t (decimal digits, an optional leading '-'; nothing else).
bool ParseJsonInteger(const std::string &text, int64_t &value);

JsonValue ParseJson(const std::string &text);

//! `text` as a JSON string literal (quotes, escapes of ", \ and control characters).
std::string JsonQuote(const std::string &text);

} // namespace inlake

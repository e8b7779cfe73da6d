#include "common/json_value.hpp"

#include "duckdb/common/exception.hpp"

#include <cerrno>
#include <cstdlib>

namespace inlake {

const JsonValue *JsonValue::Find(const std::string &name) const {
	if (kind != Kind::OBJECT) {
		return nullptr;
	}
	for (auto &member : members) {
		if (member.first == name) {
			return &member.second;
		}
	}
	return nullptr;
}

bool JsonValue::AsInteger(int64_t &value) const {
	return kind == Kind::NUMBER && ParseJsonInteger(text, value);
}

bool ParseJsonInteger(const std::string &text, int64_t &value) {
	auto digits = text.empty() || text[0] != '-' ? text : text.substr(1);
	if (digits.empty() || digits.find_first_not_of("0123456789") != std::string::npos) {
		return false;
	}
	errno = 0;
	char *end = nullptr;
	auto parsed = std::strtoll(text.c_str(), &end, 10);
	if (errno != 0 || end != text.c_str() + text.size()) {
		return false;
	}
	value = parsed;
	return true;
}

namespace {

class Parser {
public:
	explicit Parser(const std::string &text) : text(text) {
	}

	JsonValue Document() {
		auto value = Value(0);
		SkipSpace();
		if (at != text.size()) {
			Fail("text after the JSON value");
		}
		return value;
	}

private:
	[[noreturn]] void Fail(const std::string &what) {
		throw duckdb::InvalidInputException("Malformed JSON at byte %llu: %s", (unsigned long long)at, what);
	}

	void SkipSpace() {
		while (at < text.size() && (text[at] == ' ' || text[at] == '\t' || text[at] == '\n' || text[at] == '\r')) {
			at++;
		}
	}

	bool Literal(const char *word) {
		auto length = std::char_traits<char>::length(word);
		if (text.compare(at, length, word) == 0) {
			at += length;
			return true;
		}
		return false;
	}

	JsonValue Value(int depth) {
		if (depth > 64) {
			Fail("nested more than 64 levels");
		}
		SkipSpace();
		if (at >= text.size()) {
			Fail("the text ends where a value should be");
		}
		JsonValue value;
		char c = text[at];
		if (c == '{') {
			value.kind = JsonValue::Kind::OBJECT;
			at++;
			SkipSpace();
			if (at < text.size() && text[at] == '}') {
				at++;
				return value;
			}
			while (true) {
				SkipSpace();
				if (at >= text.size() || text[at] != '"') {
					Fail("expected a member name");
				}
				auto name = String();
				SkipSpace();
				if (at >= text.size() || text[at] != ':') {
					Fail("expected ':'");
				}
				at++;
				value.members.emplace_back(std::move(name), Value(depth + 1));
				SkipSpace();
				if (at < text.size() && text[at] == ',') {
					at++;
				} else if (at < text.size() && text[at] == '}') {
					at++;
					return value;
				} else {
					Fail("expected ',' or '}'");
				}
			}
		}
		if (c == '[') {
			value.kind = JsonValue::Kind::ARRAY;
			at++;
			SkipSpace();
			if (at < text.size() && text[at] == ']') {
				at++;
				return value;
			}
			while (true) {
				value.items.push_back(Value(depth + 1));
				SkipSpace();
				if (at < text.size() && text[at] == ',') {
					at++;
				} else if (at < text.size() && text[at] == ']') {
					at++;
					return value;
				} else {
					Fail("expected ',' or ']'");
				}
			}
		}
		if (c == '"') {
			value.kind = JsonValue::Kind::STRING;
			value.text = String();
			return value;
		}
		if (Literal("true") || Literal("false")) {
			value.kind = JsonValue::Kind::BOOLEAN;
			value.boolean = text[at - 1] == 'e' && text[at - 2] == 'u';
			return value;
		}
		if (Literal("null")) {
			return value;
		}
		if (c == '-' || (c >= '0' && c <= '9')) {
			auto start = at;
			if (text[at] == '-') {
				at++;
			}
			if (at >= text.size() || text[at] < '0' || text[at] > '9') {
				Fail("a number without digits");
			}
			while (at < text.size() && std::string("0123456789.eE+-").find(text[at]) != std::string::npos) {
				at++;
			}
			value.kind = JsonValue::Kind::NUMBER;
			value.text = text.substr(start, at - start);
			return value;
		}
		Fail(std::string("unexpected character '") + c + "'");
	}

	unsigned Hex4() {
		if (text.size() - at < 4) {
			Fail("a \\u escape needs four hex digits");
		}
		unsigned code = 0;
		for (int i = 0; i < 4; i++) {
			char h = text[at++];
			code <<= 4;
			if (h >= '0' && h <= '9') {
				code |= unsigned(h - '0');
			} else if (h >= 'a' && h <= 'f') {
				code |= unsigned(h - 'a' + 10);
			} else if (h >= 'A' && h <= 'F') {
				code |= unsigned(h - 'A' + 10);
			} else {
				Fail("a \\u escape needs four hex digits");
			}
		}
		return code;
	}

	static void AppendUtf8(std::string &out, unsigned code) {
		if (code < 0x80) {
			out += char(code);
		} else if (code < 0x800) {
			out += char(0xC0 | (code >> 6));
			out += char(0x80 | (code & 0x3F));
		} else if (code < 0x10000) {
			out += char(0xE0 | (code >> 12));
			out += char(0x80 | ((code >> 6) & 0x3F));
			out += char(0x80 | (code & 0x3F));
		} else {
			out += char(0xF0 | (code >> 18));
			out += char(0x80 | ((code >> 12) & 0x3F));
			out += char(0x80 | ((code >> 6) & 0x3F));
			out += char(0x80 | (code & 0x3F));
		}
	}

	std::string String() {
		at++; // the opening quote
		std::string out;
		while (true) {
			if (at >= text.size()) {
				Fail("a string is not closed");
			}
			char c = text[at++];
			if (c == '"') {
				return out;
			}
			if (static_cast<unsigned char>(c) < 0x20) {
				Fail("a control character inside a string");
			}
			if (c != '\\') {
				out += c;
				continue;
			}
			if (at >= text.size()) {
				Fail("a string ends within an escape");
			}
			char e = text[at++];
			switch (e) {
			case '"':
			case '\\':
			case '/':
				out += e;
				break;
			case 'b':
				out += '\b';
				break;
			case 'f':
				out += '\f';
				break;
			case 'n':
				out += '\n';
				break;
			case 'r':
				out += '\r';
				break;
			case 't':
				out += '\t';
				break;
			case 'u': {
				auto code = Hex4();
				if (code >= 0xD800 && code < 0xDC00 && text.compare(at, 2, "\\u") == 0) {
					at += 2;
					auto low = Hex4();
					if (low < 0xDC00 || low >= 0xE000) {
						Fail("an unpaired surrogate in a \\u escape");
					}
					code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
				}
				AppendUtf8(out, code);
				break;
			}
			default:
				Fail(std::string("unknown escape \\") + e);
			}
		}
	}

	const std::string &text;
	size_t at = 0;
};

} // namespace

JsonValue ParseJson(const std::string &text) {
	return Parser(text).Document();
}

std::string JsonQuote(const std::string &text) {
	static const char *hex = "0123456789abcdef";
	std::string out = "\"";
	for (char c : text) {
		auto byte = static_cast<unsigned char>(c);
		if (c == '"' || c == '\\') {
			out += '\\';
			out += c;
		} else if (byte < 0x20) {
			out += "\\u00";
			out += hex[byte >> 4];
			out += hex[byte & 0xF];
		} else {
			out += c;
		}
	}
	return out + "\"";
}

} // namespace inlake

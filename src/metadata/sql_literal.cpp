#include "metadata/sql_literal.hpp"

namespace inlake {

static std::string QuoteWith(const std::string &text, char quote) {
	std::string result(1, quote);
	for (char c : text) {
		result += c;
		if (c == quote) {
			result += c;
		}
	}
	result += quote;
	return result;
}

std::string SqlString(const std::string &text) {
	return QuoteWith(text, '\'');
}

std::string SqlIdentifier(const std::string &name) {
	return QuoteWith(name, '"');
}

std::string SqlInt(int64_t value) {
	return std::to_string(value);
}

std::string SqlIdOrNull(int64_t value) {
	return value < 0 ? "NULL" : std::to_string(value);
}

std::string SqlStringOrNull(const std::string &text, bool present) {
	return present ? SqlString(text) : "NULL";
}

std::string SqlBool(bool value) {
	return value ? "true" : "false";
}

} // namespace inlake

#include "sql_token_cursor.hpp"

#include "duckdb/common/string_util.hpp"
#include "duckdb/parser/parser.hpp"

namespace inlake {

using duckdb::SimplifiedTokenType;

namespace {

bool IsWordCharacter(char c) {
	auto byte = static_cast<unsigned char>(c);
	return std::isalnum(byte) || c == '_' || c == '$' || byte >= 0x80;
}

} // namespace

SqlTokenCursor::SqlTokenCursor(const std::string &sql) : sql(sql) {
	try {
		tokens = duckdb::Parser::Tokenize(sql);
	} catch (std::exception &) {
		tokens.clear();
	}
}

size_t SqlTokenCursor::Offset(size_t index) const {
	return index < tokens.size() ? size_t(tokens[index].start) : sql.size();
}

std::string SqlTokenCursor::WordAt(size_t index) const {
	auto start = Offset(index);
	auto end = start;
	while (end < sql.size() && IsWordCharacter(sql[end])) {
		end++;
	}
	return sql.substr(start, end - start);
}

bool SqlTokenCursor::IsSymbolAt(size_t index, char symbol) const {
	return index < tokens.size() && tokens[index].type == SimplifiedTokenType::SIMPLIFIED_TOKEN_OPERATOR &&
	       sql[tokens[index].start] == symbol;
}

bool SqlTokenCursor::TakeKeyword(const char *keyword) {
	if (AtEnd() || sql[tokens[position].start] == '"') {
		return false;
	}
	auto type = tokens[position].type;
	if (type != SimplifiedTokenType::SIMPLIFIED_TOKEN_KEYWORD &&
	    type != SimplifiedTokenType::SIMPLIFIED_TOKEN_IDENTIFIER) {
		return false;
	}
	if (!duckdb::StringUtil::CIEquals(WordAt(position), keyword)) {
		return false;
	}
	position++;
	return true;
}

bool SqlTokenCursor::TakeSymbol(char symbol) {
	if (!IsSymbolAt(position, symbol)) {
		return false;
	}
	position++;
	return true;
}

bool SqlTokenCursor::TakeIdentifier(std::string &name) {
	if (AtEnd()) {
		return false;
	}
	auto type = tokens[position].type;
	if (type != SimplifiedTokenType::SIMPLIFIED_TOKEN_IDENTIFIER &&
	    type != SimplifiedTokenType::SIMPLIFIED_TOKEN_KEYWORD) {
		return false;
	}
	auto start = Offset(position);
	if (sql[start] != '"') {
		name = WordAt(position);
		position++;
		return !name.empty();
	}
	name.clear();
	for (auto i = start + 1; i < sql.size(); i++) {
		if (sql[i] != '"') {
			name += sql[i];
		} else if (i + 1 < sql.size() && sql[i + 1] == '"') {
			name += '"';
			i++;
		} else {
			position++;
			return true;
		}
	}
	return false;
}

bool SqlTokenCursor::TakeStringLiteral(std::string &value) {
	if (AtEnd() || tokens[position].type != SimplifiedTokenType::SIMPLIFIED_TOKEN_STRING_CONSTANT) {
		return false;
	}
	auto start = Offset(position);
	if (sql[start] != '\'') {
		return false; // E'...' and the like
	}
	value.clear();
	for (auto i = start + 1; i < sql.size(); i++) {
		if (sql[i] != '\'') {
			value += sql[i];
		} else if (i + 1 < sql.size() && sql[i + 1] == '\'') {
			value += '\'';
			i++;
		} else {
			position++;
			return true;
		}
	}
	return false;
}

bool SqlTokenCursor::FindClosingParen(size_t &close) const {
	int depth = 0;
	for (auto i = position; i < tokens.size(); i++) {
		if (IsSymbolAt(i, '(')) {
			depth++;
		} else if (IsSymbolAt(i, ')') && --depth == 0) {
			close = i;
			return true;
		}
	}
	return false;
}

} // namespace inlake

#include "catalog/table_options_clause.hpp"

#include "duckdb/common/exception.hpp"
#include "duckdb/common/exception/parser_exception.hpp"
#include "duckdb/common/string_util.hpp"

#include <cctype>

namespace inlake {

const char *const kInlakeWithMarker = "/*+inlake_with(";

namespace {

//! Index just past the quoted literal/identifier starting at `pos`.
size_t SkipQuoted(const std::string &sql, size_t pos) {
	char quote = sql[pos];
	for (size_t i = pos + 1; i < sql.size(); i++) {
		if (sql[i] == quote) {
			if (i + 1 < sql.size() && sql[i + 1] == quote) {
				i++;
				continue;
			}
			return i + 1;
		}
	}
	return sql.size();
}

//! The text inside the parentheses opening at `open` (exclusive), respecting quotes and nesting.
std::string Parenthesized(const std::string &sql, size_t open, size_t &close) {
	int depth = 0;
	for (size_t i = open; i < sql.size(); i++) {
		char c = sql[i];
		if (c == '\'' || c == '"') {
			i = SkipQuoted(sql, i) - 1;
		} else if (c == '(') {
			depth++;
		} else if (c == ')' && --depth == 0) {
			close = i;
			return sql.substr(open + 1, i - open - 1);
		}
	}
	throw duckdb::ParserException("Unterminated table option list in CREATE TABLE");
}

bool IsWordAt(const std::string &sql, size_t pos, const char *word) {
	size_t len = strlen(word);
	if (pos + len > sql.size() || !duckdb::StringUtil::CIEquals(sql.substr(pos, len), word)) {
		return false;
	}
	bool start_ok = pos == 0 || !(std::isalnum((unsigned char)sql[pos - 1]) || sql[pos - 1] == '_');
	bool end_ok = pos + len == sql.size() || !(std::isalnum((unsigned char)sql[pos + len]) || sql[pos + len] == '_');
	return start_ok && end_ok;
}

//! Finds the option list: a marker comment, or WITH ( after the column list at nesting depth 0.
bool FindOptionList(const std::string &sql, std::string &list) {
	auto marker = sql.find(kInlakeWithMarker);
	if (marker != std::string::npos) {
		size_t close;
		list = Parenthesized(sql, marker + strlen(kInlakeWithMarker) - 1, close);
		return true;
	}
	int depth = 0;
	for (size_t i = 0; i < sql.size(); i++) {
		char c = sql[i];
		if (c == '\'' || c == '"') {
			i = SkipQuoted(sql, i) - 1;
		} else if (c == '(') {
			depth++;
		} else if (c == ')') {
			depth--;
		} else if (depth == 0 && IsWordAt(sql, i, "with")) {
			auto open = sql.find_first_not_of(" \t\r\n", i + 4);
			if (open != std::string::npos && sql[open] == '(') {
				size_t close;
				list = Parenthesized(sql, open, close);
				return true;
			}
		} else if (depth == 0 && IsWordAt(sql, i, "as")) {
			return false; // the query of a CTAS: its WITH is a CTE
		}
	}
	return false;
}

std::string Unquote(const std::string &text) {
	auto value = duckdb::StringUtil::Replace(text, "\n", " ");
	duckdb::StringUtil::Trim(value);
	if (value.size() >= 2 && (value[0] == '\'' || value[0] == '"') && value.back() == value[0]) {
		auto inner = value.substr(1, value.size() - 2);
		std::string doubled(2, value[0]);
		return duckdb::StringUtil::Replace(inner, doubled, std::string(1, value[0]));
	}
	return value;
}

} // namespace

std::vector<std::pair<std::string, std::string>> ParseTableOptionsClause(const std::string &create_sql) {
	std::vector<std::pair<std::string, std::string>> options;
	std::string list;
	if (!FindOptionList(create_sql, list)) {
		return options;
	}
	size_t start = 0;
	for (size_t i = 0; i <= list.size(); i++) {
		if (i < list.size() && (list[i] == '\'' || list[i] == '"')) {
			i = SkipQuoted(list, i) - 1;
			continue;
		}
		if (i < list.size() && list[i] != ',') {
			continue;
		}
		auto item = list.substr(start, i - start);
		start = i + 1;
		auto equals = item.find('=');
		if (equals == std::string::npos) {
			throw duckdb::ParserException("Table option \"%s\" needs the form key = value", Unquote(item));
		}
		options.emplace_back(Unquote(item.substr(0, equals)), Unquote(item.substr(equals + 1)));
	}
	return options;
}

} // namespace inlake

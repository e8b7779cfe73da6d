#include "lake_statement_rewriter.hpp"

#include "sql_token_cursor.hpp"

#include "duckdb/common/string_util.hpp"

namespace inlake {

namespace {

//! A SQL string literal holding `text`
std::string Literal(const std::string &text) {
	return "'" + duckdb::StringUtil::Replace(text, "'", "''") + "'";
}

//! Reads name(.name){0,2} into `parts`
bool TakeQualifiedName(SqlTokenCursor &cursor, std::vector<std::string> &parts) {
	std::string part;
	if (!cursor.TakeIdentifier(part)) {
		return false;
	}
	parts.push_back(part);
	while (parts.size() < 3 && cursor.TakeSymbol('.')) {
		if (!cursor.TakeIdentifier(part)) {
			return false;
		}
		parts.push_back(part);
	}
	return true;
}

//! The source text of tokens [begin, end), trimmed
std::string TextBetween(const std::string &sql, const SqlTokenCursor &cursor, size_t begin, size_t end) {
	auto text = sql.substr(cursor.Offset(begin), cursor.Offset(end) - cursor.Offset(begin));
	duckdb::StringUtil::RTrim(text);
	return text;
}

//! Reads one `key [= value]` item of an option list; the cursor ends on the ',' or ')' after it
bool TakeOption(const std::string &sql, SqlTokenCursor &cursor, size_t close, bool with_value,
                std::pair<std::string, std::string> &option) {
	if (!cursor.TakeIdentifier(option.first)) {
		return false;
	}
	if (!with_value) {
		return true;
	}
	if (!cursor.TakeSymbol('=')) {
		return false;
	}
	auto value_start = cursor.Position();
	int depth = 0;
	while (cursor.Position() < close) {
		auto here = cursor.Position();
		if (depth == 0 && cursor.TakeSymbol(',')) {
			cursor.Seek(here);
			break;
		}
		if (cursor.TakeSymbol('(')) {
			depth++;
		} else if (cursor.TakeSymbol(')')) {
			depth--;
		} else {
			cursor.Seek(here + 1);
		}
	}
	option.second = TextBetween(sql, cursor, value_start, cursor.Position());
	return !option.second.empty();
}

//! Reads `(item, ...)` up to and including the closing parenthesis
bool TakeOptionList(const std::string &sql, SqlTokenCursor &cursor, bool with_value, AlterTableOptions &result) {
	size_t close;
	if (!cursor.FindClosingParen(close) || !cursor.TakeSymbol('(')) {
		return false;
	}
	do {
		std::pair<std::string, std::string> option;
		if (!TakeOption(sql, cursor, close, with_value, option)) {
			return false;
		}
		result.options.push_back(std::move(option));
	} while (cursor.TakeSymbol(','));
	return cursor.Position() == close && cursor.TakeSymbol(')');
}

} // namespace

bool RewriteCreateTableWithAs(const std::string &sql, std::string &result) {
	SqlTokenCursor cursor(sql);
	if (!cursor.TakeKeyword("create")) {
		return false;
	}
	if (cursor.TakeKeyword("or") && !cursor.TakeKeyword("replace")) {
		return false;
	}
	if (!cursor.TakeKeyword("table")) {
		return false;
	}
	if (cursor.TakeKeyword("if") && !(cursor.TakeKeyword("not") && cursor.TakeKeyword("exists"))) {
		return false;
	}
	std::vector<std::string> name_parts;
	if (!TakeQualifiedName(cursor, name_parts) || !cursor.TakeKeyword("with")) {
		return false;
	}
	auto with_offset = cursor.Offset(cursor.Position() - 1);
	size_t close;
	if (!cursor.FindClosingParen(close)) {
		return false;
	}
	auto open_offset = cursor.Offset(cursor.Position());
	cursor.Seek(close + 1);
	auto as_offset = cursor.Offset(cursor.Position());
	if (!cursor.TakeKeyword("as")) {
		return false;
	}
	auto close_offset = cursor.Offset(close);
	auto list = sql.substr(open_offset + 1, close_offset - open_offset - 1);
	if (list.find("*/") != std::string::npos || list.find("/*") != std::string::npos) {
		// the list travels inside a comment: text that would end (or nest) it is not rewritten, so it can never
		// turn into SQL of its own (DuckDB then refuses the statement as it is)
		return false;
	}
	// the text between ')' and AS (whitespace, comments) stays where it was
	auto before_as = sql.substr(close_offset + 1, as_offset - close_offset - 1);
	result = sql.substr(0, with_offset) + "/*+inlake_with(" + list + ")*/" + before_as + sql.substr(as_offset);
	return true;
}

bool MatchAlterTableOptions(const std::string &sql, AlterTableOptions &result) {
	SqlTokenCursor cursor(sql);
	result = AlterTableOptions();
	if (!cursor.TakeKeyword("alter") || !cursor.TakeKeyword("table")) {
		return false;
	}
	auto before_if = cursor.Position();
	if (cursor.TakeKeyword("if")) {
		if (cursor.TakeKeyword("exists")) {
			result.if_exists = true;
		} else {
			cursor.Seek(before_if); // a table named "if"
		}
	}
	if (!TakeQualifiedName(cursor, result.name_parts)) {
		return false;
	}
	if (cursor.TakeKeyword("reset")) {
		result.reset = true;
	} else if (!cursor.TakeKeyword("set")) {
		return false;
	}
	return TakeOptionList(sql, cursor, !result.reset, result) && cursor.AtEnd();
}

std::vector<std::string> OptionCalls(const AlterTableOptions &alter, const std::string &catalog,
                                     const std::string &schema, const std::string &table) {
	std::vector<std::string> calls;
	auto target = ", table_name => " + Literal(table) + ", schema => " + Literal(schema) + ")";
	for (auto &option : alter.options) {
		std::string call = alter.reset ? "CALL ducklake_reset_option(" : "CALL ducklake_set_option(";
		call += Literal(catalog) + ", " + Literal(option.first);
		if (!alter.reset) {
			// a value ending in a -- comment must not swallow the rest of the call
			auto separator = option.second.find("--") == std::string::npos ? "" : "\n";
			call += ", " + option.second + separator;
		}
		calls.push_back(call + target);
	}
	return calls;
}

} // namespace inlake

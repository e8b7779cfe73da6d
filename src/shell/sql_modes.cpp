// The output modes that print each row as SQL or markup, as the DuckDB CLI does:
// - insert: `INSERT INTO table(col,...) VALUES(...);` (the column list only while headers are on), numbers as
//   they are (inf and nan quoted), NULL as NULL, other values as string literals; a value with a line break becomes
//   concat('...', chr(10), '...') so that each statement stays on one line. .dump prints its rows this way too.
// - quote: the header names and the values as SQL literals, separated by commas.
// - html: `<tr>` rows of `<th>` (header) and `<td>` cells, with <, &, >, " and ' escaped.
#include "result_cells.hpp"
#include "result_printer.hpp"

namespace inlake {

using namespace duckdb;

namespace {

std::string StringLiteral(const std::string &text) {
	return KeywordHelper::WriteQuoted(text, '\'');
}

//! A string literal that keeps the statement on one line: line breaks become chr(10) / chr(13)
std::string OneLineStringLiteral(const std::string &text) {
	if (text.find_first_of("\r\n") == std::string::npos) {
		return StringLiteral(text);
	}
	std::string result = "concat('";
	for (auto c : text) {
		if (c == '\n' || c == '\r') {
			result += std::string("', chr(") + (c == '\n' ? "10" : "13") + "), '";
		} else if (c == '\'') {
			result += "''";
		} else {
			result += c;
		}
	}
	return result + "')";
}

//! A value as a SQL literal: numbers as they are (but inf and nan, which are no number literals, quoted)
std::string ValueLiteral(const std::string &text, const LogicalType &type, bool one_line) {
	auto lower = StringUtil::Lower(text);
	bool not_finite = StringUtil::Contains(lower, "inf") || StringUtil::Contains(lower, "nan");
	if (type.IsNumeric() && !not_finite) {
		return text;
	}
	return one_line ? OneLineStringLiteral(text) : StringLiteral(text);
}

std::string EscapeHtml(const std::string &text) {
	std::string result;
	for (auto c : text) {
		switch (c) {
		case '<': result += "&lt;"; break;
		case '&': result += "&amp;"; break;
		case '>': result += "&gt;"; break;
		case '"': result += "&quot;"; break;
		case '\'': result += "&#39;"; break;
		default: result += c;
		}
	}
	return result;
}

//! A row's values as SQL literals separated by commas (NULL for nulls; `one_line` as ValueLiteral takes it)
std::string RowLiterals(const ResultRow &row, const vector<LogicalType> &types, bool one_line) {
	std::string literals;
	for (idx_t c = 0; c < row.values.size(); c++) {
		literals += c > 0 ? "," : "";
		literals += row.is_null[c] ? "NULL" : ValueLiteral(row.values[c], types[c], one_line);
	}
	return literals;
}

void PrintQuoted(ClientContext &context, MaterializedQueryResult &result, const PrintSettings &settings,
                 std::string &out) {
	if (settings.show_header) {
		for (idx_t c = 0; c < result.names.size(); c++) {
			out += (c > 0 ? "," : "") + StringLiteral(result.names[c]);
		}
		out += "\n";
	}
	ForEachResultRow(context, result, false,
	                 [&](const ResultRow &row) { out += RowLiterals(row, result.types, false) + "\n"; });
}

void PrintHtml(ClientContext &context, MaterializedQueryResult &result, const PrintSettings &settings,
               std::string &out) {
	if (settings.show_header) {
		out += "<tr>";
		for (auto &name : result.names) {
			out += "<th>" + EscapeHtml(name) + "</th>\n";
		}
		out += "</tr>\n";
	}
	ForEachResultRow(context, result, false, [&](const ResultRow &row) {
		out += "<tr>";
		for (idx_t c = 0; c < row.values.size(); c++) {
			out += "<td>" + EscapeHtml(row.is_null[c] ? settings.null_value : row.values[c]) + "</td>\n";
		}
		out += "</tr>\n";
	});
}

} // namespace

void PrintInsertStatements(ClientContext &context, MaterializedQueryResult &result, const std::string &table,
                           bool column_names, std::string &out) {
	std::string prefix = "INSERT INTO " + table;
	if (column_names) {
		prefix += "(";
		for (idx_t c = 0; c < result.names.size(); c++) {
			prefix += (c > 0 ? "," : "") + KeywordHelper::WriteOptionallyQuoted(result.names[c]);
		}
		prefix += ")";
	}
	ForEachResultRow(context, result, false, [&](const ResultRow &row) {
		out += prefix + " VALUES(" + RowLiterals(row, result.types, true) + ");\n";
	});
}

void PrintRowModeResult(ClientContext &context, MaterializedQueryResult &result, const PrintSettings &settings,
                        std::string &out) {
	switch (settings.mode) {
	case OutputMode::INSERT:
		return PrintInsertStatements(context, result, settings.insert_table, settings.show_header, out);
	case OutputMode::QUOTE:
		return PrintQuoted(context, result, settings, out);
	default:
		return PrintHtml(context, result, settings, out);
	}
}

} // namespace inlake

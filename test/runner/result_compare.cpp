#include "result_compare.hpp"

#include <cmath>
#include <regex>

namespace inlake_test {

namespace {

using duckdb::LogicalType;
using duckdb::LogicalTypeId;

//! Splits on tabs, dropping empty pieces like DuckDB's StringUtil::Split.
ResultRow SplitTabs(const std::string &line) {
	ResultRow values;
	size_t start = 0;
	while (start <= line.size()) {
		auto next = line.find('\t', start);
		if (next == std::string::npos) {
			next = line.size();
		}
		if (next > start) {
			values.push_back(line.substr(start, next - start));
		}
		start = next + 1;
	}
	if (values.empty()) {
		values.push_back(line);
	}
	return values;
}

ResultRow SplitWhitespace(const std::string &line) {
	ResultRow values;
	size_t i = 0;
	while (i < line.size()) {
		while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) {
			i++;
		}
		size_t start = i;
		while (i < line.size() && line[i] != ' ' && line[i] != '\t') {
			i++;
		}
		if (i > start) {
			values.push_back(line.substr(start, i - start));
		}
	}
	return values;
}

bool HasTab(const std::string &line) {
	return line.find('\t') != std::string::npos;
}

bool IsHashLine(const std::string &line) {
	static const std::regex hash_line("[0-9]+ values hashing to [0-9a-f]{32}");
	return std::regex_match(line, hash_line);
}

//! Interprets the expected lines as rows of `width` values.
ResultRows BuildExpectedRows(const std::vector<std::string> &lines, size_t width, size_t actual_rows) {
	ResultRows rows;
	bool all_tabs = !lines.empty();
	bool any_tab = false;
	for (auto &line : lines) {
		all_tabs = all_tabs && HasTab(line);
		any_tab = any_tab || HasTab(line);
	}
	if (width <= 1) {
		for (auto &line : lines) {
			rows.push_back({line});
		}
	} else if (!any_tab && lines.size() == actual_rows * width && lines.size() != actual_rows) {
		// value-wise: one value per line
		for (size_t i = 0; i < lines.size(); i += width) {
			rows.emplace_back(lines.begin() + i, lines.begin() + i + width);
		}
	} else {
		for (auto &line : lines) {
			rows.push_back(HasTab(line) ? SplitTabs(line) : SplitWhitespace(line));
		}
	}
	return rows;
}

bool ApproxEqual(double actual, double expected) {
	if (std::isnan(actual) && std::isnan(expected)) {
		return true;
	}
	if (!std::isfinite(actual) || !std::isfinite(expected)) {
		return actual == expected;
	}
	double epsilon = std::fabs(expected) * 0.01 + 0.00000001;
	return std::fabs(actual - expected) <= epsilon;
}

bool NumbersEqual(const std::string &actual, const std::string &expected, const LogicalType &type) {
	bool approximate = type.id() == LogicalTypeId::FLOAT || type.id() == LogicalTypeId::DOUBLE ||
	                   type.id() == LogicalTypeId::DECIMAL;
	auto target = approximate ? LogicalType(LogicalType::DOUBLE) : type;
	duckdb::Value actual_value(actual);
	duckdb::Value expected_value(expected);
	if (!actual_value.DefaultTryCastAs(target, true) || !expected_value.DefaultTryCastAs(target, true)) {
		return false;
	}
	if (approximate) {
		return ApproxEqual(duckdb::DoubleValue::Get(actual_value), duckdb::DoubleValue::Get(expected_value));
	}
	return actual_value == expected_value;
}

bool ValuesEqual(const std::string &actual, const std::string &expected, const LogicalType &type,
                 std::string &error) {
	if (actual == expected) {
		return true;
	}
	if (IsRegexPattern(expected)) {
		return MatchesRegexPattern(actual, expected, error);
	}
	if (actual == "NULL" || expected == "NULL") {
		return false;
	}
	if (type.IsNumeric()) {
		return NumbersEqual(actual, expected, type);
	}
	return false;
}

bool HasRegex(const ResultRows &rows) {
	for (auto &row : rows) {
		for (auto &value : row) {
			if (IsRegexPattern(value)) {
				return true;
			}
		}
	}
	return false;
}

std::string Quote(const std::string &value) {
	return "'" + value + "'";
}

ComparisonResult Fail(ComparisonResult result, const std::string &message) {
	result.ok = false;
	result.message = message;
	return result;
}

//! Compares every value; the first difference decides the message.
ComparisonResult CompareValues(ComparisonResult result, const QueryResultData &actual, SortMode mode) {
	size_t width = actual.types.size();
	bool same_types = true;
	for (auto &type : actual.types) {
		same_types = same_types && type == actual.types[0];
	}
	for (size_t r = 0; r < actual.rows.size(); r++) {
		for (size_t c = 0; c < width; c++) {
			LogicalType type = actual.types[c];
			if (mode == SortMode::VALUE_SORT && !same_types) {
				type = LogicalType::VARCHAR;
			}
			std::string error;
			if (!ValuesEqual(actual.rows[r][c], result.expected[r][c], type, error)) {
				auto message = "wrong value in row " + std::to_string(r + 1) + ", column " + std::to_string(c + 1) +
				               ": expected " + Quote(result.expected[r][c]) + " but got " +
				               Quote(actual.rows[r][c]);
				return Fail(std::move(result), error.empty() ? message : message + " (" + error + ")");
			}
		}
	}
	return result;
}

} // namespace

ComparisonResult CompareQueryResult(QueryResultData &actual, const std::string &column_types, SortMode mode,
                                    const std::vector<std::string> &expected_lines) {
	ComparisonResult result;
	SortRows(actual.rows, mode);
	size_t width = actual.types.size();
	if (column_types.size() != width) {
		return Fail(std::move(result), "query header declares " + std::to_string(column_types.size()) +
		                                   " column(s) but the query returned " + std::to_string(width));
	}
	if (expected_lines.size() == 1 && IsHashLine(expected_lines[0])) {
		auto hash = HashRows(actual.rows);
		if (hash != expected_lines[0]) {
			return Fail(std::move(result), "wrong hash: expected '" + expected_lines[0] + "' but got '" + hash + "'");
		}
		return result;
	}
	result.expected = BuildExpectedRows(expected_lines, width, actual.rows.size());
	for (size_t r = 0; r < result.expected.size(); r++) {
		if (result.expected[r].size() != width) {
			return Fail(std::move(result), "expected row " + std::to_string(r + 1) + " has " +
			                                   std::to_string(result.expected[r].size()) +
			                                   " value(s) but the query returned " + std::to_string(width) +
			                                   " column(s)");
		}
	}
	if (!HasRegex(result.expected)) {
		SortRows(result.expected, mode);
	}
	if (result.expected.size() != actual.rows.size()) {
		return Fail(std::move(result), "wrong row count: expected " + std::to_string(result.expected.size()) +
		                                   " row(s) but got " + std::to_string(actual.rows.size()));
	}
	return CompareValues(std::move(result), actual, mode);
}

} // namespace inlake_test

// Formatting, sorting, hashing and regex matching of query results
// (declared in result_compare.hpp).
#include "result_compare.hpp"

#include "duckdb/common/crypto/md5.hpp"
#include "duckdb/common/re2_regex.hpp"
#include "duckdb/common/types/column/column_data_collection.hpp"
#include "duckdb/main/materialized_query_result.hpp"
#include "re2/re2.h"

#include <algorithm>

namespace inlake_test {

namespace {
const std::string REGEX_PREFIX = "<REGEX>:";
const std::string NOT_REGEX_PREFIX = "<!REGEX>:";

bool StartsWith(const std::string &text, const std::string &prefix) {
	return text.compare(0, prefix.size(), prefix) == 0;
}
} // namespace

std::string FormatValue(const duckdb::Value &value) {
	if (value.IsNull()) {
		return "NULL";
	}
	if (value.type().id() == duckdb::LogicalTypeId::BOOLEAN) {
		return duckdb::BooleanValue::Get(value) ? "true" : "false";
	}
	auto text = value.ToString();
	if (text.empty()) {
		return "(empty)";
	}
	std::string escaped;
	for (char c : text) {
		if (c == '\0') {
			escaped += "\\0";
		} else {
			escaped += c;
		}
	}
	return escaped;
}

QueryResultData MaterializeResult(duckdb::MaterializedQueryResult &result) {
	QueryResultData data;
	data.types.assign(result.types.begin(), result.types.end());
	for (auto &chunk : result.Collection().Chunks()) {
		for (duckdb::idx_t r = 0; r < chunk.size(); r++) {
			ResultRow row;
			for (duckdb::idx_t c = 0; c < chunk.ColumnCount(); c++) {
				row.push_back(FormatValue(chunk.GetValue(c, r)));
			}
			data.rows.push_back(std::move(row));
		}
	}
	return data;
}

bool IsRegexPattern(const std::string &expected) {
	return StartsWith(expected, REGEX_PREFIX) || StartsWith(expected, NOT_REGEX_PREFIX);
}

bool MatchesRegexPattern(const std::string &text, const std::string &pattern, std::string &error) {
	bool want_match = StartsWith(pattern, REGEX_PREFIX);
	auto body = pattern.substr(want_match ? REGEX_PREFIX.size() : NOT_REGEX_PREFIX.size());
	// DuckDB's Regex wrapper inverts its flag: CASE_INSENSITIVE yields a case-sensitive RE2.
	duckdb_re2::Regex regex("(?s)" + body, duckdb_re2::RegexOptions::CASE_INSENSITIVE);
	if (!regex.GetRegex().ok()) {
		error = "invalid regex '" + body + "': " + regex.GetRegex().error();
		return false;
	}
	return duckdb_re2::RegexMatch(text, regex) == want_match;
}

bool ErrorMatches(const std::string &error, const std::string &expected) {
	if (IsRegexPattern(expected)) {
		std::string regex_error;
		return MatchesRegexPattern(error, expected, regex_error);
	}
	return error.find(expected) != std::string::npos;
}

void SortRows(ResultRows &rows, SortMode mode) {
	if (mode == SortMode::ROW_SORT) {
		std::sort(rows.begin(), rows.end());
	} else if (mode == SortMode::VALUE_SORT) {
		std::vector<std::string> values;
		size_t width = rows.empty() ? 0 : rows[0].size();
		for (auto &row : rows) {
			values.insert(values.end(), row.begin(), row.end());
		}
		std::sort(values.begin(), values.end());
		for (size_t i = 0; i < values.size(); i++) {
			rows[i / width][i % width] = values[i];
		}
	}
}

std::string HashRows(const ResultRows &rows) {
	duckdb::MD5Context context;
	size_t count = 0;
	for (auto &row : rows) {
		for (auto &value : row) {
			context.Add(value);
			context.Add("\n");
			count++;
		}
	}
	return std::to_string(count) + " values hashing to " + context.FinishHex();
}

std::string RenderRows(const ResultRows &rows) {
	std::string out;
	for (auto &row : rows) {
		for (size_t c = 0; c < row.size(); c++) {
			out += (c ? "\t" : "") + row[c];
		}
		out += "\n";
	}
	return out;
}

} // namespace inlake_test

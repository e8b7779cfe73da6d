//===----------------------------------------------------------------------===//
// inlake-sqllogictest: result formatting and comparison.
//
// Turns a query result into strings the way DuckDB's runner does (NULL as
// `NULL`, '' as `(empty)`, booleans `true`/`false`, everything else through
// Value::ToString), sorts it (rowsort / valuesort), and compares it with the
// expected lines of a `query` record:
//   - tab-separated rows (a tab-less line of a multi-column query falls back
//     to splitting on runs of whitespace),
//   - or one value per line when there are rows*columns lines (value-wise),
//   - or a single `N values hashing to MD5` line,
//   - expected values `<REGEX>:pattern` / `<!REGEX>:pattern` (full match,
//     `.` matches newlines),
//   - numbers compared after casting the expected text to the column type,
//     floating point within DuckDB's runner tolerance (1%).
// Error texts match `statement error` expectations by substring or regex.
//===----------------------------------------------------------------------===//
#pragma once

#include "test_parser.hpp"

#include "duckdb/common/types.hpp"
#include "duckdb/common/types/value.hpp"

#include <string>
#include <vector>

namespace duckdb {
class MaterializedQueryResult;
}

namespace inlake_test {

using ResultRow = std::vector<std::string>;
using ResultRows = std::vector<ResultRow>;

struct QueryResultData {
	std::vector<duckdb::LogicalType> types;
	ResultRows rows;
};

std::string FormatValue(const duckdb::Value &value);
QueryResultData MaterializeResult(duckdb::MaterializedQueryResult &result);

bool IsRegexPattern(const std::string &expected);
//! Full-match of `text` against a `<REGEX>:` / `<!REGEX>:` pattern; sets `error` if the regex is invalid.
bool MatchesRegexPattern(const std::string &text, const std::string &pattern, std::string &error);
//! Whether an error message satisfies an expected error text (substring, or regex pattern).
bool ErrorMatches(const std::string &error, const std::string &expected);

void SortRows(ResultRows &rows, SortMode mode);
//! "N values hashing to <md5>", md5 over every value followed by a newline, as DuckDB does.
std::string HashRows(const ResultRows &rows);
std::string RenderRows(const ResultRows &rows);

struct ComparisonResult {
	bool ok = true;
	std::string message;
	//! expected rows as interpreted (empty for the hash form)
	ResultRows expected;
};

//! Sorts `actual` per `mode` and compares it with the expected lines of a query record.
ComparisonResult CompareQueryResult(QueryResultData &actual, const std::string &column_types, SortMode mode,
                                    const std::vector<std::string> &expected_lines);

} // namespace inlake_test

#include "result_compare.hpp"

#include <algorithm>
#include <vector>

namespace inlake_random {

static std::vector<std::string> Rows(duckdb::MaterializedQueryResult &result) {
	std::vector<std::string> rows;
	for (duckdb::idx_t row = 0; row < result.RowCount(); row++) {
		std::string text = "(";
		for (duckdb::idx_t column = 0; column < result.ColumnCount(); column++) {
			auto value = result.GetValue(column, row);
			text += (column ? ", " : "") + (value.IsNull() ? std::string("NULL") : value.ToSQLString());
		}
		rows.push_back(text + ")");
	}
	return rows;
}

static std::string Shorten(const std::string &text) {
	return text.size() > 300 ? text.substr(0, 300) + "... (" + std::to_string(text.size()) + " chars)" : text;
}

std::string CompareResults(duckdb::MaterializedQueryResult &expected, duckdb::MaterializedQueryResult &actual,
                           const std::string &expected_name, const std::string &actual_name) {
	if (expected.ColumnCount() != actual.ColumnCount()) {
		return std::to_string(expected.ColumnCount()) + " columns " + expected_name + ", " +
		       std::to_string(actual.ColumnCount()) + " " + actual_name;
	}
	auto expected_rows = Rows(expected);
	auto actual_rows = Rows(actual);
	std::string diff;
	int shown = 0;
	for (size_t row = 0; row < std::max(expected_rows.size(), actual_rows.size()) && shown < 5; row++) {
		auto left = row < expected_rows.size() ? expected_rows[row] : "(no row)";
		auto right = row < actual_rows.size() ? actual_rows[row] : "(no row)";
		if (left != right) {
			diff += "  row " + std::to_string(row) + ": " + expected_name + " " + Shorten(left) + "\n  " +
			        std::string(std::to_string(row).size() + 6, ' ') + actual_name + " " + Shorten(right) + "\n";
			shown++;
		}
	}
	if (diff.empty()) {
		return "";
	}
	return std::to_string(expected_rows.size()) + " rows " + expected_name + ", " +
	       std::to_string(actual_rows.size()) + " " + actual_name + "; first differences:\n" + diff;
}

} // namespace inlake_random

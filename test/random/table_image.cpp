#include "table_image.hpp"

#include "value_sql.hpp"

#include <algorithm>
#include <map>

namespace inlake_random {

static const uint64_t NULL_CELL = 0x6e756c6c6e756c6cULL;

uint64_t CellDictionary::Add(const char *data, size_t size, bool is_null) {
	if (is_null) {
		return NULL_CELL;
	}
	uint64_t hash = 0xcbf29ce484222325ULL;
	for (size_t i = 0; i < size; i++) {
		hash = (hash ^ static_cast<unsigned char>(data[i])) * 0x100000001b3ULL;
	}
	hash ^= size;
	if (hash == NULL_CELL) {
		hash++;
	}
	if (texts.find(hash) == texts.end()) {
		texts.emplace(hash, std::string(data, std::min<size_t>(size, 200)) + (size > 200 ? "...(" + std::to_string(size) + " bytes)" : ""));
	}
	return hash;
}

std::string CellDictionary::Text(uint64_t hash) const {
	if (hash == NULL_CELL) {
		return "NULL";
	}
	auto entry = texts.find(hash);
	return entry == texts.end() ? "?" : entry->second;
}

static bool ReadTypes(SqlSession &session, const std::string &from, const std::vector<ImageColumn> &columns,
                      TableImage &image, std::string &error) {
	auto exec = session.Exec("SELECT column_name, column_type FROM (DESCRIBE SELECT * FROM " + from + ")");
	if (!exec.ok) {
		error = exec.Describe();
		return false;
	}
	std::map<std::string, std::string> types;
	for (duckdb::idx_t row = 0; row < exec.result->RowCount(); row++) {
		auto name = exec.result->GetValue(0, row).ToString();
		auto type = exec.result->GetValue(1, row).ToString();
		image.schema += (image.schema.empty() ? "" : ", ") + name + " " + type;
		types[name] = type;
	}
	for (auto &column : columns) {
		auto entry = types.find(column.name);
		image.types.push_back(entry == types.end() ? "(missing)" : entry->second);
	}
	return true;
}

std::vector<ImageColumn> ImageColumns(const TableImage &image) {
	std::vector<ImageColumn> columns;
	for (size_t i = 0; i < image.names.size(); i++) {
		columns.push_back({image.column_ids[i], image.names[i]});
	}
	return columns;
}

bool ReadImage(SqlSession &session, const std::string &from, const std::vector<ImageColumn> &columns,
               CellDictionary &cells, TableImage &image, std::string &error) {
	image = TableImage();
	for (auto &column : columns) {
		image.column_ids.push_back(column.id);
		image.names.push_back(column.name);
	}
	if (!ReadTypes(session, from, columns, image, error)) {
		return false;
	}
	std::string select;
	for (auto &column : columns) {
		select += (select.empty() ? "" : ", ") + QuoteIdentifier(column.name) + "::VARCHAR";
	}
	auto exec = session.Exec("SELECT " + select + " FROM " + from);
	if (!exec.ok) {
		error = exec.Describe();
		return false;
	}
	for (auto &chunk : exec.result->Collection().Chunks()) {
		chunk.Flatten();
		auto first = image.rows.size();
		image.rows.resize(first + chunk.size(), std::vector<uint64_t>(columns.size()));
		for (duckdb::idx_t col = 0; col < chunk.ColumnCount(); col++) {
			auto &vector = chunk.data[col];
			auto data = duckdb::FlatVector::GetData<duckdb::string_t>(vector);
			auto &validity = duckdb::FlatVector::Validity(vector);
			for (duckdb::idx_t row = 0; row < chunk.size(); row++) {
				bool is_null = !validity.RowIsValid(row);
				image.rows[first + row][col] =
				    is_null ? cells.Add("", 0, true) : cells.Add(data[row].GetData(), data[row].GetSize(), false);
			}
		}
	}
	return true;
}

//! Row key over the kept column positions.
static std::vector<uint64_t> Project(const std::vector<uint64_t> &row, const std::vector<size_t> &positions) {
	std::vector<uint64_t> key;
	for (auto position : positions) {
		key.push_back(row[position]);
	}
	return key;
}

static std::string RowText(const std::vector<uint64_t> &row, const CellDictionary &cells) {
	std::string text = "(";
	for (size_t i = 0; i < row.size(); i++) {
		text += (i ? ", " : "") + cells.Text(row[i]);
	}
	return text + ")";
}

static std::vector<size_t> AllPositions(const TableImage &image) {
	std::vector<size_t> positions;
	for (size_t i = 0; i < image.column_ids.size(); i++) {
		positions.push_back(i);
	}
	return positions;
}

static std::string CompareSchemas(const TableImage &expected, const TableImage &actual,
                                  const std::vector<size_t> &positions) {
	std::string report;
	if (expected.schema != actual.schema) {
		report += "schema differs:\n  expected: " + expected.schema + "\n  actual:   " + actual.schema + "\n";
	}
	for (auto position : positions) {
		if (expected.types[position] != actual.types[position]) {
			report += "column " + expected.names[position] + " type differs: " + expected.types[position] + " vs " +
			          actual.types[position] + "\n";
		}
	}
	return report;
}

std::string CompareImages(const TableImage &expected, const TableImage &actual, const CellDictionary &cells, const std::string &expected_name,
                          const std::string &actual_name) {
	auto positions = AllPositions(expected);
	auto report = CompareSchemas(expected, actual, positions);
	if (!report.empty()) {
		return report;
	}
	std::map<std::vector<uint64_t>, int64_t> counts;
	for (auto &row : expected.rows) {
		counts[Project(row, positions)]++;
	}
	for (auto &row : actual.rows) {
		counts[Project(row, positions)]--;
	}
	std::vector<std::string> missing, extra;
	for (auto &entry : counts) {
		for (int64_t i = 0; i < entry.second; i++) {
			missing.push_back(RowText(entry.first, cells));
		}
		for (int64_t i = 0; i < -entry.second; i++) {
			extra.push_back(RowText(entry.first, cells));
		}
	}
	if (missing.empty() && extra.empty()) {
		return "";
	}
	report = "rows: " + std::to_string(expected.rows.size()) + " in " + expected_name + ", " +
	         std::to_string(actual.rows.size()) + " in " + actual_name + "; " + std::to_string(missing.size()) +
	         " only in " + expected_name + ", " + std::to_string(extra.size()) + " only in " + actual_name + "\n";
	for (size_t i = 0; i < missing.size() && i < 5; i++) {
		report += "  only in " + expected_name + ": " + missing[i] + "\n";
	}
	for (size_t i = 0; i < extra.size() && i < 5; i++) {
		report += "  only in " + actual_name + ": " + extra[i] + "\n";
	}
	return report;
}

} // namespace inlake_random

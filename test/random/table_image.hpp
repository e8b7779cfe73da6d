//===----------------------------------------------------------------------===//
// TableImage: a table's contents as a multiset of rows, for comparing the lake
// with the native side (now, or at an earlier snapshot).
//
// Contract: every cell is the value cast to VARCHAR (so -0.0, NaN, TIMETZ
// offsets, nested values and the exact digits of 128-bit integers all count)
// and stored as a 64-bit hash; CellDictionary maps hashes back to text for the
// diff. Columns carry the column ids of the model, so a comparison can leave
// out columns (time travel after a dropped column was flushed). Column names
// and types (as DESCRIBE prints them) are part of the image.
//===----------------------------------------------------------------------===//
#pragma once

#include "sql_session.hpp"

#include <cstdint>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

namespace inlake_random {

class CellDictionary {
public:
	uint64_t Add(const char *data, size_t size, bool is_null);
	std::string Text(uint64_t hash) const;

private:
	std::unordered_map<uint64_t, std::string> texts;
};

struct TableImage {
	std::vector<int> column_ids;
	std::vector<std::string> names;
	std::vector<std::string> types;
	//! "name TYPE, ..." of every column DESCRIBE lists.
	std::string schema;
	std::vector<std::vector<uint64_t>> rows;
};

struct ImageColumn {
	int id;
	std::string name;
};

//! The columns an image was read with (to read the same columns again, e.g. at a snapshot).
std::vector<ImageColumn> ImageColumns(const TableImage &image);

//! Reads `SELECT <columns>::VARCHAR FROM <from>` plus the DESCRIBE types; an error is returned in `error`.
bool ReadImage(SqlSession &session, const std::string &from, const std::vector<ImageColumn> &columns,
               CellDictionary &cells, TableImage &image, std::string &error);

//! Compares two images; returns "" when equal, else a readable diff.
std::string CompareImages(const TableImage &expected, const TableImage &actual, const CellDictionary &cells, const std::string &expected_name,
                          const std::string &actual_name);

} // namespace inlake_random

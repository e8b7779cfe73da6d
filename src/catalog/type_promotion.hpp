//===----------------------------------------------------------------------===//
// Which column type changes a DuckLake table allows.
//
// ALTER COLUMN TYPE rewrites no data file and no inlined row: every stored
// value is read as the new type from then on. So only changes that hold every
// value of the old type exactly are allowed (DuckLake's widening promotions):
// a wider signed integer, an unsigned integer to a wider unsigned or signed
// one, FLOAT to DOUBLE, a DECIMAL with at least as many integer and fraction
// digits, and JSON to VARCHAR. (Filters over files of the narrower FLOAT or
// DECIMAL compare after the cast: read/lake_multi_file_reader.cpp.)
//===----------------------------------------------------------------------===//
#pragma once

#include "duckdb/common/types.hpp"

#include <string>

namespace inlake {

//! Throws a NotImplementedException naming the column and both types unless `from` -> `to` is allowed.
void CheckTypePromotion(const std::string &table_name, const std::string &column_name, const duckdb::LogicalType &from,
                        const duckdb::LogicalType &to);

} // namespace inlake

//===----------------------------------------------------------------------===//
// Model codec: table models and statements as single log lines, for the crash
// harness (a new child continues from what the killed one committed).
//
// Contract: Decode(Encode(x)) == x. ParseColumnType reads exactly what
// ColumnType::Sql() writes (which is also what DuckDB's DESCRIBE prints for
// these types). EscapeField leaves no newline, tab, '|', ';', ',' or ':' in
// its output, so fields can be joined with those separators.
//===----------------------------------------------------------------------===//
#pragma once

#include "column_type.hpp"
#include "table_model.hpp"

#include <string>
#include <vector>

namespace inlake_random {

std::string EscapeField(const std::string &text);
std::string UnescapeField(const std::string &text);

//! Throws std::invalid_argument on text ColumnType::Sql() does not produce.
ColumnType ParseColumnType(const std::string &sql);

std::string EncodeTables(const std::vector<TableModel> &tables);
std::vector<TableModel> DecodeTables(const std::string &line);

} // namespace inlake_random

//===----------------------------------------------------------------------===//
// The CREATE TABLE statements of the DuckLake catalog tables, per format
// version ("1.0" or "1.1"), in DuckDB's SQL dialect. `prefix` qualifies each
// table name (e.g. "\"__ducklake_metadata_lake\".\"main\"."). Backends with
// another dialect map the few type names they lack.
//===----------------------------------------------------------------------===//
#pragma once

#include <string>
#include <vector>

namespace inlake {

std::vector<std::string> CatalogTableDDL(const std::string &format_version, const std::string &prefix);
//! The names of the catalog tables of a format version (without inlined data tables), in DDL order.
std::vector<std::string> CatalogTableNames(const std::string &format_version);
bool IsSupportedFormatVersion(const std::string &format_version);

} // namespace inlake

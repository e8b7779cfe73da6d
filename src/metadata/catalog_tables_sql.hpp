//===----------------------------------------------------------------------===//
// The CREATE TABLE statements of the DuckLake catalog tables, per format
// version ("1.0" or "1.1"), with the column types the dialect declares for the
// spec's. `prefix` qualifies each table name (e.g.
// "\"__ducklake_metadata_lake\".\"main\".").
//===----------------------------------------------------------------------===//
#pragma once

#include "metadata/sql/sql_dialect.hpp"

#include <string>
#include <vector>

namespace inlake {

std::vector<std::string> CatalogTableDDL(const std::string &format_version, const std::string &prefix,
                                         const SqlDialect &dialect);
//! The names of the catalog tables of a format version (without inlined data tables), in DDL order.
std::vector<std::string> CatalogTableNames(const std::string &format_version);
bool IsSupportedFormatVersion(const std::string &format_version);
//! Whether inlake can migrate a catalog of this older format version to 1.0 (CatalogMigration).
bool IsMigratableFormatVersion(const std::string &format_version);
//! The column names of a catalog table, in order, with the columns format 1.1 appends (empty: not a catalog table).
const std::vector<std::string> &CatalogTableColumnNames(const std::string &table_name);
//! The spec's types of those columns (BIGINT, VARCHAR, BOOLEAN, UUID, TIMESTAMPTZ), in the same order.
std::vector<std::string> CatalogTableColumnTypes(const std::string &table_name);
//! The column names of a catalog table in one format version, in order (empty: not a table of that version).
std::vector<std::string> CatalogTableColumnNames(const std::string &table_name, const std::string &format_version);
//! The CREATE TABLE statement of one catalog table of a format version ("" when the version has no such table),
//! creating it under `created_name` when one is given.
std::string CatalogTableCreateStatement(const std::string &table_name, const std::string &format_version,
                                        const std::string &prefix, const SqlDialect &dialect,
                                        const std::string &created_name = std::string());

} // namespace inlake

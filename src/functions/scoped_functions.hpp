//===----------------------------------------------------------------------===//
// Catalog-scoped lake functions: `lake.snapshots()`, `CALL lake.set_option(..)`
// resolve, through the lake schema's function lookup, to the ducklake_*
// function of the same name with the lake name filled in as first argument.
//===----------------------------------------------------------------------===//
#pragma once

#include "duckdb/catalog/catalog_entry/table_function_catalog_entry.hpp"

#include <string>

namespace inlake {

//! A new catalog entry for `name` (without the ducklake_ prefix) scoped to the schema's lake, or nullptr. Also
//! serves the change feed's events function (lake_functions.hpp), which DuckDB's function catalog does not list.
duckdb::unique_ptr<duckdb::TableFunctionCatalogEntry> CreateScopedFunction(duckdb::SchemaCatalogEntry &schema,
                                                                           const std::string &name);

} // namespace inlake

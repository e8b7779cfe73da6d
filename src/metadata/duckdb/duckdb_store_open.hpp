//===----------------------------------------------------------------------===//
// Opening and closing a DuckDB-file catalog database.
//
// The file is attached inside the user's DuckDB instance (as
// __ducklake_metadata_<lake>, or METADATA_CATALOG), so users can query it
// with SQL. A file that is already attached (a second lake on the same
// catalog, or the user's own ATTACH of it) is used where it is; lakes on the
// same catalog database share one store, and the last one to close detaches
// the database if the store attached it.
//===----------------------------------------------------------------------===//
#pragma once

#include "catalog/lake_options.hpp"
#include "metadata/metadata_store.hpp"

#include "duckdb/main/client_context.hpp"

#include <memory>

namespace inlake {

std::shared_ptr<MetadataStore> OpenDuckDBStore(duckdb::ClientContext &context, const LakeOptions &options);

} // namespace inlake

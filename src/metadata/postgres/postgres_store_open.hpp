//===----------------------------------------------------------------------===//
// OpenPostgresStore: the MetadataStore of a lake whose catalog lives in a
// PostgreSQL database (ATTACH 'ducklake:postgres:CONNINFO'), in the schema
// METADATA_SCHEMA (default public), created when a new lake needs it.
// The shared SqlMetadataStore over PostgresConnections; a new lake needs a
// DATA_PATH (a server has no folder of its own to put data files beside).
//===----------------------------------------------------------------------===//
#pragma once

#include "catalog/lake_options.hpp"
#include "metadata/metadata_store.hpp"

#include "duckdb/main/client_context.hpp"

#include <memory>

namespace inlake {

std::shared_ptr<MetadataStore> OpenPostgresStore(duckdb::ClientContext &context, const LakeOptions &options);

} // namespace inlake

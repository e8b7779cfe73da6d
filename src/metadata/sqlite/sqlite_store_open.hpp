//===----------------------------------------------------------------------===//
// OpenSQLiteStore: ATTACH 'ducklake:sqlite:PATH' opens (or creates) the SQLite
// catalog file through libsqlite3 and serves it with the backend-neutral
// SqlMetadataStore. New lakes keep their data files in PATH.files/ unless
// DATA_PATH says otherwise.
//===----------------------------------------------------------------------===//
#pragma once

#include "catalog/lake_options.hpp"
#include "metadata/metadata_store.hpp"

#include "duckdb/main/client_context.hpp"

#include <memory>

namespace inlake {

std::shared_ptr<MetadataStore> OpenSQLiteStore(duckdb::ClientContext &context, const LakeOptions &options);

} // namespace inlake

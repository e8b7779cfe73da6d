//===----------------------------------------------------------------------===//
// OpenMetadataStore: the one place that turns an ATTACH into a metadata store.
//
// The catalog layer never names a backend: the ATTACH path's prefix (parsed
// into LakeOptions::backend) picks one here, and the backend opens its
// database (creating it when the options allow), knows its default data path
// and closes it again. A backend that cannot open throws an IOException naming
// the lake and the database; whatever it created on the way is gone by then.
//===----------------------------------------------------------------------===//
#pragma once

#include "catalog/lake_options.hpp"
#include "metadata/metadata_store.hpp"

#include "duckdb/common/file_system.hpp"
#include "duckdb/main/client_context.hpp"

#include <memory>

namespace inlake {

//! Opens (or creates) the catalog database `options` name. Every lake of this process attached to the same
//! catalog database shares one store.
std::shared_ptr<MetadataStore> OpenMetadataStore(duckdb::ClientContext &context, const LakeOptions &options);

//! Throws the IOException that says why ATTACH may not create the missing catalog database `options` name
//! (READ_ONLY, SNAPSHOT_VERSION, CREATE_IF_NOT_EXISTS false, a missing folder); returns when it may.
void CheckCatalogCanBeCreated(duckdb::FileSystem &fs, const LakeOptions &options);

} // namespace inlake

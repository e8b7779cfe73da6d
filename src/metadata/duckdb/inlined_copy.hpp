//===----------------------------------------------------------------------===//
// CopyInlinedRowsOn: MetadataStore::CopyInlinedRows on any DuckDB database
// that holds the inlined tables: the DuckDB-file catalog itself, or the
// temporary table into which another backend decoded its inlined rows.
//===----------------------------------------------------------------------===//
#pragma once

#include "metadata/metadata_store.hpp"
#include "metadata/sql/catalog_connection.hpp"

namespace inlake {

//! `connection` must be a DuckDB connection; `prefix` qualifies the request's source tables.
InlinedCopyResult CopyInlinedRowsOn(CatalogConnection &connection, const std::string &prefix,
                                    const InlinedCopyRequest &request);

} // namespace inlake

//===----------------------------------------------------------------------===//
// InlinedTableStream: streams the rows of one inlined insert table that a
// snapshot sees, through DuckDB's storage scan of the catalog table (no SQL,
// nothing materialised), in the context's open transaction on the catalog
// database.
//
// Its chunks have the source's columns under their current types (a column
// the scan does not need, or that did not exist in that schema version, is a
// NULL constant), then the row id and the begin snapshot: the same rows and
// layout as DuckDBMetadataStore::InlinedRowsQuery. Column filters on columns
// stored under their current type are pushed into the storage scan (zone maps
// and vectorised filtering); the excluded row ids are left out.
//
// The stream keeps `keep_alive` (the read session owning the transaction)
// until it is destroyed; Next must not run concurrently with other uses of
// that context (the session serialises them).
//===----------------------------------------------------------------------===//
#pragma once

#include "common/column_filter.hpp"
#include "common/row_stream.hpp"
#include "metadata/metadata_records.hpp"

#include "duckdb/main/client_context.hpp"

#include <memory>
#include <string>

namespace inlake {

//! Whether a storage scan can read the source (not when a column added later has a default expression).
bool CanStreamInlinedTable(const InlinedSource &source);

std::unique_ptr<RowStream> StreamInlinedTable(duckdb::ClientContext &context, const std::string &database,
                                              const std::string &schema, const InlinedSource &source,
                                              const InlinedColumnNames &names, int64_t snapshot_id,
                                              const InlinedRowFilter &filter, std::shared_ptr<void> keep_alive);

//! Bounds of the values of source column `column` in the inlined table (DuckDB's storage statistics, which
//! cover every row ever stored there), as the column's current type: nullptr when unknown (the column did not
//! exist in that schema version, or its type has no numeric bounds).
duckdb::unique_ptr<duckdb::BaseStatistics> InlinedColumnStatistics(duckdb::ClientContext &context,
                                                                   const std::string &database,
                                                                   const std::string &schema,
                                                                   const InlinedSource &source, duckdb::idx_t column);

} // namespace inlake

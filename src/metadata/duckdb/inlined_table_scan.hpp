//===----------------------------------------------------------------------===//
// ScanInlinedTable: reads the rows of one inlined insert table that a snapshot
// sees, through DuckDB's storage scan of the catalog table (no SQL), in the
// context's open transaction on the catalog database.
//
// The result has the source's columns under their current types (a column
// the scan does not need, or that did not exist in that schema version, is
// NULL), then the row id and the begin snapshot: the same rows and layout as
// DuckDBMetadataStore::InlinedRowsQuery. Column filters on columns stored
// under their current type are pushed into the storage scan (zone maps and
// vectorised filtering); the rows the filter excludes are left out.
//
// Returns nullptr when the source needs SQL to read: a column added later
// with a default expression.
//===----------------------------------------------------------------------===//
#pragma once

#include "common/column_filter.hpp"
#include "metadata/metadata_records.hpp"

#include "duckdb/common/types/column/column_data_collection.hpp"
#include "duckdb/main/client_context.hpp"

#include <string>

namespace inlake {

duckdb::unique_ptr<duckdb::ColumnDataCollection>
ScanInlinedTable(duckdb::ClientContext &context, const std::string &database, const std::string &schema,
                 const InlinedSource &source, const InlinedColumnNames &names, int64_t snapshot_id,
                 const InlinedRowFilter &filter);

} // namespace inlake

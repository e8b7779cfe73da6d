//===----------------------------------------------------------------------===//
// Readers of catalog rows shared by the DuckDB backend's files.
//===----------------------------------------------------------------------===//
#pragma once

#include "metadata/metadata_records.hpp"

#include "metadata/sql/catalog_reader.hpp"
#include "metadata/sql/result_row.hpp"

namespace inlake {

class DuckDBMetadataStore;

//! Reads ducklake_table_stats + ducklake_table_column_stats of one table (lock held by caller).
TableStatsRecord ReadTableStats(DuckDBMetadataStore &store, int64_t table_id);

} // namespace inlake

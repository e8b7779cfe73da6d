//===----------------------------------------------------------------------===//
// ResultRow: typed, NULL-aware access to one row of a catalog query result.
//===----------------------------------------------------------------------===//
#pragma once

#include "metadata/metadata_records.hpp"

#include "duckdb/main/materialized_query_result.hpp"

namespace inlake {

class DuckDBMetadataStore;

class ResultRow {
public:
	ResultRow(duckdb::MaterializedQueryResult &result, duckdb::idx_t row) : result(result), row(row) {
	}
	bool IsNull(duckdb::idx_t col) const {
		return result.GetValue(col, row).IsNull();
	}
	int64_t Int(duckdb::idx_t col, int64_t if_null = 0) const {
		auto value = result.GetValue(col, row);
		return value.IsNull() ? if_null : value.GetValue<int64_t>();
	}
	std::string String(duckdb::idx_t col) const {
		auto value = result.GetValue(col, row);
		return value.IsNull() ? std::string() : value.ToString();
	}
	bool Bool(duckdb::idx_t col, bool if_null) const {
		auto value = result.GetValue(col, row);
		return value.IsNull() ? if_null : value.GetValue<bool>();
	}
	duckdb::timestamp_tz_t TimestampTz(duckdb::idx_t col) const {
		auto value = result.GetValue(col, row);
		return value.IsNull() ? duckdb::timestamp_tz_t(0) : value.GetValue<duckdb::timestamp_tz_t>();
	}

private:
	duckdb::MaterializedQueryResult &result;
	duckdb::idx_t row;
};

SnapshotRecord ReadSnapshotRow(duckdb::MaterializedQueryResult &result, duckdb::idx_t row);
//! ducklake_inlined_delete_<table_id>
std::string InlinedDeleteTableName(int64_t table_id);
//! Reads ducklake_table_stats + ducklake_table_column_stats of one table (lock held by caller).
TableStatsRecord ReadTableStats(DuckDBMetadataStore &store, int64_t table_id);
//! The same, always from the catalog.
TableStatsRecord QueryTableStats(DuckDBMetadataStore &store, int64_t table_id);

} // namespace inlake

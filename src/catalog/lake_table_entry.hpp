//===----------------------------------------------------------------------===//
// LakeTableEntry: a DuckLake table as DuckDB's binder sees it.
//
// An entry describes the table at one schema version (its columns and
// constraints); it is immutable once built. What rows it has depends on the
// snapshot being read, so the scan asks the transaction for the sources
// visible at the transaction's snapshot, or at the AT (VERSION/TIMESTAMP)
// clause of the lookup.
//===----------------------------------------------------------------------===//
#pragma once

#include "metadata/metadata_records.hpp"

#include "duckdb/catalog/catalog_entry/table_catalog_entry.hpp"

namespace inlake {

class LakeTableEntry : public duckdb::TableCatalogEntry {
public:
	LakeTableEntry(duckdb::Catalog &catalog, duckdb::SchemaCatalogEntry &schema, duckdb::CreateTableInfo &info,
	               TableRecord record);

	//! Builds the entry of a table from its catalog record.
	static duckdb::unique_ptr<LakeTableEntry> FromRecord(duckdb::Catalog &catalog, duckdb::SchemaCatalogEntry &schema,
	                                                     TableRecord record);

	duckdb::unique_ptr<duckdb::BaseStatistics> GetStatistics(duckdb::ClientContext &context,
	                                                         duckdb::column_t column_id) override;
	duckdb::TableFunction GetScanFunction(duckdb::ClientContext &context,
	                                      duckdb::unique_ptr<duckdb::FunctionData> &bind_data) override;
	duckdb::TableFunction GetScanFunction(duckdb::ClientContext &context,
	                                      duckdb::unique_ptr<duckdb::FunctionData> &bind_data,
	                                      const duckdb::EntryLookupInfo &lookup_info) override;
	duckdb::TableStorageInfo GetStorageInfo(duckdb::ClientContext &context) override;
	duckdb::virtual_column_map_t GetVirtualColumns() const override;
	duckdb::vector<duckdb::column_t> GetRowIdColumns() const override;
	//! An UPDATE of a lake table rewrites whole rows (delete + insert), so it binds every column.
	void BindUpdateConstraints(duckdb::Binder &binder, duckdb::LogicalGet &get, duckdb::LogicalProjection &proj,
	                           duckdb::LogicalUpdate &update, duckdb::ClientContext &context) override;

	const TableRecord &Record() const {
		return record;
	}
	int64_t TableId() const {
		return record.table_id;
	}

private:
	TableRecord record;
};

} // namespace inlake

//===----------------------------------------------------------------------===//
// LakeCatalogSet: every schema, table, view and macro of a lake at one schema
// version.
//
// Built once from the catalog database and shared (immutable) by every
// transaction reading a snapshot with that schema version.
//===----------------------------------------------------------------------===//
#pragma once

#include "catalog/lake_schema_entry.hpp"
#include "metadata/metadata_records.hpp"

#include "duckdb/common/case_insensitive_map.hpp"

#include <map>

namespace inlake {

class LakeCatalogSet {
public:
	LakeCatalogSet(duckdb::Catalog &catalog, const CatalogContents &contents);

	duckdb::optional_ptr<LakeSchemaEntry> GetSchema(const std::string &name);
	duckdb::optional_ptr<LakeSchemaEntry> GetSchemaById(int64_t schema_id);
	duckdb::optional_ptr<LakeTableEntry> GetTableById(int64_t table_id);
	duckdb::optional_ptr<LakeViewEntry> GetViewById(int64_t view_id);
	const duckdb::case_insensitive_map_t<duckdb::unique_ptr<LakeSchemaEntry>> &Schemas() const {
		return schemas;
	}

private:
	duckdb::case_insensitive_map_t<duckdb::unique_ptr<LakeSchemaEntry>> schemas;
	std::map<int64_t, LakeSchemaEntry *> schemas_by_id;
	std::map<int64_t, LakeTableEntry *> tables_by_id;
	std::map<int64_t, LakeViewEntry *> views_by_id;
};

} // namespace inlake

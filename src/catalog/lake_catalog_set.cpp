#include "catalog/lake_catalog_set.hpp"

#include "duckdb/parser/parsed_data/create_schema_info.hpp"

namespace inlake {

LakeCatalogSet::LakeCatalogSet(duckdb::Catalog &catalog, const CatalogContents &contents) {
	for (auto &schema_record : contents.schemas) {
		duckdb::CreateSchemaInfo info;
		info.schema = schema_record.schema_name;
		auto schema = duckdb::make_uniq<LakeSchemaEntry>(catalog, info, schema_record);
		schemas_by_id[schema_record.schema_id] = schema.get();
		schemas[schema_record.schema_name] = std::move(schema);
	}
	for (auto &table_record : contents.tables) {
		auto schema = schemas_by_id.find(table_record.schema_id);
		if (schema == schemas_by_id.end()) {
			continue; // a table whose schema is not visible is not visible either
		}
		auto table = LakeTableEntry::FromRecord(catalog, *schema->second, table_record);
		tables_by_id[table_record.table_id] = table.get();
		schema->second->AddCommittedTable(std::move(table));
	}
	auto is_lake_schema = [&](const std::string &name) { return schemas.count(name) > 0; };
	for (auto &view_record : contents.views) {
		auto schema = schemas_by_id.find(view_record.schema_id);
		if (schema != schemas_by_id.end()) {
			auto view = LakeViewEntry::FromRecord(catalog, *schema->second, view_record, is_lake_schema);
			views_by_id[view_record.view_id] = view.get();
			schema->second->AddCommittedView(std::move(view));
		}
	}
	for (auto &macro_record : contents.macros) {
		auto schema = schemas_by_id.find(macro_record.schema_id);
		if (schema != schemas_by_id.end()) {
			schema->second->AddCommittedMacro(LakeMacro::FromRecord(catalog, *schema->second, macro_record));
		}
	}
}

duckdb::optional_ptr<LakeSchemaEntry> LakeCatalogSet::GetSchema(const std::string &name) {
	auto entry = schemas.find(name);
	return entry == schemas.end() ? nullptr : entry->second.get();
}

duckdb::optional_ptr<LakeSchemaEntry> LakeCatalogSet::GetSchemaById(int64_t schema_id) {
	auto entry = schemas_by_id.find(schema_id);
	return entry == schemas_by_id.end() ? nullptr : entry->second;
}

duckdb::optional_ptr<LakeTableEntry> LakeCatalogSet::GetTableById(int64_t table_id) {
	auto entry = tables_by_id.find(table_id);
	return entry == tables_by_id.end() ? nullptr : entry->second;
}

duckdb::optional_ptr<LakeViewEntry> LakeCatalogSet::GetViewById(int64_t view_id) {
	auto entry = views_by_id.find(view_id);
	return entry == views_by_id.end() ? nullptr : entry->second;
}

} // namespace inlake

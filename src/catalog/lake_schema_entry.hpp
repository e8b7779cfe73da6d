//===----------------------------------------------------------------------===//
// LakeSchemaEntry: a DuckLake schema as DuckDB's binder sees it.
//
// Holds the tables, views and macros committed at one schema version. Lookups and scans merge
// in the calling transaction's own changes (tables it created or dropped), so
// a transaction sees its uncommitted DDL and nobody else does. Creating and
// dropping tables only records the change in the transaction; the catalog
// database is written at commit.
//===----------------------------------------------------------------------===//
#pragma once

#include "catalog/lake_macro.hpp"
#include "catalog/lake_table_entry.hpp"
#include "catalog/lake_view_entry.hpp"
#include "metadata/metadata_records.hpp"

#include "duckdb/catalog/catalog_entry/schema_catalog_entry.hpp"
#include "duckdb/common/case_insensitive_map.hpp"

#include <mutex>

namespace inlake {

class LakeSchemaEntry : public duckdb::SchemaCatalogEntry {
	template <class T>
	using optional_ptr = duckdb::optional_ptr<T>;

public:
	LakeSchemaEntry(duckdb::Catalog &catalog, duckdb::CreateSchemaInfo &info, SchemaRecord record);

	void AddCommittedTable(duckdb::unique_ptr<LakeTableEntry> table);
	optional_ptr<LakeTableEntry> GetCommittedTable(const std::string &name);
	void AddCommittedView(duckdb::unique_ptr<LakeViewEntry> view);
	optional_ptr<LakeViewEntry> GetCommittedView(const std::string &name);
	//! Scalar and table macros have a namespace each, as in DuckDB's own schemas
	void AddCommittedMacro(duckdb::unique_ptr<LakeMacro> macro);
	optional_ptr<LakeMacro> GetCommittedMacro(const std::string &name, bool table_macro);
	void ScanCommittedMacros(bool table_macros, const std::function<void(LakeMacro &)> &callback);

	void Scan(duckdb::ClientContext &context, duckdb::CatalogType type,
	          const std::function<void(duckdb::CatalogEntry &)> &callback) override;
	void Scan(duckdb::CatalogType type, const std::function<void(duckdb::CatalogEntry &)> &callback) override;

	optional_ptr<duckdb::CatalogEntry> CreateIndex(duckdb::CatalogTransaction transaction,
	                                               duckdb::CreateIndexInfo &info,
	                                               duckdb::TableCatalogEntry &table) override;
	optional_ptr<duckdb::CatalogEntry> CreateFunction(duckdb::CatalogTransaction transaction,
	                                                  duckdb::CreateFunctionInfo &info) override;
	optional_ptr<duckdb::CatalogEntry> CreateTable(duckdb::CatalogTransaction transaction,
	                                               duckdb::BoundCreateTableInfo &info) override;
	optional_ptr<duckdb::CatalogEntry> CreateView(duckdb::CatalogTransaction transaction,
	                                              duckdb::CreateViewInfo &info) override;
	optional_ptr<duckdb::CatalogEntry> CreateSequence(duckdb::CatalogTransaction transaction,
	                                                  duckdb::CreateSequenceInfo &info) override;
	optional_ptr<duckdb::CatalogEntry> CreateTableFunction(duckdb::CatalogTransaction transaction,
	                                                       duckdb::CreateTableFunctionInfo &info) override;
	optional_ptr<duckdb::CatalogEntry> CreateCopyFunction(duckdb::CatalogTransaction transaction,
	                                                      duckdb::CreateCopyFunctionInfo &info) override;
	optional_ptr<duckdb::CatalogEntry> CreatePragmaFunction(duckdb::CatalogTransaction transaction,
	                                                        duckdb::CreatePragmaFunctionInfo &info) override;
	optional_ptr<duckdb::CatalogEntry> CreateCollation(duckdb::CatalogTransaction transaction,
	                                                   duckdb::CreateCollationInfo &info) override;
	optional_ptr<duckdb::CatalogEntry> CreateType(duckdb::CatalogTransaction transaction,
	                                              duckdb::CreateTypeInfo &info) override;
	optional_ptr<duckdb::CatalogEntry> LookupEntry(duckdb::CatalogTransaction transaction,
	                                               const duckdb::EntryLookupInfo &lookup_info) override;
	void DropEntry(duckdb::ClientContext &context, duckdb::DropInfo &info) override;
	void Alter(duckdb::CatalogTransaction transaction, duckdb::AlterInfo &info) override;

	const SchemaRecord &Record() const {
		return record;
	}
	int64_t SchemaId() const {
		return record.schema_id;
	}

private:
	//! A macro the transaction sees (CREATE MACRO in this schema)
	optional_ptr<duckdb::CatalogEntry> LookupMacro(duckdb::CatalogTransaction transaction, const std::string &name,
	                                               bool table_macro);
	//! lake.<name>(...) table functions (see functions/scoped_functions.hpp), created on first lookup
	optional_ptr<duckdb::CatalogEntry> LookupScopedFunction(const std::string &name);

	SchemaRecord record;
	duckdb::case_insensitive_map_t<duckdb::unique_ptr<LakeTableEntry>> tables;
	duckdb::case_insensitive_map_t<duckdb::unique_ptr<LakeViewEntry>> views;
	duckdb::case_insensitive_map_t<duckdb::unique_ptr<LakeMacro>> scalar_macros;
	duckdb::case_insensitive_map_t<duckdb::unique_ptr<LakeMacro>> table_macros;
	std::mutex functions_lock;
	duckdb::case_insensitive_map_t<duckdb::unique_ptr<duckdb::CatalogEntry>> functions;
};

} // namespace inlake

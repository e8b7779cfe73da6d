#include "catalog/lake_schema_entry.hpp"

#include "catalog/lake_catalog.hpp"
#include "functions/scoped_functions.hpp"
#include "transaction/lake_transaction.hpp"

#include "duckdb/parser/parsed_data/create_view_info.hpp"
#include "duckdb/parser/parsed_data/create_schema_info.hpp"
#include "duckdb/parser/parsed_data/drop_info.hpp"
#include "duckdb/planner/parsed_data/bound_create_table_info.hpp"

namespace inlake {
using duckdb::CatalogEntry;
using duckdb::CatalogTransaction;
using duckdb::CatalogType;
using duckdb::NotImplementedException;

LakeSchemaEntry::LakeSchemaEntry(duckdb::Catalog &catalog, duckdb::CreateSchemaInfo &info, SchemaRecord record_p)
    : duckdb::SchemaCatalogEntry(catalog, info), record(std::move(record_p)) {
}

void LakeSchemaEntry::AddCommittedTable(duckdb::unique_ptr<LakeTableEntry> table) {
	auto name = table->name;
	tables[name] = std::move(table);
}

duckdb::optional_ptr<LakeTableEntry> LakeSchemaEntry::GetCommittedTable(const std::string &name) {
	auto entry = tables.find(name);
	return entry == tables.end() ? nullptr : entry->second.get();
}

void LakeSchemaEntry::Scan(duckdb::ClientContext &context, CatalogType type,
                           const std::function<void(CatalogEntry &)> &callback) {
	if (type != CatalogType::TABLE_ENTRY) {
		return;
	}
	auto &transaction = LakeTransaction::Get(context, catalog);
	transaction.ScanTables(*this, [&](LakeTableEntry &table) { callback(table); });
}

void LakeSchemaEntry::Scan(CatalogType type, const std::function<void(CatalogEntry &)> &callback) {
	if (type != CatalogType::TABLE_ENTRY) {
		return;
	}
	for (auto &entry : tables) {
		callback(*entry.second);
	}
}

duckdb::optional_ptr<CatalogEntry> LakeSchemaEntry::CreateTable(CatalogTransaction transaction,
                                                                duckdb::BoundCreateTableInfo &info) {
	auto &lake_transaction = LakeTransaction::Get(transaction, catalog);
	auto &base = info.Base();
	if (base.on_conflict == duckdb::OnCreateConflict::IGNORE_ON_CONFLICT &&
	    lake_transaction.LookupTable(*this, base.table)) {
		return nullptr;
	}
	return &lake_transaction.CreateTable(*this, info);
}

duckdb::optional_ptr<CatalogEntry> LakeSchemaEntry::LookupEntry(CatalogTransaction transaction,
                                                                const duckdb::EntryLookupInfo &lookup_info) {
	if (lookup_info.GetCatalogType() == CatalogType::TABLE_FUNCTION_ENTRY) {
		return LookupScopedFunction(lookup_info.GetEntryName());
	}
	if (lookup_info.GetCatalogType() != CatalogType::TABLE_ENTRY) {
		return nullptr;
	}
	auto &lake_transaction = LakeTransaction::Get(transaction, catalog);
	auto at_clause = lookup_info.GetAtClause();
	if (at_clause) {
		auto snapshot = lake_transaction.ResolveAtClause(*at_clause);
		auto &set = lake_transaction.CatalogSetAt(snapshot);
		auto schema = set.GetSchemaById(record.schema_id);
		if (!schema) {
			return nullptr;
		}
		return schema->GetCommittedTable(lookup_info.GetEntryName()).get();
	}
	return lake_transaction.LookupTable(*this, lookup_info.GetEntryName()).get();
}

duckdb::optional_ptr<CatalogEntry> LakeSchemaEntry::LookupScopedFunction(const std::string &name) {
	std::lock_guard<std::mutex> guard(functions_lock);
	auto entry = functions.find(name);
	if (entry != functions.end()) {
		return entry->second.get();
	}
	auto function = CreateScopedFunction(*this, name);
	if (!function) {
		return nullptr;
	}
	auto result = function.get();
	functions[name] = std::move(function);
	return result;
}

void LakeSchemaEntry::DropEntry(duckdb::ClientContext &context, duckdb::DropInfo &info) {
	if (info.type != CatalogType::TABLE_ENTRY) {
		throw NotImplementedException("DuckLake supports DROP TABLE and DROP SCHEMA only (not DROP %s)",
		                              duckdb::CatalogTypeToString(info.type));
	}
	auto &transaction = LakeTransaction::Get(context, catalog);
	auto table = transaction.LookupTable(*this, info.name);
	if (!table) {
		if (info.if_not_found == duckdb::OnEntryNotFound::RETURN_NULL) {
			return;
		}
		throw duckdb::CatalogException("Table with name %s does not exist!", info.name);
	}
	transaction.DropTable(*table);
}

void LakeSchemaEntry::Alter(CatalogTransaction transaction, duckdb::AlterInfo &info) {
	LakeTransaction::Get(transaction, catalog).AlterTable(*this, info);
}

#define LAKE_UNSUPPORTED_CREATE(METHOD, INFO, WHAT)                                                                    \
	duckdb::optional_ptr<CatalogEntry> LakeSchemaEntry::METHOD(CatalogTransaction transaction, INFO &info) {          \
		throw NotImplementedException("DuckLake catalogs do not support CREATE " WHAT);                             \
	}

LAKE_UNSUPPORTED_CREATE(CreateFunction, duckdb::CreateFunctionInfo, "FUNCTION/MACRO")
LAKE_UNSUPPORTED_CREATE(CreateSequence, duckdb::CreateSequenceInfo, "SEQUENCE")
LAKE_UNSUPPORTED_CREATE(CreateTableFunction, duckdb::CreateTableFunctionInfo, "TABLE FUNCTION")
LAKE_UNSUPPORTED_CREATE(CreateCopyFunction, duckdb::CreateCopyFunctionInfo, "COPY FUNCTION")
LAKE_UNSUPPORTED_CREATE(CreatePragmaFunction, duckdb::CreatePragmaFunctionInfo, "PRAGMA FUNCTION")
LAKE_UNSUPPORTED_CREATE(CreateCollation, duckdb::CreateCollationInfo, "COLLATION")
LAKE_UNSUPPORTED_CREATE(CreateType, duckdb::CreateTypeInfo, "TYPE")

duckdb::optional_ptr<CatalogEntry> LakeSchemaEntry::CreateView(CatalogTransaction transaction,
                                                               duckdb::CreateViewInfo &info) {
	throw NotImplementedException("CREATE VIEW is not supported by inlake (yet): %s.%s.%s", catalog.GetName(), name,
	                              info.view_name);
}

duckdb::optional_ptr<CatalogEntry> LakeSchemaEntry::CreateIndex(CatalogTransaction transaction,
                                                                duckdb::CreateIndexInfo &info,
                                                                duckdb::TableCatalogEntry &table) {
	throw NotImplementedException("DuckLake catalogs do not support CREATE INDEX");
}

} // namespace inlake

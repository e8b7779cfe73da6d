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

void LakeSchemaEntry::AddCommittedView(duckdb::unique_ptr<LakeViewEntry> view) {
	auto name = view->name;
	views[name] = std::move(view);
}

duckdb::optional_ptr<LakeViewEntry> LakeSchemaEntry::GetCommittedView(const std::string &name) {
	auto entry = views.find(name);
	return entry == views.end() ? nullptr : entry->second.get();
}

void LakeSchemaEntry::AddCommittedMacro(duckdb::unique_ptr<LakeMacro> macro) {
	auto name = macro->Name();
	auto &set = macro->IsTableMacro() ? table_macros : scalar_macros;
	set[name] = std::move(macro);
}

duckdb::optional_ptr<LakeMacro> LakeSchemaEntry::GetCommittedMacro(const std::string &name, bool table_macro) {
	auto &set = table_macro ? table_macros : scalar_macros;
	auto entry = set.find(name);
	return entry == set.end() ? nullptr : entry->second.get();
}

void LakeSchemaEntry::ScanCommittedMacros(bool table_macros_p, const std::function<void(LakeMacro &)> &callback) {
	for (auto &entry : table_macros_p ? table_macros : scalar_macros) {
		callback(*entry.second);
	}
}

//! Function lookups and scans: DuckDB keeps scalar functions and macros in one set per schema, table functions and
//! table macros in another
static bool IsTableFunctionType(CatalogType type) {
	return type == CatalogType::TABLE_FUNCTION_ENTRY || type == CatalogType::TABLE_MACRO_ENTRY;
}

static bool IsFunctionType(CatalogType type) {
	return type == CatalogType::SCALAR_FUNCTION_ENTRY || type == CatalogType::MACRO_ENTRY || IsTableFunctionType(type);
}

void LakeSchemaEntry::Scan(duckdb::ClientContext &context, CatalogType type,
                           const std::function<void(CatalogEntry &)> &callback) {
	auto &transaction = LakeTransaction::Get(context, catalog);
	if (IsFunctionType(type)) {
		transaction.ScanMacros(*this, IsTableFunctionType(type), [&](LakeMacro &macro) { callback(macro.Entry()); });
		return;
	}
	if (type != CatalogType::TABLE_ENTRY && type != CatalogType::VIEW_ENTRY) {
		return;
	}
	// tables and views share one set, as in DuckDB's own schemas: a scan for tables finds the views too (which is
	// how duckdb_columns() lists a view's columns), each with its columns bound
	if (type == CatalogType::TABLE_ENTRY) {
		transaction.ScanTables(*this, [&](LakeTableEntry &table) { callback(table); });
	}
	std::vector<std::reference_wrapper<LakeViewEntry>> views;
	transaction.ScanViews(*this, [&](LakeViewEntry &view) { views.push_back(view); });
	for (auto &view : views) {
		if (view.get().BindColumns(context)) {
			callback(view.get());
		}
	}
}

void LakeSchemaEntry::Scan(CatalogType type, const std::function<void(CatalogEntry &)> &callback) {
	if (type == CatalogType::TABLE_ENTRY) {
		for (auto &entry : tables) {
			callback(*entry.second);
		}
	} else if (type == CatalogType::VIEW_ENTRY) {
		for (auto &entry : views) {
			callback(*entry.second);
		}
	} else if (IsFunctionType(type)) {
		ScanCommittedMacros(IsTableFunctionType(type), [&](LakeMacro &macro) { callback(macro.Entry()); });
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
	if (lake_transaction.LookupView(*this, base.table)) {
		throw duckdb::CatalogException("Cannot create table \"%s\": a view with this name exists in schema \"%s\"",
		                               base.table, name);
	}
	return &lake_transaction.CreateTable(*this, info);
}

duckdb::optional_ptr<CatalogEntry> LakeSchemaEntry::LookupEntry(CatalogTransaction transaction,
                                                                const duckdb::EntryLookupInfo &lookup_info) {
	auto type = lookup_info.GetCatalogType();
	if (IsFunctionType(type)) {
		if (type == CatalogType::TABLE_FUNCTION_ENTRY) {
			auto scoped = LookupScopedFunction(lookup_info.GetEntryName());
			if (scoped) {
				return scoped;
			}
		}
		return LookupMacro(transaction, lookup_info.GetEntryName(), IsTableFunctionType(type));
	}
	if (type != CatalogType::TABLE_ENTRY && type != CatalogType::VIEW_ENTRY) {
		return nullptr;
	}
	// tables and views share one namespace, as in DuckDB: a lookup of either finds both (the binder asks for
	// TABLE_ENTRY in FROM; DROP VIEW of a table then says what the name is)
	auto &lake_transaction = LakeTransaction::Get(transaction, catalog);
	auto &name = lookup_info.GetEntryName();
	auto at_clause = lookup_info.GetAtClause();
	if (at_clause) {
		auto snapshot = lake_transaction.ResolveAtClause(*at_clause);
		auto &set = lake_transaction.CatalogSetAt(snapshot);
		auto schema = set.GetSchemaById(record.schema_id);
		if (!schema) {
			return nullptr;
		}
		auto table = schema->GetCommittedTable(name);
		if (table) {
			return table.get();
		}
		return schema->GetCommittedView(name).get();
	}
	auto table = lake_transaction.LookupTable(*this, name);
	if (table) {
		return table.get();
	}
	return lake_transaction.LookupView(*this, name).get();
}

duckdb::optional_ptr<CatalogEntry> LakeSchemaEntry::LookupMacro(CatalogTransaction transaction,
                                                                const std::string &name, bool table_macro) {
	if (!transaction.context) {
		auto committed = GetCommittedMacro(name, table_macro);
		return committed ? &committed->Entry() : nullptr;
	}
	auto macro = LakeTransaction::Get(transaction, catalog).LookupMacro(*this, name, table_macro);
	return macro ? &macro->Entry() : nullptr;
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
	auto &transaction = LakeTransaction::Get(context, catalog);
	if (info.type == CatalogType::MACRO_ENTRY || info.type == CatalogType::TABLE_MACRO_ENTRY) {
		// as in DuckDB: DROP MACRO drops the scalar macro of the name, else the table macro; DROP MACRO TABLE only
		// a table macro
		bool table_macro = info.type == CatalogType::TABLE_MACRO_ENTRY;
		auto macro = transaction.LookupMacro(*this, info.name, table_macro);
		if (!macro && !table_macro) {
			macro = transaction.LookupMacro(*this, info.name, true);
		}
		if (!macro) {
			if (info.if_not_found == duckdb::OnEntryNotFound::RETURN_NULL) {
				return;
			}
			throw duckdb::CatalogException("%s with name %s does not exist!",
			                               table_macro ? "Table Macro Function" : "Macro Function", info.name);
		}
		transaction.DropMacro(*macro);
		return;
	}
	bool is_view = transaction.LookupView(*this, info.name) != nullptr;
	bool is_table = transaction.LookupTable(*this, info.name) != nullptr;
	if ((info.type == CatalogType::VIEW_ENTRY && is_table) || (info.type == CatalogType::TABLE_ENTRY && is_view)) {
		throw duckdb::CatalogException("Existing object %s is of type %s, trying to drop type %s", info.name,
		                               is_view ? "View" : "Table", duckdb::CatalogTypeToString(info.type));
	}
	if (info.type == CatalogType::VIEW_ENTRY) {
		auto view = transaction.LookupView(*this, info.name);
		if (!view) {
			if (info.if_not_found == duckdb::OnEntryNotFound::RETURN_NULL) {
				return;
			}
			throw duckdb::CatalogException("View with name %s does not exist!", info.name);
		}
		transaction.DropView(*view);
		return;
	}
	if (info.type != CatalogType::TABLE_ENTRY) {
		throw NotImplementedException("DuckLake supports DROP TABLE, DROP VIEW, DROP MACRO and DROP SCHEMA only (not "
		                              "DROP %s)",
		                              duckdb::CatalogTypeToString(info.type));
	}
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
	auto &lake_transaction = LakeTransaction::Get(transaction, catalog);
	if (info.GetCatalogType() == CatalogType::VIEW_ENTRY) {
		lake_transaction.AlterView(*this, info);
		return;
	}
	lake_transaction.AlterTable(*this, info);
}

#define LAKE_UNSUPPORTED_CREATE(METHOD, INFO, WHAT)                                                                    \
	duckdb::optional_ptr<CatalogEntry> LakeSchemaEntry::METHOD(CatalogTransaction transaction, INFO &info) {          \
		throw NotImplementedException("DuckLake catalogs do not support CREATE " WHAT);                             \
	}

LAKE_UNSUPPORTED_CREATE(CreateSequence, duckdb::CreateSequenceInfo, "SEQUENCE")
LAKE_UNSUPPORTED_CREATE(CreateTableFunction, duckdb::CreateTableFunctionInfo, "TABLE FUNCTION")
LAKE_UNSUPPORTED_CREATE(CreateCopyFunction, duckdb::CreateCopyFunctionInfo, "COPY FUNCTION")
LAKE_UNSUPPORTED_CREATE(CreatePragmaFunction, duckdb::CreatePragmaFunctionInfo, "PRAGMA FUNCTION")
LAKE_UNSUPPORTED_CREATE(CreateCollation, duckdb::CreateCollationInfo, "COLLATION")
LAKE_UNSUPPORTED_CREATE(CreateType, duckdb::CreateTypeInfo, "TYPE")

duckdb::optional_ptr<CatalogEntry> LakeSchemaEntry::CreateFunction(CatalogTransaction transaction,
                                                                   duckdb::CreateFunctionInfo &info) {
	if (info.type != CatalogType::MACRO_ENTRY && info.type != CatalogType::TABLE_MACRO_ENTRY) {
		throw NotImplementedException("DuckLake catalogs support CREATE MACRO, not CREATE %s",
		                              duckdb::CatalogTypeToString(info.type));
	}
	if (info.type == CatalogType::TABLE_MACRO_ENTRY && LookupScopedFunction(info.name)) {
		// lake.<name>(...) would still call the lake's own function
		throw duckdb::CatalogException("Cannot create the table macro \"%s\" in lake \"%s\": the lake has a function of "
		                               "that name (lake.%s(...))",
		                               info.name, catalog.GetName(), info.name);
	}
	auto macro = LakeTransaction::Get(transaction, catalog).CreateMacro(*this, info.Cast<duckdb::CreateMacroInfo>());
	return macro ? &macro->Entry() : nullptr;
}

duckdb::optional_ptr<CatalogEntry> LakeSchemaEntry::CreateView(CatalogTransaction transaction,
                                                               duckdb::CreateViewInfo &info) {
	return LakeTransaction::Get(transaction, catalog).CreateView(*this, info).get();
}

duckdb::optional_ptr<CatalogEntry> LakeSchemaEntry::CreateIndex(CatalogTransaction transaction,
                                                                duckdb::CreateIndexInfo &info,
                                                                duckdb::TableCatalogEntry &table) {
	throw NotImplementedException("DuckLake catalogs do not support CREATE INDEX");
}

} // namespace inlake

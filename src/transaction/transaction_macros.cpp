// LakeTransaction, the macros: CREATE [OR REPLACE] MACRO (scalar or AS TABLE) and DROP MACRO [TABLE] are recorded in
// the transaction (seen by it alone) and written to ducklake_macro, ducklake_macro_impl and
// ducklake_macro_parameters at commit.
#include "transaction/lake_transaction.hpp"

#include "duckdb/common/string_util.hpp"

namespace inlake {
using duckdb::CatalogException;
using duckdb::StringUtil;

duckdb::optional_ptr<LakeMacro> LakeTransaction::LookupMacro(LakeSchemaEntry &schema, const std::string &name,
                                                             bool table_macro) {
	for (auto &macro : changes.created_macros) {
		if (&macro->Schema() == &schema && macro->IsTableMacro() == table_macro &&
		    StringUtil::CIEquals(macro->Name(), name)) {
			return macro.get();
		}
	}
	auto macro = schema.GetCommittedMacro(name, table_macro);
	if (macro && changes.dropped_macro_ids.count(macro->MacroId())) {
		return nullptr;
	}
	return macro;
}

void LakeTransaction::ScanMacros(LakeSchemaEntry &schema, bool table_macros,
                                 const std::function<void(LakeMacro &)> &callback) {
	schema.ScanCommittedMacros(table_macros, [&](LakeMacro &macro) {
		if (!changes.dropped_macro_ids.count(macro.MacroId())) {
			callback(macro);
		}
	});
	for (auto &macro : changes.created_macros) {
		if (&macro->Schema() == &schema && macro->IsTableMacro() == table_macros) {
			callback(*macro);
		}
	}
}

duckdb::optional_ptr<LakeMacro> LakeTransaction::CreateMacro(LakeSchemaEntry &schema, duckdb::CreateMacroInfo &info) {
	CheckWritable("create a macro");
	auto existing = LookupMacro(schema, info.name, info.type == duckdb::CatalogType::TABLE_MACRO_ENTRY);
	if (existing) {
		if (info.on_conflict == duckdb::OnCreateConflict::IGNORE_ON_CONFLICT) {
			return nullptr;
		}
		if (info.on_conflict != duckdb::OnCreateConflict::REPLACE_ON_CONFLICT) {
			throw CatalogException("Macro Function with name \"%s\" already exists in lake \"%s\"", info.name,
			                       catalog.GetName());
		}
		DropMacro(*existing);
	}
	auto record = LakeMacro::RecordOf(info, schema.SchemaId());
	record.macro_id = changes.next_local_id++;
	// the entry the binder sees is built from the stored form, so this transaction uses what others will read
	auto macro = LakeMacro::FromRecord(catalog, schema, std::move(record));
	changes.version++;
	changes.created_macros.push_back(std::move(macro));
	return changes.created_macros.back().get();
}

void LakeTransaction::DropMacro(LakeMacro &macro) {
	CheckWritable("drop a macro");
	changes.version++;
	if (!DiscardCreated(changes.created_macros, changes.discarded_macros, macro)) {
		changes.dropped_macro_ids[macro.MacroId()] = macro.IsTableMacro();
	}
}

} // namespace inlake

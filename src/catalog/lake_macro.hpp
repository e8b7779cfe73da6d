//===----------------------------------------------------------------------===//
// LakeMacro: a macro (CREATE MACRO, scalar or AS TABLE) of a lake schema.
//
// Stored as the DuckLake spec stores it: a ducklake_macro row, one
// ducklake_macro_impl row per overload (the body as DuckDB SQL text: the
// expression of a scalar macro, the SELECT of a table macro; type "scalar" or
// "table"; dialect "duckdb"), and one ducklake_macro_parameters row per
// parameter (its name; its type as a DuckLake type name, "unknown" when
// untyped; a constant default as text with its type, a default that is not a
// constant as SQL with type "expression", no default as type "unknown").
//
// The binder sees DuckDB's own ScalarMacroCatalogEntry / TableMacroCatalogEntry,
// built from the record by parsing the stored SQL again.
//===----------------------------------------------------------------------===//
#pragma once

#include "metadata/metadata_records.hpp"

#include "duckdb/catalog/catalog_entry.hpp"
#include "duckdb/parser/parsed_data/create_macro_info.hpp"

namespace duckdb {
class SchemaCatalogEntry;
}

namespace inlake {

class LakeMacro {
public:
	//! The stored form of CREATE MACRO `info` in schema `schema_id` (macro_id left to the caller)
	static MacroRecord RecordOf(duckdb::CreateMacroInfo &info, int64_t schema_id);
	//! The macro `record` of `schema`, as the binder sees it
	static duckdb::unique_ptr<LakeMacro> FromRecord(duckdb::Catalog &catalog, duckdb::SchemaCatalogEntry &schema,
	                                                MacroRecord record);

	const MacroRecord &Record() const {
		return record;
	}
	int64_t MacroId() const {
		return record.macro_id;
	}
	const std::string &Name() const {
		return record.macro_name;
	}
	bool IsTableMacro() const {
		return record.IsTableMacro();
	}
	//! DuckDB's entry: a ScalarMacroCatalogEntry or a TableMacroCatalogEntry
	duckdb::CatalogEntry &Entry() {
		return *entry;
	}
	duckdb::SchemaCatalogEntry &Schema() const {
		return *schema;
	}

private:
	MacroRecord record;
	duckdb::unique_ptr<duckdb::CatalogEntry> entry;
	duckdb::SchemaCatalogEntry *schema = nullptr;
};

} // namespace inlake

#include "write/insert_target.hpp"

#include "catalog/lake_catalog.hpp"
#include "catalog/lake_table_entry.hpp"
#include "transaction/lake_transaction.hpp"
#include "write/inlining_policy.hpp"
#include "write/lake_row_sink.hpp"
#include "write/parquet_copy_binding.hpp"

#include "duckdb/catalog/catalog_entry/schema_catalog_entry.hpp"
#include "duckdb/logging/logger.hpp"
#include "duckdb/main/client_context.hpp"
#include "duckdb/planner/parsed_data/bound_create_table_info.hpp"

namespace inlake {
using namespace duckdb; // NOLINT

InsertTarget::InsertTarget(LakeTableEntry &table_p) : table(&table_p), planned_table(&table_p) {
}

InsertTarget::InsertTarget(SchemaCatalogEntry &schema_p, BoundCreateTableInfo &create_info_p)
    : schema(&schema_p), create_info(&create_info_p) {
}

InsertTarget::~InsertTarget() {
	RemoveUnregisteredFiles();
}

void InsertTarget::RemoveUnregisteredFiles() {
	if (registered || files.empty() || !context) {
		return;
	}
	std::vector<std::string> paths;
	for (auto &file : files) {
		paths.push_back(file.path);
	}
	files.clear();
	RemoveFilesQuietly(*context, paths);
}

LakeTableEntry *InsertTarget::ResolveTable(ClientContext &context_p) {
	std::lock_guard<std::mutex> guard(lock);
	auto query = context_p.transaction.GetActiveQuery();
	if (resolved && query == resolved_query) {
		return table;
	}
	if (resolved) {
		// a new execution of a prepared statement: nothing of the last one carries over
		RemoveUnregisteredFiles();
		files.clear();
		held_back.reset();
		registered = false;
		inlining_limit = 0;
		inlining_blocker.clear();
		table = planned_table;
	}
	resolved_query = query;
	context = &context_p;
	if (!table) {
		auto &catalog = schema->ParentCatalog();
		auto entry = schema->CreateTable(CatalogTransaction(catalog, context_p), *create_info);
		table = entry ? &entry->Cast<LakeTableEntry>() : nullptr;
	}
	if (table) {
		auto &transaction = LakeTransaction::Get(context_p, table->ParentCatalog());
		transaction.CheckWritable("insert");
		options = transaction.WriteOptionsFor(*table);
		inlining_limit = transaction.InliningRowLimit(*table);
		if (inlining_limit > 0) {
			auto &lake = transaction.GetCatalog();
			inlining_blocker = InliningBlocker(table->Record().columns, lake.FormatVersion(),
			                                   lake.Store().MaxInlinedTableColumns());
		}
	}
	resolved = true;
	return table;
}

void InsertTarget::CheckRows(DataChunk &chunk) {
	CheckNotNull(*table, chunk);
}

void InsertTarget::HandOver(std::vector<WrittenDataFile> files_p, unique_ptr<ColumnDataCollection> held_back_p) {
	std::lock_guard<std::mutex> guard(lock);
	files = std::move(files_p);
	held_back = std::move(held_back_p);
}

idx_t InsertTarget::Register(ClientContext &context_p) {
	std::lock_guard<std::mutex> guard(lock);
	registered = true;
	if (!table) {
		return 0;
	}
	idx_t rows = 0;
	for (auto &file : files) {
		rows += static_cast<idx_t>(file.record_count);
	}
	if (held_back) {
		rows += held_back->Count();
	}
	if (!inlining_blocker.empty() && int64_t(rows) <= inlining_limit && rows > 0) {
		DUCKDB_LOG_WARN(context_p, "DuckLake table \"%s\" cannot be inlined, writing Parquet instead: %s", table->name,
		                inlining_blocker);
	}
	auto &transaction = LakeTransaction::Get(context_p, table->ParentCatalog());
	if (files.empty() && held_back && held_back->Count() > 0 && !transaction.GetCatalog().Store().StoresNulInText() &&
	    HasNulInNestedValues(*held_back, table->Record().columns.size())) {
		// the catalog cannot hold these rows: they go to a file
		ParquetFileWriter writer(context_p, options);
		for (auto &chunk : held_back->Chunks()) {
			writer.Append(chunk);
		}
		files = writer.Finish();
		held_back.reset();
	}
	if (!files.empty()) {
		transaction.AppendFiles(*table, std::move(files), false);
	} else if (held_back && held_back->Count() > 0) {
		transaction.AppendInlinedRows(*table, *held_back, false);
	}
	files.clear();
	held_back.reset();
	return rows;
}

} // namespace inlake

#include "catalog/lake_catalog.hpp"

#include "common/internal_connection.hpp"
#include "metadata/catalog_tables_sql.hpp"
#include "metadata/duckdb/duckdb_metadata_store.hpp"
#include "metadata/sql_literal.hpp"
#include "transaction/lake_transaction.hpp"
#include "write/lake_delete.hpp"
#include "write/lake_insert.hpp"
#include "write/lake_merge.hpp"

#include "duckdb/common/file_system.hpp"
#include "duckdb/common/string_util.hpp"
#include "duckdb/main/attached_database.hpp"
#include "duckdb/main/client_context.hpp"
#include "duckdb/main/connection.hpp"
#include "duckdb/main/database_manager.hpp"
#include "duckdb/main/database.hpp"
#include "duckdb/parser/parsed_data/create_schema_info.hpp"
#include "duckdb/parser/parsed_data/drop_info.hpp"
#include "duckdb/storage/database_size.hpp"

namespace inlake {
using duckdb::CatalogException;
using duckdb::InvalidInputException;

LakeCatalog::LakeCatalog(duckdb::AttachedDatabase &db, LakeOptions options_p)
    : duckdb::Catalog(db), options(std::move(options_p)) {
}

LakeCatalog::~LakeCatalog() = default;

void LakeCatalog::Initialize(bool load_builtin) {
}

duckdb::optional_idx LakeCatalog::GetCatalogVersion(duckdb::ClientContext &context) {
	auto &transaction = LakeTransaction::Get(context, *this);
	// Only what binding depends on: the schema version read, or, once the transaction changed the catalog
	// itself, that transaction and its change count (its entries live only as long as it does). A new data
	// snapshot does not re-bind a prepared INSERT. A statement that scans a lake table is re-bound on every
	// execution anyway, because its bind data (read_parquet's MultiFileBindData) does not support the
	// statement cache, so its file list and inlined rows are always current
	// (test/sql/read/prepared_scan_refresh.test).
	if (transaction.changes.version == 0) {
		return duckdb::optional_idx(uint64_t(transaction.Snapshot().schema_version) << 32);
	}
	return duckdb::optional_idx((uint64_t(1) << 63) | (transaction.Serial() << 24) |
	                            (uint64_t(transaction.changes.version) & 0xFFFFFF));
}

std::shared_ptr<LakeCatalogSet> LakeCatalog::GetCatalogSet(const SnapshotRecord &snapshot) {
	{
		std::lock_guard<std::mutex> guard(cache_lock);
		auto entry = catalog_sets.find(snapshot.schema_version);
		if (entry != catalog_sets.end()) {
			return entry->second;
		}
	}
	auto contents = store->LoadCatalog(snapshot.snapshot_id);
	auto set = std::make_shared<LakeCatalogSet>(*this, contents);
	std::lock_guard<std::mutex> guard(cache_lock);
	auto inserted = catalog_sets.emplace(snapshot.schema_version, set);
	return inserted.first->second;
}

std::vector<OptionRecord> LakeCatalog::PersistedOptions() {
	std::lock_guard<std::mutex> guard(cache_lock);
	return persisted_options;
}

void LakeCatalog::SetPersistedOptions(std::vector<OptionRecord> new_options) {
	std::lock_guard<std::mutex> guard(cache_lock);
	persisted_options = std::move(new_options);
}

void LakeCatalog::RefreshPersistedOptions(int64_t latest_snapshot_id) {
	if (!store->SharedWithOtherProcesses()) {
		return; // this process made every change: SetPersistedOptions after its own commits keeps them current
	}
	{
		std::lock_guard<std::mutex> guard(cache_lock);
		if (options_snapshot_id == latest_snapshot_id) {
			return;
		}
	}
	auto options = store->LoadOptions();
	std::lock_guard<std::mutex> guard(cache_lock);
	persisted_options = std::move(options);
	options_snapshot_id = latest_snapshot_id;
}

void LakeCatalog::NoteOwnCommit(int64_t parent_snapshot_id, int64_t snapshot_id) {
	std::lock_guard<std::mutex> guard(cache_lock);
	if (snapshot_id >= 0 && options_snapshot_id == parent_snapshot_id) {
		options_snapshot_id = snapshot_id;
	}
}

// --- schemas ------------------------------------------------------------------

duckdb::optional_ptr<duckdb::CatalogEntry> LakeCatalog::CreateSchema(duckdb::CatalogTransaction transaction,
                                                                     duckdb::CreateSchemaInfo &info) {
	auto &lake_transaction = LakeTransaction::Get(transaction, *this);
	if (lake_transaction.LookupSchema(info.schema)) {
		switch (info.on_conflict) {
		case duckdb::OnCreateConflict::IGNORE_ON_CONFLICT:
			return nullptr;
		case duckdb::OnCreateConflict::REPLACE_ON_CONFLICT:
			throw duckdb::NotImplementedException("CREATE OR REPLACE SCHEMA is not supported by DuckLake");
		default:
			throw CatalogException("Schema with name \"%s\" already exists!", info.schema);
		}
	}
	return &lake_transaction.CreateSchema(info);
}

duckdb::optional_ptr<duckdb::SchemaCatalogEntry>
LakeCatalog::LookupSchema(duckdb::CatalogTransaction transaction, const duckdb::EntryLookupInfo &schema_lookup,
                          duckdb::OnEntryNotFound if_not_found) {
	auto &name = schema_lookup.GetEntryName();
	if (transaction.context && IsInternalContext(*transaction.context)) {
		if (if_not_found == duckdb::OnEntryNotFound::THROW_EXCEPTION) {
			throw CatalogException("Schema with name %s does not exist in lake \"%s\"!", name, GetName());
		}
		return nullptr; // inlake's own SQL never reads a lake (see common/internal_connection.hpp)
	}
	auto &lake_transaction = LakeTransaction::Get(transaction, *this);
	duckdb::optional_ptr<LakeSchemaEntry> schema;
	auto at_clause = schema_lookup.GetAtClause();
	if (at_clause) {
		auto snapshot = lake_transaction.ResolveAtClause(*at_clause);
		schema = lake_transaction.CatalogSetAt(snapshot).GetSchema(name);
	} else {
		schema = lake_transaction.LookupSchema(name);
	}
	if (!schema && if_not_found == duckdb::OnEntryNotFound::THROW_EXCEPTION) {
		throw CatalogException("Schema with name %s does not exist in lake \"%s\"!", name, GetName());
	}
	return schema.get();
}

void LakeCatalog::ScanSchemas(duckdb::ClientContext &context,
                              std::function<void(duckdb::SchemaCatalogEntry &)> callback) {
	if (IsInternalContext(context)) {
		return; // inlake's own SQL never reads a lake (see common/internal_connection.hpp)
	}
	auto &lake_transaction = LakeTransaction::Get(context, *this);
	lake_transaction.ScanSchemas([&](LakeSchemaEntry &schema) { callback(schema); });
}

void LakeCatalog::DropSchema(duckdb::ClientContext &context, duckdb::DropInfo &info) {
	auto &lake_transaction = LakeTransaction::Get(context, *this);
	auto schema = lake_transaction.LookupSchema(info.name);
	if (!schema) {
		if (info.if_not_found == duckdb::OnEntryNotFound::RETURN_NULL) {
			return;
		}
		throw CatalogException("Schema with name %s does not exist!", info.name);
	}
	if (info.name == DEFAULT_SCHEMA) {
		// as DuckDB refuses for its own databases: without it, unqualified names in the lake resolve to nothing
		throw CatalogException("Cannot drop schema \"%s\" of lake \"%s\": it is the lake's default schema",
		                       info.name, GetName());
	}
	lake_transaction.DropSchema(*schema, info.cascade);
}

// --- planning -----------------------------------------------------------------

void LakeCatalog::CheckWritable(const std::string &what) const {
	if (options.read_only) {
		throw duckdb::PermissionException("Cannot %s: lake \"%s\" is attached READ_ONLY", what, GetName());
	}
	if (options.snapshot_version >= 0) {
		throw duckdb::PermissionException(
		    "Cannot %s: lake \"%s\" is attached at a fixed snapshot (SNAPSHOT_VERSION / SNAPSHOT_TIME): read-only",
		    what, GetName());
	}
	if (data_path_overridden) {
		throw duckdb::PermissionException("Cannot %s: lake \"%s\" is attached with OVERRIDE_DATA_PATH (its files "
		                                  "are read from \"%s\"): read-only",
		                                  what, GetName(), data_path);
	}
}

duckdb::unique_ptr<duckdb::LogicalOperator> LakeCatalog::BindCreateIndex(duckdb::Binder &, duckdb::CreateStatement &,
                                                                  duckdb::TableCatalogEntry &table,
                                                                  duckdb::unique_ptr<duckdb::LogicalOperator>) {
	throw duckdb::NotImplementedException("CREATE INDEX is not supported on DuckLake tables: %s.%s.%s", GetName(),
	                                      table.schema.name, table.name);
}

duckdb::unique_ptr<duckdb::LogicalOperator> LakeCatalog::BindAlterAddIndex(duckdb::Binder &,
                                                                    duckdb::TableCatalogEntry &table,
                                                                    duckdb::unique_ptr<duckdb::LogicalOperator>,
                                                                    duckdb::unique_ptr<duckdb::CreateIndexInfo>,
                                                                    duckdb::unique_ptr<duckdb::AlterTableInfo>) {
	throw duckdb::NotImplementedException(
	    "ALTER TABLE ... ADD PRIMARY KEY / UNIQUE is not supported on DuckLake tables: %s.%s.%s", GetName(),
	    table.schema.name, table.name);
}

duckdb::PhysicalOperator &LakeCatalog::PlanCreateTableAs(duckdb::ClientContext &context,
                                                         duckdb::PhysicalPlanGenerator &planner,
                                                         duckdb::LogicalCreateTable &op,
                                                         duckdb::PhysicalOperator &plan) {
	return PlanLakeCreateTableAs(context, planner, op, plan);
}

duckdb::PhysicalOperator &LakeCatalog::PlanInsert(duckdb::ClientContext &context,
                                                  duckdb::PhysicalPlanGenerator &planner, duckdb::LogicalInsert &op,
                                                  optional_ptr<duckdb::PhysicalOperator> plan) {
	CheckWritable("insert"); // also when no row comes (INSERT ... WHERE false, COPY of an empty file)
	return PlanLakeInsert(context, planner, op, plan);
}

duckdb::PhysicalOperator &LakeCatalog::PlanDelete(duckdb::ClientContext &context,
                                                  duckdb::PhysicalPlanGenerator &planner, duckdb::LogicalDelete &op,
                                                  duckdb::PhysicalOperator &plan) {
	CheckWritable("delete");
	return PlanLakeDelete(context, planner, op, plan);
}

duckdb::PhysicalOperator &LakeCatalog::PlanUpdate(duckdb::ClientContext &context,
                                                  duckdb::PhysicalPlanGenerator &planner, duckdb::LogicalUpdate &op,
                                                  duckdb::PhysicalOperator &plan) {
	CheckWritable("update");
	return PlanLakeUpdate(context, planner, op, plan);
}

duckdb::PhysicalOperator &LakeCatalog::PlanMergeInto(duckdb::ClientContext &context,
                                                     duckdb::PhysicalPlanGenerator &planner,
                                                     duckdb::LogicalMergeInto &op, duckdb::PhysicalOperator &plan) {
	CheckWritable("merge");
	return PlanLakeMergeInto(context, planner, op, plan);
}

duckdb::DatabaseSize LakeCatalog::GetDatabaseSize(duckdb::ClientContext &context) {
	duckdb::DatabaseSize size;
	return size;
}

} // namespace inlake

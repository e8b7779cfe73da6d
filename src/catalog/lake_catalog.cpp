#include "catalog/lake_catalog.hpp"

#include "metadata/catalog_tables_sql.hpp"
#include "metadata/duckdb/duckdb_metadata_store.hpp"
#include "metadata/sql_literal.hpp"
#include "transaction/lake_transaction.hpp"
#include "write/lake_delete.hpp"
#include "write/lake_insert.hpp"
#include "write/lake_merge.hpp"

#include "duckdb/common/file_system.hpp"
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

static const char *kCreatedBy = "inlake 0.1.0";

LakeCatalog::LakeCatalog(duckdb::AttachedDatabase &db, LakeOptions options_p)
    : duckdb::Catalog(db), options(std::move(options_p)) {
}

LakeCatalog::~LakeCatalog() = default;

void LakeCatalog::Initialize(bool load_builtin) {
}

void LakeCatalog::FinalizeLoad(optional_ptr<duckdb::ClientContext> context) {
	if (!context) {
		throw duckdb::InternalException("A DuckLake catalog is loaded only through ATTACH");
	}
	AttachMetadataDatabase(*context);
	try {
		LoadOrCreateLake();
	} catch (...) {
		if (owns_metadata_database) {
			duckdb::Connection connection(GetDatabase());
			connection.Query("DETACH " + SqlIdentifier(metadata_database));
			owns_metadata_database = false;
		}
		throw;
	}
}

void LakeCatalog::AttachMetadataDatabase(duckdb::ClientContext &context) {
	auto &instance = GetDatabase();
	duckdb::Connection connection(instance);
	// The same catalog file may already be attached (the same lake under two names).
	auto existing = connection.Query("SELECT database_name FROM duckdb_databases() WHERE path = " +
	                                 SqlString(options.metadata_path) + " AND type = 'duckdb' AND NOT internal");
	if (!existing->HasError() && existing->RowCount() > 0) {
		metadata_database = existing->GetValue(0, 0).ToString();
		auto other = OtherLakeOnSameCatalog(context);
		if (other) {
			store = other->store;
		}
		return;
	}
	metadata_database = "__ducklake_metadata_" + options.lake_name;
	auto &fs = duckdb::FileSystem::GetFileSystem(context);
	bool exists = fs.FileExists(options.metadata_path);
	if (!exists && (options.read_only || !options.create_if_not_exists)) {
		throw duckdb::IOException("Cannot attach DuckLake \"%s\": the catalog database \"%s\" does not exist%s",
		                          options.lake_name, options.metadata_path,
		                          options.read_only ? " (and READ_ONLY cannot create it)" : "");
	}
	if (!exists) {
		// A new lake: make sure its data path can be created before any file is written.
		CreateDataPath(options.data_path.empty() ? options.metadata_path + ".files/" : options.data_path);
	}
	auto sql = "ATTACH " + SqlString(options.metadata_path) + " AS " + SqlIdentifier(metadata_database) +
	           (options.read_only ? " (READ_ONLY)" : "");
	auto result = connection.Query(sql);
	if (result->HasError()) {
		throw duckdb::IOException("Cannot attach DuckLake \"%s\": failed to open the catalog database \"%s\": %s",
		                          options.lake_name, options.metadata_path, result->GetError());
	}
	owns_metadata_database = true;
}

void LakeCatalog::CreateDataPath(const std::string &path) {
	auto &fs = duckdb::FileSystem::GetFileSystem(GetDatabase());
	try {
		if (!fs.DirectoryExists(path)) {
			fs.CreateDirectoriesRecursive(path);
		}
	} catch (std::exception &ex) {
		throw duckdb::IOException("Cannot attach DuckLake \"%s\": the data path \"%s\" cannot be created: %s",
		                          options.lake_name, path, duckdb::ErrorData(ex).RawMessage());
	}
}

void LakeCatalog::LoadOrCreateLake() {
	if (!store) {
		store = std::make_shared<DuckDBMetadataStore>(GetDatabase(), metadata_database, options.metadata_schema);
	}
	if (!store->IsInitialized()) {
		if (options.read_only) {
			throw duckdb::IOException("Cannot attach DuckLake \"%s\" READ_ONLY: \"%s\" holds no DuckLake catalog",
			                          options.lake_name, options.metadata_path);
		}
		data_path = options.data_path.empty() ? options.metadata_path + ".files/" : options.data_path;
		CreateDataPath(data_path);
		StoreInitOptions init;
		init.format_version = options.format_version;
		init.data_path = data_path;
		init.created_by = kCreatedBy;
		store->Initialize(init);
	}
	auto metadata = store->LoadMetadata();
	if (!IsSupportedFormatVersion(metadata.version)) {
		throw duckdb::IOException("Cannot attach DuckLake \"%s\": unsupported DuckLake format version \"%s\" in \"%s\" "
		                          "(this build reads 1.0 and 1.1)",
		                          options.lake_name, metadata.version, options.metadata_path);
	}
	if (options.format_version_given && options.format_version != metadata.version) {
		throw InvalidInputException("DUCKLAKE_VERSION '%s' does not match the existing lake's format version '%s'",
		                            options.format_version, metadata.version);
	}
	format_version = metadata.version;
	data_path = WithTrailingSeparator(options.data_path.empty() ? metadata.data_path : options.data_path);
	persisted_options = store->LoadOptions();
}

duckdb::optional_ptr<LakeCatalog> LakeCatalog::OtherLakeOnSameCatalog(duckdb::ClientContext &context) {
	for (auto &attached : duckdb::DatabaseManager::Get(context).GetDatabases(context)) {
		auto &other = attached->GetCatalog();
		if (&other != this && other.GetCatalogType() == "ducklake" &&
		    other.Cast<LakeCatalog>().metadata_database == metadata_database) {
			return &other.Cast<LakeCatalog>();
		}
	}
	return nullptr;
}

void LakeCatalog::OnDetach(duckdb::ClientContext &context) {
	if (!owns_metadata_database) {
		return;
	}
	// Another lake attached from the same catalog file keeps using it: hand it over.
	auto other = OtherLakeOnSameCatalog(context);
	if (other) {
		other->owns_metadata_database = true;
		owns_metadata_database = false;
		return;
	}
	duckdb::Connection connection(GetDatabase());
	connection.Query("DETACH DATABASE IF EXISTS " + SqlIdentifier(metadata_database));
	owns_metadata_database = false;
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
	auto &lake_transaction = LakeTransaction::Get(transaction, *this);
	auto &name = schema_lookup.GetEntryName();
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
	lake_transaction.DropSchema(*schema, info.cascade);
}

// --- planning -----------------------------------------------------------------

duckdb::PhysicalOperator &LakeCatalog::PlanCreateTableAs(duckdb::ClientContext &context,
                                                         duckdb::PhysicalPlanGenerator &planner,
                                                         duckdb::LogicalCreateTable &op,
                                                         duckdb::PhysicalOperator &plan) {
	return PlanLakeCreateTableAs(context, planner, op, plan);
}

duckdb::PhysicalOperator &LakeCatalog::PlanInsert(duckdb::ClientContext &context,
                                                  duckdb::PhysicalPlanGenerator &planner, duckdb::LogicalInsert &op,
                                                  optional_ptr<duckdb::PhysicalOperator> plan) {
	return PlanLakeInsert(context, planner, op, plan);
}

duckdb::PhysicalOperator &LakeCatalog::PlanDelete(duckdb::ClientContext &context,
                                                  duckdb::PhysicalPlanGenerator &planner, duckdb::LogicalDelete &op,
                                                  duckdb::PhysicalOperator &plan) {
	return PlanLakeDelete(context, planner, op, plan);
}

duckdb::PhysicalOperator &LakeCatalog::PlanUpdate(duckdb::ClientContext &context,
                                                  duckdb::PhysicalPlanGenerator &planner, duckdb::LogicalUpdate &op,
                                                  duckdb::PhysicalOperator &plan) {
	return PlanLakeUpdate(context, planner, op, plan);
}

duckdb::PhysicalOperator &LakeCatalog::PlanMergeInto(duckdb::ClientContext &context,
                                                     duckdb::PhysicalPlanGenerator &planner,
                                                     duckdb::LogicalMergeInto &op, duckdb::PhysicalOperator &plan) {
	return PlanLakeMergeInto(context, planner, op, plan);
}

duckdb::DatabaseSize LakeCatalog::GetDatabaseSize(duckdb::ClientContext &context) {
	duckdb::DatabaseSize size;
	return size;
}

} // namespace inlake

#include "catalog/lake_storage_extension.hpp"

#include "catalog/lake_catalog.hpp"
#include "catalog/lake_secrets.hpp"
#include "transaction/lake_transaction.hpp"
#include "transaction/lake_transaction_manager.hpp"

#include "duckdb/common/file_system.hpp"
#include "duckdb/common/string_util.hpp"
#include "duckdb/main/attached_database.hpp"
#include "duckdb/parser/parsed_data/attach_info.hpp"

namespace inlake {

static duckdb::unique_ptr<duckdb::Catalog> AttachLake(duckdb::optional_ptr<duckdb::StorageExtensionInfo> storage_info,
                                                      duckdb::ClientContext &context, duckdb::AttachedDatabase &db,
                                                      const std::string &name, duckdb::AttachInfo &info,
                                                      duckdb::AttachOptions &attach_options) {
	auto path = info.path;
	if (duckdb::StringUtil::StartsWith(path, "ducklake:")) {
		path = path.substr(9);
	}
	bool read_only = attach_options.access_mode == duckdb::AccessMode::READ_ONLY;
	auto given = attach_options.options;
	ResolveLakeSecret(context, path, given);
	CheckCatalogIsNoLake(path, "The catalog database of ATTACH '" + info.path + "'");
	auto options = ParseAttachOptions(name, path, given, read_only);
	if (options.has_snapshot_time) {
		// through the session's casts: a TIMESTAMP without time zone is a time in the session's TimeZone
		duckdb::Value cast;
		std::string error;
		if (!options.snapshot_time.TryCastAs(context, duckdb::LogicalType::TIMESTAMP_TZ, cast, &error) ||
		    cast.IsNull()) {
			throw duckdb::InvalidInputException("ATTACH option SNAPSHOT_TIME: \"%s\" is not a timestamp%s",
			                                    options.snapshot_time.ToString(), error.empty() ? "" : ": " + error);
		}
		options.snapshot_time_tz = cast.GetValue<duckdb::timestamp_tz_t>();
	}
	if (options.backend == CatalogBackend::POSTGRES) {
		// a postgres secret fills in what the connection string leaves out (its password, say)
		std::string secret;
		auto named = options.metadata_parameters.find("secret");
		if (named != options.metadata_parameters.end()) {
			secret = named->second;
			options.metadata_parameters.erase(named);
		}
		options.connection_defaults = PostgresSecretSettings(context, secret);
	} else if (duckdb::StringUtil::StartsWith(options.metadata_path, "~")) {
		// a catalog file under the home folder ("~/lake.duckdb"): SQLite does not expand ~, DuckDB's checks do not
		options.metadata_path = duckdb::FileSystem::GetFileSystem(context).ExpandPath(options.metadata_path);
	}
	if (options.backend != CatalogBackend::POSTGRES && !options.metadata_parameters.empty()) {
		throw duckdb::InvalidInputException("Cannot attach DuckLake \"%s\": METADATA_PARAMETERS (here: \"%s\", ...) "
		                                    "are settings of a PostgreSQL catalog connection; this catalog is a file",
		                                    name, options.metadata_parameters.begin()->first);
	}
	if (options.snapshot_version >= 0 || options.has_snapshot_time) {
		db.SetReadOnlyDatabase(); // pinned to a snapshot: read-only, as duckdb_databases() then says too
	}
	return duckdb::make_uniq<LakeCatalog>(db, std::move(options));
}

static duckdb::unique_ptr<duckdb::TransactionManager>
CreateLakeTransactionManager(duckdb::optional_ptr<duckdb::StorageExtensionInfo> storage_info,
                             duckdb::AttachedDatabase &db, duckdb::Catalog &catalog) {
	return duckdb::make_uniq<LakeTransactionManager>(db, catalog.Cast<LakeCatalog>());
}

LakeStorageExtension::LakeStorageExtension() {
	attach = AttachLake;
	create_transaction_manager = CreateLakeTransactionManager;
}

} // namespace inlake

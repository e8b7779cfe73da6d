// LakeCatalog, the attach part: opening the metadata store, creating a new lake or loading an existing one,
// and detaching. A failed ATTACH leaves nothing behind: the catalog database and folders it created are removed.
#include "catalog/lake_catalog.hpp"

#include "catalog/data_path_write_check.hpp"
#include "catalog/older_format_files.hpp"
#include "common/lake_paths.hpp"
#include "common/openssl_aes.hpp"
#include "metadata/catalog_tables_sql.hpp"
#include "metadata/open_store.hpp"

#include "duckdb/common/file_system.hpp"
#include "duckdb/common/string_util.hpp"
#include "duckdb/common/types/uuid.hpp"
#include "duckdb/main/client_context.hpp"
#include "duckdb/main/attached_database.hpp"
#include "duckdb/main/database_manager.hpp"

namespace inlake {

//! A lake of a format this build does not read: older (DuckLake 0.1-0.3, written by DuckDB 1.3/1.4's ducklake
//! extension) without AUTOMATIC_MIGRATION, older but not one inlake migrates, or newer. Nothing has been written.
[[noreturn]] static void ThrowUnsupportedFormat(const LakeOptions &options, const std::string &version,
                                                const std::string &catalog) {
	bool older = !version.empty() && version[0] == '0';
	if (version.empty()) {
		throw duckdb::IOException("Cannot attach DuckLake \"%s\": its catalog (%s) is damaged: ducklake_metadata has "
		                          "no version row, so its format is unknown",
		                          options.lake_name, catalog);
	}
	if (!older) {
		throw duckdb::IOException("Cannot attach DuckLake \"%s\": its catalog (%s) is DuckLake format version %s, which "
		                          "this build does not know (it reads and writes formats 1.0 and 1.1)",
		                          options.lake_name, catalog, version);
	}
	if (!IsMigratableFormatVersion(version)) {
		throw duckdb::NotImplementedException(
		    "Cannot attach DuckLake \"%s\": its catalog (%s) is DuckLake format version %s, which inlake cannot "
		    "migrate (it migrates 0.1, 0.2 and 0.3 to 1.0); the catalog was left as it was",
		    options.lake_name, catalog, version);
	}
	throw duckdb::InvalidInputException(
	    "Cannot attach DuckLake \"%s\": its catalog (%s) is DuckLake format version %s, older than the format this "
	    "build writes (1.0). Attach it with AUTOMATIC_MIGRATION true to upgrade the catalog to 1.0 (its data files "
	    "stay as they are)%s; the catalog was left as it was",
	    options.lake_name, catalog, version,
	    options.backend == CatalogBackend::DUCKDB ? ", or READ_ONLY to read it without changing it" : "");
}

void LakeCatalog::OpenOlderFormat(const LakeMetadata &old) {
	auto &version = old.version;
	bool pinned = options.snapshot_version >= 0 || options.has_snapshot_time;
	bool reads_only = options.read_only || pinned;
	if (!IsMigratableFormatVersion(version) || (!options.automatic_migration && !reads_only)) {
		ThrowUnsupportedFormat(options, version, store->DisplayName());
	}
	// what would fail the attach after the migration fails it before, so that a failed ATTACH changes nothing
	if (options.format_version_given && options.format_version != "1.0") {
		throw duckdb::InvalidInputException("Cannot attach DuckLake \"%s\": DUCKLAKE_VERSION '%s' was given, but its "
		                                    "catalog is format %s, which inlake migrates to 1.0; the catalog was left "
		                                    "as it was",
		                                    options.lake_name, options.format_version, version);
	}
	auto lake_data_path = ResolveDataPath(old);
	auto files_with_row_ids = DataFilesWithEmbeddedRowIds(GetDatabase(), *store, lake_data_path);
	if (!reads_only) {
		store->MigrateCatalog(version, files_with_row_ids);
		return;
	}
	// READ_ONLY or pinned to a snapshot: read a migrated copy in memory, leaving the catalog database as it is
	auto copy = store->MigratedCopy(version, files_with_row_ids);
	if (!copy) {
		throw duckdb::NotImplementedException(
		    "Cannot attach DuckLake \"%s\" %s: its catalog (%s) is DuckLake format version %s, which inlake "
		    "reads without migrating only from a DuckDB-file catalog; attach it with AUTOMATIC_MIGRATION true to "
		    "upgrade it to 1.0 first. The catalog was left as it was",
		    options.lake_name, options.read_only ? "READ_ONLY" : "at a snapshot", store->DisplayName(), version);
	}
	store->Close(false);
	store = std::move(copy);
}

void LakeCatalog::FinalizeLoad(optional_ptr<duckdb::ClientContext> context) {
	if (!context) {
		throw duckdb::InternalException("A DuckLake catalog is loaded only through ATTACH");
	}
	// DuckDB checks the name only after the catalog has loaded: by then a new lake would exist on disk
	if (duckdb::DatabaseManager::Get(*context).GetDatabase(*context, options.lake_name)) {
		throw duckdb::BinderException("Failed to attach DuckLake \"%s\": a database with name \"%s\" already exists",
		                              options.lake_name, options.lake_name);
	}
	try {
		store = OpenMetadataStore(*context, options);
		LoadOrCreateLake(*context);
	} catch (...) {
		UndoAttach();
		throw;
	}
}

void LakeCatalog::UndoAttach() {
	if (store) {
		store->Close(true);
		store.reset();
	}
	auto &fs = duckdb::FileSystem::GetFileSystem(GetDatabase());
	if (!created_marker.empty()) {
		try {
			fs.RemoveDirectory(created_marker);
		} catch (...) { // NOLINT: best effort, as below
		}
		created_marker.clear();
	}
	for (auto it = created_paths.rbegin(); it != created_paths.rend(); ++it) {
		try {
			fs.RemoveDirectory(*it);
		} catch (...) { // NOLINT: best effort; the original error is what the user needs to see
		}
	}
	created_paths.clear();
}

void LakeCatalog::CreateDataPath(const std::string &path) {
	auto &fs = duckdb::FileSystem::GetFileSystem(GetDatabase());
	if (fs.IsRemoteFile(path) || fs.DirectoryExists(path)) {
		return;
	}
	// the outermost folder this creates is removed again if the attach fails (also when creating fails midway);
	// the folders are made one by one (DuckDB's CreateDirectoriesRecursive mistrims a last non-ASCII name)
	std::string outermost;
	try {
		CreateFolders(fs, path, outermost);
		created_paths.insert(created_paths.begin(), outermost);
	} catch (std::exception &ex) {
		if (!outermost.empty()) {
			created_paths.insert(created_paths.begin(), outermost);
		}
		throw duckdb::IOException("Cannot attach DuckLake \"%s\": the data path \"%s\" cannot be created: %s",
		                          options.lake_name, path, duckdb::ErrorData(ex).RawMessage());
	}
}

void LakeCatalog::LoadOrCreateLake(duckdb::ClientContext &context) {
	if (!store->IsInitialized()) {
		if (options.read_only) {
			throw duckdb::IOException("Cannot attach DuckLake \"%s\" READ_ONLY: \"%s\" holds no DuckLake catalog",
			                          options.lake_name, store->DisplayName());
		}
		auto refusal = store->WhyNoLakeCanBeCreated();
		if (!refusal.empty()) {
			throw duckdb::IOException("Cannot attach DuckLake \"%s\": \"%s\" %s", options.lake_name,
			                          store->DisplayName(), refusal);
		}
		StoreInitOptions init;
		init.format_version = options.format_version;
		init.lake_id = duckdb::UUID::ToString(duckdb::UUID::GenerateRandomUUID());
		lake_id = init.lake_id;
		auto location = PrepareNewDataPath(init.data_path);
		// before the catalog is written: a data path that cannot take files fails the ATTACH, not a later insert
		CheckDataPathWritable(duckdb::FileSystem::GetFileSystem(context), options.lake_name, location);
		init.created_by = kCreatedByWithMarkers;
		init.encrypted = options.encrypted > 0;
		store->Initialize(init);
		// the marker comes after the catalog: a kill in between leaves a lake without marker, which gets one at
		// its first file write, and never a marker without a lake, which would refuse the ATTACH's next try
		if (!IsUrlPath(location)) {
			created_marker = WriteMarker(duckdb::FileSystem::GetFileSystem(GetDatabase()), location, lake_id);
		}
	}
	auto metadata = store->LoadMetadata();
	if (!IsSupportedFormatVersion(metadata.version)) {
		OpenOlderFormat(metadata);
		metadata = store->LoadMetadata();
	}
	if (options.format_version_given && options.format_version != metadata.version) {
		throw duckdb::InvalidInputException(
		    "DUCKLAKE_VERSION '%s' does not match the existing lake's format version '%s'", options.format_version,
		    metadata.version);
	}
	TakeEncryption(metadata);
	auto missing = store->MissingCatalogTables(metadata.version);
	if (!missing.empty()) {
		throw duckdb::IOException("Cannot attach DuckLake \"%s\": the catalog database \"%s\" is damaged: it lacks "
		                          "the catalog table%s %s",
		                          options.lake_name, store->DisplayName(), missing.size() > 1 ? "s" : "",
		                          duckdb::StringUtil::Join(duckdb::vector<std::string>(missing.begin(), missing.end()),
		                                                   ", "));
	}
	SnapshotRecord pinned;
	if (options.has_snapshot_time) {
		if (!store->GetSnapshotAtTime(options.snapshot_time_tz, pinned)) {
			throw duckdb::InvalidInputException("Cannot attach DuckLake \"%s\": no snapshot at or before SNAPSHOT_TIME "
			                                    "%s",
			                                    options.lake_name, options.snapshot_time.ToString());
		}
		options.snapshot_version = pinned.snapshot_id; // from here on the attach is pinned like SNAPSHOT_VERSION
	}
	if (options.snapshot_version >= 0 && !store->GetSnapshot(options.snapshot_version, pinned)) {
		throw duckdb::InvalidInputException("Cannot attach DuckLake \"%s\": SNAPSHOT_VERSION %lld does not exist "
		                                    "(the latest snapshot is %lld)",
		                                    options.lake_name, (long long)options.snapshot_version,
		                                    (long long)store->GetLatestSnapshot().snapshot_id);
	}
	format_version = metadata.version;
	lake_id = metadata.lake_id;
	made_with_markers = MadeWithMarkers(metadata.created_by);
	data_path = ResolveDataPath(metadata);
	if (data_path_overridden) {
		GetAttached().SetReadOnlyDatabase(); // as duckdb_databases() then says too
	}
	persisted_options = store->LoadOptions();
	RecordAttachOptions();
}

void LakeCatalog::TakeEncryption(const LakeMetadata &metadata) {
	if (options.encrypted >= 0 && (options.encrypted > 0) != metadata.encrypted) {
		throw duckdb::InvalidInputException(
		    "Cannot attach DuckLake \"%s\" with ENCRYPTED %s: \"%s\" is %s lake, and a lake is encrypted or not "
		    "from its creation (leave ENCRYPTED out to attach it as it is)",
		    options.lake_name, options.encrypted > 0 ? "true" : "false", store->DisplayName(),
		    metadata.encrypted ? "an encrypted" : "an unencrypted");
	}
	encrypted = metadata.encrypted;
	if (encrypted && options.write_deletion_vectors > 0) {
		throw duckdb::InvalidInputException("Cannot attach DuckLake \"%s\" with WRITE_DELETION_VECTORS: the lake is "
		                                    "encrypted, and deletion vectors (Puffin files) cannot be encrypted; its "
		                                    "deletes go to encrypted Parquet delete files",
		                                    options.lake_name);
	}
	if (encrypted) {
		EnsureEncryptionEngine(GetDatabase());
	}
}

void LakeCatalog::RecordAttachOptions() {
	if (options.write_deletion_vectors < 0 || options.read_only || options.snapshot_version >= 0 ||
	    data_path_overridden) {
		return;
	}
	OptionRecord option;
	option.key = "write_deletion_vectors";
	option.value = options.write_deletion_vectors ? "true" : "false";
	for (auto &persisted : persisted_options) {
		if (persisted.key == option.key && persisted.scope.empty() && persisted.value == option.value) {
			return; // recorded already
		}
	}
	// an option change alone makes no snapshot: one catalog transaction writes the row
	{
		auto write = store->BeginWrite();
		write->WriteOption(option, false);
		write->Commit();
	} // (the write holds the store's lock until it is gone)
	persisted_options = store->LoadOptions();
}

void LakeCatalog::OnDetach(duckdb::ClientContext &context) {
	if (store) {
		store->Close(false);
	}
}

} // namespace inlake

//===----------------------------------------------------------------------===//
// LakeCatalog: one attached DuckLake (ATTACH 'ducklake:PATH' AS name).
//
// Owns the lake's options, its metadata store and a cache of catalog sets by
// schema version. On attach it opens the store (OpenMetadataStore picks the
// backend), creating a new lake (snapshot 0, schema main) or loading an
// existing one (format version and data path checked). Everything a transaction changes is routed to LakeTransaction;
// the catalog itself holds only committed, shared state.
//===----------------------------------------------------------------------===//
#pragma once

#include "catalog/lake_catalog_set.hpp"
#include "catalog/lake_data_path.hpp"
#include "catalog/lake_options.hpp"
#include "metadata/metadata_store.hpp"

#include "duckdb/catalog/catalog.hpp"

#include <map>
#include <set>
#include <mutex>

namespace inlake {

class LakeCatalog : public duckdb::Catalog {
	template <class T>
	using optional_ptr = duckdb::optional_ptr<T>;

public:
	LakeCatalog(duckdb::AttachedDatabase &db, LakeOptions options);
	~LakeCatalog() override;

	void Initialize(bool load_builtin) override;
	void FinalizeLoad(optional_ptr<duckdb::ClientContext> context) override;
	std::string GetCatalogType() override {
		return "ducklake";
	}

	optional_ptr<duckdb::CatalogEntry> CreateSchema(duckdb::CatalogTransaction transaction,
	                                                duckdb::CreateSchemaInfo &info) override;
	optional_ptr<duckdb::SchemaCatalogEntry> LookupSchema(duckdb::CatalogTransaction transaction,
	                                                      const duckdb::EntryLookupInfo &schema_lookup,
	                                                      duckdb::OnEntryNotFound if_not_found) override;
	void ScanSchemas(duckdb::ClientContext &context,
	                 std::function<void(duckdb::SchemaCatalogEntry &)> callback) override;
	void DropSchema(duckdb::ClientContext &context, duckdb::DropInfo &info) override;

	duckdb::PhysicalOperator &PlanCreateTableAs(duckdb::ClientContext &context, duckdb::PhysicalPlanGenerator &planner,
	                                            duckdb::LogicalCreateTable &op,
	                                            duckdb::PhysicalOperator &plan) override;
	duckdb::PhysicalOperator &PlanInsert(duckdb::ClientContext &context, duckdb::PhysicalPlanGenerator &planner,
	                                     duckdb::LogicalInsert &op, optional_ptr<duckdb::PhysicalOperator> plan) override;
	duckdb::PhysicalOperator &PlanDelete(duckdb::ClientContext &context, duckdb::PhysicalPlanGenerator &planner,
	                                     duckdb::LogicalDelete &op, duckdb::PhysicalOperator &plan) override;
	duckdb::PhysicalOperator &PlanUpdate(duckdb::ClientContext &context, duckdb::PhysicalPlanGenerator &planner,
	                                     duckdb::LogicalUpdate &op, duckdb::PhysicalOperator &plan) override;
	duckdb::PhysicalOperator &PlanMergeInto(duckdb::ClientContext &context, duckdb::PhysicalPlanGenerator &planner,
	                                        duckdb::LogicalMergeInto &op, duckdb::PhysicalOperator &plan) override;

	//! Lakes have no indexes or key constraints: refused here, before DuckDB's default binding reaches for
	//! DuckDB-table storage (which crashed the process)
	duckdb::unique_ptr<duckdb::LogicalOperator> BindCreateIndex(duckdb::Binder &binder, duckdb::CreateStatement &stmt,
	                                                    duckdb::TableCatalogEntry &table,
	                                                    duckdb::unique_ptr<duckdb::LogicalOperator> plan) override;
	duckdb::unique_ptr<duckdb::LogicalOperator> BindAlterAddIndex(duckdb::Binder &binder, duckdb::TableCatalogEntry &table_entry,
	                                                      duckdb::unique_ptr<duckdb::LogicalOperator> plan,
	                                                      duckdb::unique_ptr<duckdb::CreateIndexInfo> create_info,
	                                                      duckdb::unique_ptr<duckdb::AlterTableInfo> alter_info) override;

	duckdb::DatabaseSize GetDatabaseSize(duckdb::ClientContext &context) override;
	bool InMemory() override {
		return false;
	}
	std::string GetDBPath() override {
		return store ? store->DisplayName() : std::string();
	}
	bool SupportsTimeTravel() const override {
		return true;
	}
	void OnDetach(duckdb::ClientContext &context) override;
	//! Changes with every snapshot the transaction reads and every local change.
	duckdb::optional_idx GetCatalogVersion(duckdb::ClientContext &context) override;

	// --- lake API -----------------------------------------------------------
	const LakeOptions &Options() const {
		return options;
	}
	MetadataStore &Store() {
		return *store;
	}
	//! The data path: absolute and normalised when local (a URL as recorded), always ending with '/'
	const std::string &DataPath() const {
		return data_path;
	}
	//! DataPath checked for writing files into `folder` below it: CheckDataPathForFiles, and no folder on the way
	//! holds another lake's marker. Returns `folder`.
	std::string CheckedWriteFolder(const std::string &folder);
	//! The lake's id: the uuid of its first schema ("" for a damaged catalog without one)
	const std::string &LakeId() const {
		return lake_id;
	}
	//! Refuses ("Cannot <what>") to write, remove or list files unless the data path is this lake's: it exists
	//! and holds the lake's marker, or (no marker yet, then written) the lake's files; checked once per attach
	//! (lake_data_path.hpp). Whether the lake may be written at all is CheckWritable's.
	void CheckDataPathForFiles(const std::string &what);
	const std::string &FormatVersion() const {
		return format_version;
	}
	//! The lake is encrypted (ducklake_metadata's encrypted): every Parquet file it writes is
	bool Encrypted() const {
		return encrypted;
	}
	//! The schemas and tables at the snapshot (cached per schema version).
	std::shared_ptr<LakeCatalogSet> GetCatalogSet(const SnapshotRecord &snapshot);
	//! The catalog's persisted options (reloaded after each commit that changes them).
	std::vector<OptionRecord> PersistedOptions();
	void SetPersistedOptions(std::vector<OptionRecord> options);
	//! Reloads the persisted options when the lake's catalog may be written by other processes and its latest
	//! snapshot is not the one they were loaded at (another process may have set an option).
	void RefreshPersistedOptions(int64_t latest_snapshot_id);
	//! This process committed `snapshot_id` on top of `parent_snapshot_id`: options current at the parent stay
	//! current (the commit's own option changes are applied by SetPersistedOptions).
	void NoteOwnCommit(int64_t parent_snapshot_id, int64_t snapshot_id);
	//! Refuses a change ("Cannot <what>") to a lake attached READ_ONLY or pinned to a snapshot (SNAPSHOT_VERSION /
	//! SNAPSHOT_TIME: expiring the pinned snapshot, say, would break the attach)
	void CheckWritable(const std::string &what) const;

private:
	// lake_catalog_attach.cpp
	//! Makes a lake of an older format readable: migrated (AUTOMATIC_MIGRATION) or, READ_ONLY or pinned to a
	//! snapshot, through a migrated copy in memory; otherwise the error that says how. What would fail the attach
	//! afterwards (DATA_PATH, DUCKLAKE_VERSION) is checked first.
	void OpenOlderFormat(const LakeMetadata &old);
	// lake_catalog_data_path.cpp
	//! The data path to use for a lake that records `metadata.data_path`: DATA_PATH when given (an error when it
	//! is not the recorded one, unless OVERRIDE_DATA_PATH, which makes the attach read-only), else the recorded
	//! one resolved (lake_data_path.hpp). Damage (no data_path row) is an error.
	std::string ResolveDataPath(const LakeMetadata &metadata);
	//! Where the catalog file lives (relative data paths are resolved against it).
	DataPathOrigin Origin();
	//! Picks and prepares a new lake's data path: refused when another lake's, created when missing. Returns
	//! where it is; `recorded` is set to what ducklake_metadata records.
	std::string PrepareNewDataPath(std::string &recorded);
	//! Refuses to write into a folder between the data path and `folder` that holds another lake's marker (a lake
	//! nested in this one's data path); checked once per folder.
	void CheckFoldersBelowDataPath(const std::string &folder);
	//! `context`: the attaching client's (a new lake's data path is checked through its file system)
	void LoadOrCreateLake(duckdb::ClientContext &context);
	//! Records the ATTACH options that persist (WRITE_DELETION_VECTORS) as lake options, on a writable attach.
	void RecordAttachOptions();
	//! Takes the lake's encryption from `metadata`: ENCRYPTED must agree with it; an encrypted lake gets an AES
	//! engine that can encrypt (common/openssl_aes.hpp) and refuses deletion vectors (Puffin files cannot be
	//! encrypted).
	void TakeEncryption(const LakeMetadata &metadata);
	void CreateDataPath(const std::string &path);
	//! Closes the store and removes what the failed attach created.
	void UndoAttach();

	LakeOptions options;
	//! Files and folders this attach created (removed again if it fails)
	std::vector<std::string> created_paths;
	//! Shared by every lake attached from the same catalog database in this process (see OpenMetadataStore)
	std::shared_ptr<MetadataStore> store;
	std::string data_path;
	std::string lake_id;
	//! OVERRIDE_DATA_PATH named another folder than the lake's: the attach only reads
	bool data_path_overridden = false;
	//! The marker a new lake wrote into an existing folder (removed again if the attach fails)
	std::string created_marker;
	std::mutex data_path_lock;
	bool data_path_checked = false;
	//! Folders below the data path checked by CheckFoldersBelowDataPath
	std::set<std::string> checked_folders;
	//! The lake records relative data paths from its catalog's folder and has a marker (lake_data_path.hpp)
	bool made_with_markers = false;
	std::string format_version;
	bool encrypted = false;

	std::mutex cache_lock;
	std::map<int64_t, std::shared_ptr<LakeCatalogSet>> catalog_sets;
	std::vector<OptionRecord> persisted_options;
	//! The latest snapshot when persisted_options were read (-1: not known)
	int64_t options_snapshot_id = -1;
};

} // namespace inlake

//===----------------------------------------------------------------------===//
// MetadataStore: the only way the lake reads and writes its catalog database.
//
// One interface, one backend per database (DuckDB file today; SQLite and
// PostgreSQL behind the same calls). Reads run against committed catalog
// state; every write goes through a MetadataWriteTxn, one catalog-database
// transaction per lake commit: the commit logic reads the latest snapshot
// inside it, checks for conflicting writers, stages its rows and commits, or
// rolls back leaving the catalog as it was.
//===----------------------------------------------------------------------===//
#pragma once

#include "metadata/metadata_records.hpp"

#include "duckdb/common/optional_idx.hpp"

#include <memory>
#include <string>
#include <vector>

namespace inlake {

struct StoreInitOptions {
	std::string format_version = "1.0";
	std::string data_path;
	std::string created_by;
};

class MetadataWriteTxn {
public:
	virtual ~MetadataWriteTxn() = default;

	virtual SnapshotRecord GetLatestSnapshot() = 0;
	virtual std::vector<SnapshotChangesRecord> GetChangesAfter(int64_t snapshot_id) = 0;
	virtual TableStatsRecord GetTableStats(int64_t table_id) = 0;

	virtual void InsertSnapshot(const SnapshotRecord &snapshot, const SnapshotChangesRecord &changes) = 0;
	virtual void InsertSchema(const SchemaRecord &schema, int64_t begin_snapshot) = 0;
	virtual void EndSchema(int64_t schema_id, int64_t end_snapshot) = 0;
	virtual void InsertTable(const TableRecord &table, int64_t begin_snapshot) = 0;
	virtual void EndTable(int64_t table_id, int64_t end_snapshot) = 0;
	virtual void InsertDataFile(const DataFileRecord &file) = 0;
	virtual void EndDataFilesOfTable(int64_t table_id, int64_t end_snapshot) = 0;
	virtual void WriteTableStats(const TableStatsRecord &stats, bool exists) = 0;
	virtual void RecordSchemaVersion(int64_t begin_snapshot, int64_t schema_version, int64_t table_id) = 0;

	//! Makes every staged change durable in one catalog transaction.
	virtual void Commit() = 0;
	//! Discards everything staged (also done by the destructor when not committed).
	virtual void Rollback() = 0;
};

class MetadataStore {
public:
	virtual ~MetadataStore() = default;

	//! True when the catalog database already holds a lake.
	virtual bool IsInitialized() = 0;
	//! Creates the catalog tables with snapshot 0 and schema main.
	virtual void Initialize(const StoreInitOptions &options) = 0;
	virtual LakeMetadata LoadMetadata() = 0;

	virtual SnapshotRecord GetLatestSnapshot() = 0;
	//! The snapshot with this id, or an invalid optional when it does not exist.
	virtual bool GetSnapshot(int64_t snapshot_id, SnapshotRecord &result) = 0;
	//! The latest snapshot at or before the timestamp.
	virtual bool GetSnapshotAtTime(duckdb::timestamp_tz_t time, SnapshotRecord &result) = 0;
	virtual std::vector<SnapshotListing> ListSnapshots() = 0;

	virtual CatalogContents LoadCatalog(int64_t snapshot_id) = 0;
	virtual std::vector<DataFileRecord> LoadDataFiles(int64_t table_id, int64_t snapshot_id) = 0;
	virtual TableStatsRecord LoadTableStats(int64_t table_id) = 0;

	virtual std::unique_ptr<MetadataWriteTxn> BeginWrite() = 0;
};

} // namespace inlake

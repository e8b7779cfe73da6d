//===----------------------------------------------------------------------===//
// CatalogMaintenance: the catalog side of snapshot expiry and file cleanup,
// for every backend: finding and removing the catalog rows, files and
// inlined rows that no remaining snapshot can read, and the schedule of files
// to delete. Every statement runs at once inside the caller's catalog write
// transaction (later steps read what earlier ones removed); the caller
// commits them together. The MetadataWriteTxn methods of the same names
// document each step.
//===----------------------------------------------------------------------===//
#pragma once

#include "metadata/expiry_records.hpp"
#include "metadata/metadata_records.hpp"
#include "metadata/sql/catalog_connection.hpp"

#include <string>
#include <vector>

namespace inlake {

class CatalogMaintenance {
public:
	CatalogMaintenance(CatalogConnection &connection, std::string prefix)
	    : connection(connection), prefix(std::move(prefix)) {
	}

	std::vector<SnapshotRecord> AllSnapshots();
	void DeleteSnapshots(const std::vector<int64_t> &snapshot_ids);
	std::vector<FileLocationRecord> FindUnreachableDataFiles();
	std::vector<FileLocationRecord> FindUnreachableDeleteFiles();
	void ScheduleFilesForDeletion(const std::vector<ScheduledFileRecord> &files);
	void RemoveDataFiles(const std::vector<int64_t> &data_file_ids);
	void RemoveDeleteFiles(const std::vector<int64_t> &delete_file_ids);
	void RemoveUnreachableCatalogRows();
	int64_t RemoveUnreachableInlinedRows(const std::string &inlined_table, const InlinedColumnNames &names);
	std::vector<int64_t> FindRemovedTables();
	void RemoveTableLeftovers(int64_t table_id);
	std::vector<ScheduledFileRecord> ScheduledFiles(bool all, duckdb::timestamp_tz_t before);
	void RemoveScheduledFiles(const std::vector<ScheduledFileRecord> &files);
	//! Every data and delete file any row of the catalog names
	std::vector<FileLocationRecord> AllFiles();

private:
	CatalogConnection &connection;
	std::string prefix;
};

} // namespace inlake

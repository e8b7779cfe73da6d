// The snapshot-expiry and file-cleanup part of the DuckDB metadata backend: the backend-neutral
// CatalogMaintenance on the store's connection.
#include "metadata/duckdb/duckdb_metadata_store.hpp"
#include "metadata/duckdb/duckdb_write_txn.hpp"

namespace inlake {

std::vector<SnapshotRecord> DuckDBWriteTxn::GetAllSnapshots() {
	return store.Maintenance().AllSnapshots();
}

void DuckDBWriteTxn::DeleteSnapshots(const std::vector<int64_t> &snapshot_ids) {
	store.Maintenance().DeleteSnapshots(snapshot_ids);
}

std::vector<FileLocationRecord> DuckDBWriteTxn::FindUnreachableDataFiles() {
	return store.Maintenance().FindUnreachableDataFiles();
}

std::vector<FileLocationRecord> DuckDBWriteTxn::FindUnreachableDeleteFiles() {
	return store.Maintenance().FindUnreachableDeleteFiles();
}

void DuckDBWriteTxn::ScheduleFilesForDeletion(const std::vector<ScheduledFileRecord> &files) {
	store.Maintenance().ScheduleFilesForDeletion(files);
}

void DuckDBWriteTxn::RemoveDataFiles(const std::vector<int64_t> &data_file_ids) {
	store.Maintenance().RemoveDataFiles(data_file_ids);
}

void DuckDBWriteTxn::RemoveDeleteFiles(const std::vector<int64_t> &delete_file_ids) {
	store.Maintenance().RemoveDeleteFiles(delete_file_ids);
}

void DuckDBWriteTxn::RemoveUnreachableCatalogRows() {
	store.Maintenance().RemoveUnreachableCatalogRows();
}

int64_t DuckDBWriteTxn::RemoveUnreachableInlinedRows(const std::string &inlined_table,
                                                     const InlinedColumnNames &names) {
	return store.Maintenance().RemoveUnreachableInlinedRows(inlined_table, names);
}

std::vector<InlinedTableRecord> DuckDBWriteTxn::GetAllInlinedTables() {
	return store.Reader().InlinedTables(-1);
}

std::vector<int64_t> DuckDBWriteTxn::FindRemovedTables() {
	return store.Maintenance().FindRemovedTables();
}

void DuckDBWriteTxn::RemoveTableLeftovers(int64_t table_id) {
	store.Maintenance().RemoveTableLeftovers(table_id);
}

std::vector<ScheduledFileRecord> DuckDBWriteTxn::GetScheduledFiles(bool all, duckdb::timestamp_tz_t before) {
	return store.Maintenance().ScheduledFiles(all, before);
}

void DuckDBWriteTxn::RemoveScheduledFiles(const std::vector<ScheduledFileRecord> &files) {
	store.Maintenance().RemoveScheduledFiles(files);
}

std::vector<FileLocationRecord> DuckDBMetadataStore::ListAllFiles() {
	std::lock_guard<OwnedMutex> guard(lock);
	return Maintenance().AllFiles();
}

std::vector<ScheduledFileRecord> DuckDBMetadataStore::ListScheduledFiles() {
	std::lock_guard<OwnedMutex> guard(lock);
	return Maintenance().ScheduledFiles(true, duckdb::timestamp_tz_t(0));
}

} // namespace inlake

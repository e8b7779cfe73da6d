#include "maintenance/snapshot_expiry.hpp"

#include "catalog/lake_catalog.hpp"

#include "duckdb/common/exception.hpp"

#include <algorithm>
#include <set>

namespace inlake {

namespace {

std::vector<int64_t> SelectSnapshots(const std::vector<SnapshotRecord> &snapshots, const ExpiryRequest &request) {
	std::vector<int64_t> result;
	if (snapshots.empty()) {
		return result;
	}
	auto latest = snapshots.back().snapshot_id;
	std::set<int64_t> versions(request.versions.begin(), request.versions.end());
	for (auto &snapshot : snapshots) {
		if (snapshot.snapshot_id == latest) {
			continue; // the latest snapshot is never expired
		}
		bool old = request.has_older_than && snapshot.snapshot_time.value < request.older_than.value;
		bool listed = request.has_versions && versions.count(snapshot.snapshot_id) > 0;
		// both given: a snapshot must match both
		bool match = request.has_older_than && request.has_versions ? old && listed : old || listed;
		if (match) {
			result.push_back(snapshot.snapshot_id);
		}
	}
	return result;
}

//! The ids of `versions` the lake has no snapshot of (never made, or expired already), ascending.
std::set<int64_t> MissingVersions(const std::vector<SnapshotRecord> &snapshots, const ExpiryRequest &request) {
	std::set<int64_t> existing;
	for (auto &snapshot : snapshots) {
		existing.insert(snapshot.snapshot_id);
	}
	std::set<int64_t> missing;
	for (auto id : request.versions) {
		if (!existing.count(id)) {
			missing.insert(id);
		}
	}
	return missing;
}

[[noreturn]] void ThrowMissingVersions(const std::set<int64_t> &missing, const std::string &lake) {
	std::string ids;
	for (auto id : missing) {
		ids += (ids.empty() ? "" : ", ") + std::to_string(id);
	}
	throw duckdb::InvalidInputException("ducklake_expire_snapshots: lake \"%s\" has no %s %s (never made or "
	                                    "expired already; ducklake_snapshots('%s') lists them); nothing was expired",
	                                    lake, missing.size() == 1 ? "snapshot" : "snapshots", ids, lake);
}

//! Where a file to schedule lives: relative to the data path when every part is relative.
ScheduledFileRecord ScheduledPath(const FileLocationRecord &file, int64_t data_file_id) {
	ScheduledFileRecord result;
	result.data_file_id = data_file_id;
	result.path = file.PathInDataPath(result.path_is_relative);
	return result;
}

std::vector<int64_t> FileIds(const std::vector<FileLocationRecord> &files) {
	std::vector<int64_t> ids;
	for (auto &file : files) {
		ids.push_back(file.file_id);
	}
	return ids;
}

void RemoveUnreachableFiles(MetadataWriteTxn &write, ExpiryResult &result) {
	// find both before removing anything: delete files of unreachable data files go too
	auto data_files = write.FindUnreachableDataFiles();
	auto delete_files = write.FindUnreachableDeleteFiles();
	for (auto &file : data_files) {
		result.scheduled_files.push_back(ScheduledPath(file, file.file_id));
	}
	for (auto &file : delete_files) {
		result.scheduled_files.push_back(ScheduledPath(file, file.file_id));
	}
	write.ScheduleFilesForDeletion(result.scheduled_files);
	write.RemoveDeleteFiles(FileIds(delete_files));
	write.RemoveDataFiles(FileIds(data_files));
}

//! Tables whose last ducklake_table row is gone: their inlined tables and stats go too.
void RemoveDroppedTables(MetadataWriteTxn &write, const std::vector<InlinedTableRecord> &inlined_tables) {
	for (auto table_id : write.FindRemovedTables()) {
		for (auto &inlined : inlined_tables) {
			if (inlined.table_id == table_id) {
				write.DropInlinedTable(inlined);
			}
		}
		write.RemoveTableLeftovers(table_id);
	}
}

} // namespace

ExpiryResult ExpireSnapshots(LakeCatalog &catalog, const ExpiryRequest &request) {
	ExpiryResult result;
	auto write = catalog.Store().BeginWrite();
	auto snapshots = write->GetAllSnapshots();
	auto missing = MissingVersions(snapshots, request);
	if (!missing.empty()) {
		write->Rollback();
		ThrowMissingVersions(missing, catalog.GetName());
	}
	result.expired = SelectSnapshots(snapshots, request);
	if (request.dry_run || result.expired.empty()) {
		write->Rollback();
		return result;
	}
	write->DeleteSnapshots(result.expired);
	RemoveUnreachableFiles(*write, result);
	auto names = InlinedColumnNames::ForFormat(catalog.FormatVersion());
	auto inlined_tables = write->GetAllInlinedTables();
	for (auto &inlined : inlined_tables) {
		result.inlined_rows_removed += write->RemoveUnreachableInlinedRows(inlined.table_name, names);
	}
	write->RemoveUnreachableCatalogRows();
	RemoveDroppedTables(*write, inlined_tables);
	write->Commit();
	return result;
}

} // namespace inlake

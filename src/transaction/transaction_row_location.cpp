// LakeTransaction, part 6: where the rows a DELETE or UPDATE names live. A row id names one row for its whole
// life (an UPDATE writes the new version under the old id), so older versions of a row may sit in data files
// (deleted) or inlined tables (ended); at the transaction's snapshot exactly one version of each id is live, and
// in a data file that is the position not deleted yet.
#include "transaction/lake_transaction.hpp"

#include "common/lake_paths.hpp"
#include "read/delete_file_loader.hpp"

#include "duckdb/main/client_context.hpp"

#include <algorithm>

namespace inlake {

std::vector<int64_t> LakeTransaction::DeletedPositionsSeen(LakeTableEntry &table,
                                                           const LocalTableChanges &table_changes,
                                                           const DataFileRecord &file) {
	std::vector<int64_t> seen;
	auto local_file = table_changes.delete_files.find(file.data_file_id);
	if (local_file != table_changes.delete_files.end()) {
		seen = local_file->second.positions;
	} else if (file.delete_file.delete_file_id >= 0 || !file.deleted_positions.empty()) {
		seen = CommittedDeletedPositions(file, TableDataPath(table), Snapshot().snapshot_id);
	}
	for (auto &entry : table_changes.file_deletes) {
		if (entry.second.file == file.data_file_id) {
			seen.push_back(entry.second.position);
		}
	}
	if (file.partial_max > Snapshot().snapshot_id) {
		// rows of a flushed file inserted after the transaction's snapshot: not visible to it
		auto path = ResolveLakePath(TableDataPath(table), file.path, file.path_is_relative);
		auto later = ReadRowsAfterSnapshot(*context.db, StoredFileOf(file, path), Snapshot().snapshot_id);
		seen.insert(seen.end(), later.begin(), later.end());
	}
	std::sort(seen.begin(), seen.end());
	seen.erase(std::unique(seen.begin(), seen.end()), seen.end());
	return seen;
}

void LakeTransaction::LocateInCommittedFiles(LakeTableEntry &table, const LocalTableChanges &table_changes,
                                             PendingRowIds &row_ids,
                                             std::map<int64_t, std::vector<RowLocation>> &found,
                                             std::map<int64_t, std::vector<int64_t>> &found_ids) {
	// each file is visited once: its rows are collected here and handed over whole (an UPDATE of every row names
	// millions; a map lookup per row cost more than the rest of the location)
	std::vector<RowLocation> locations;
	std::vector<int64_t> ids;
	auto record = [&](const DataFileRecord &file, int64_t row_id, int64_t position) {
		locations.push_back(RowLocation {file.data_file_id, position});
		ids.push_back(row_id);
		row_ids.Take(row_id);
	};
	auto hand_over = [&](const DataFileRecord &file) {
		if (!locations.empty()) {
			found[file.data_file_id] = std::move(locations);
			found_ids[file.data_file_id] = std::move(ids);
			locations = {};
			ids = {};
		}
	};
	auto is_seen = [](const std::vector<int64_t> &seen, int64_t position) {
		return !seen.empty() && std::binary_search(seen.begin(), seen.end(), position);
	};
	// files whose row ids are row_id_start + position
	bool any_embedded = false;
	for (auto &file : CommittedFiles(table)) {
		if (file.partial_max >= 0) {
			any_embedded = true;
			continue;
		}
		if (table_changes.EndsDataFile(file.data_file_id)) {
			continue; // no live row left
		}
		auto candidates = row_ids.InRange(file.row_id_start, file.row_id_start + file.record_count);
		if (candidates.empty()) {
			continue;
		}
		auto seen = DeletedPositionsSeen(table, table_changes, file);
		locations.reserve(candidates.size());
		ids.reserve(candidates.size());
		for (auto row_id : candidates) {
			if (!is_seen(seen, row_id - file.row_id_start)) {
				record(file, row_id, row_id - file.row_id_start);
			}
		}
		hand_over(file);
	}
	if (!any_embedded) {
		return;
	}
	// files that carry each row's id (flushed files, files of UPDATEs)
	auto committed = row_ids.InRange(0, kLocalRowIdBase);
	// `committed` is sorted and stays as it is: each file's ids are matched against it by
	// binary search, and the ids found are counted off (shrinking the list after every file cost a pass over it
	// per file: minutes for a large delete over hundreds of files an UPDATE wrote)
	auto table_path = TableDataPath(table);
	size_t left = committed.size();
	for (auto &file : CommittedFiles(table)) {
		if (left == 0) {
			break;
		}
		if (file.partial_max < 0 || table_changes.EndsDataFile(file.data_file_id)) {
			continue;
		}
		auto path = ResolveLakePath(table_path, file.path, file.path_is_relative);
		auto matches = ReadPositionsOfRowIds(*context.db, StoredFileOf(file, path), committed);
		if (matches.empty()) {
			continue;
		}
		auto seen = DeletedPositionsSeen(table, table_changes, file);
		for (auto &match : matches) {
			if (!is_seen(seen, match.second) && row_ids.Contains(match.first)) {
				record(file, match.first, match.second);
				left--;
			}
		}
		hand_over(file);
	}
}

void LakeTransaction::LocateInOwnRowIdFiles(LocalTableChanges &table_changes, PendingRowIds &row_ids) {
	auto &has_row_ids = table_changes.new_file_has_row_ids;
	if (std::find(has_row_ids.begin(), has_row_ids.end(), true) == has_row_ids.end()) {
		return; // no file of this transaction carries committed row ids
	}
	auto committed = row_ids.InRange(0, kLocalRowIdBase);
	for (size_t i = 0; i < table_changes.new_files.size() && !committed.empty(); i++) {
		if (!table_changes.new_file_has_row_ids[i]) {
			continue;
		}
		auto &own = table_changes.new_files[i];
		for (auto &match : ReadPositionsOfRowIds(*context.db, StoredFileOf(own), committed)) {
			auto location = std::make_pair(int64_t(i), match.second);
			if (row_ids.Contains(match.first) && !table_changes.own_file_deletes.count(location)) {
				table_changes.own_file_deletes.insert(location);
				row_ids.Take(match.first);
			}
		}
	}
}

} // namespace inlake

// LakeTransaction, the part ducklake_add_data_files uses: registering files the lake did not write, and finding
// whether a table already has a file.
#include "transaction/lake_transaction.hpp"

#include "common/lake_paths.hpp"

#include "duckdb/common/file_system.hpp"

#include <set>

namespace inlake {

void LakeTransaction::AddExternalFiles(LakeTableEntry &table, std::vector<WrittenDataFile> files,
                                       std::vector<std::shared_ptr<const AddedFileInfo>> added) {
	CheckWritable("add data files");
	if (files.size() != added.size()) {
		throw duckdb::InternalException("AddExternalFiles: %llu files, %llu registrations", files.size(), added.size());
	}
	auto &table_changes = changes.table_changes[table.TableId()];
	for (size_t i = 0; i < files.size(); i++) {
		table_changes.new_file_has_row_ids.push_back(false);
		table_changes.new_file_row_id_starts.push_back(kLocalRowIdBase + table_changes.new_row_count);
		table_changes.new_row_count += files[i].record_count;
		table_changes.new_files.push_back(std::move(files[i]));
		table_changes.new_file_added.push_back(std::move(added[i]));
	}
}

//! How two spellings of a local file compare: absolute, normalised, links resolved (URLs as written).
static std::string ComparablePath(const std::string &path) {
	if (IsUrlPath(path)) {
		return path;
	}
	auto working = WithTrailingSlash(duckdb::FileSystem::GetWorkingDirectory());
	return CanonicalLocalPath(AbsoluteLocalPath(WithoutFileScheme(path), working));
}

std::set<std::string> LakeTransaction::KnownFilesOfTable(LakeTableEntry &table,
                                                       const std::vector<std::string> &stored_paths) {
	std::set<std::string> result;
	auto table_path = TableDataPath(table);
	if (!IsLocalId(table.TableId())) {
		for (auto &file : catalog.Store().FindDataFilesByPath(table.TableId(), Snapshot().snapshot_id, stored_paths)) {
			result.insert(ComparablePath(ResolveLakePath(table_path, file.path, file.path_is_relative)));
		}
	}
	auto local = changes.table_changes.find(table.TableId());
	if (local != changes.table_changes.end()) {
		for (auto &file : local->second.new_files) {
			result.insert(ComparablePath(file.path));
		}
	}
	return result;
}

} // namespace inlake

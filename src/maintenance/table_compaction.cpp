#include "maintenance/table_compaction.hpp"

#include "catalog/lake_catalog.hpp"
#include "catalog/lake_data_path.hpp"
#include "common/internal_connection.hpp"
#include "common/lake_paths.hpp"
#include "maintenance/file_deletes.hpp"
#include "read/delete_file_loader.hpp"
#include "transaction/lake_transaction.hpp"
#include "write/partitioned_file_writer.hpp"

#include "duckdb/common/exception.hpp"
#include "duckdb/common/file_system.hpp"
#include "duckdb/common/string_util.hpp"
#include "duckdb/main/client_context.hpp"

#include <map>

namespace inlake {
using namespace duckdb; // NOLINT

namespace {

void RefuseLocalChanges(LakeTransaction &transaction, LakeTableEntry &table, const char *what) {
	auto &changes = transaction.changes;
	auto id = table.TableId();
	bool changed = changes.table_changes.count(id) || changes.altered_tables.count(id) ||
	               changes.dropped_table_ids.count(id);
	for (auto &flush : changes.flushes) {
		changed = changed || flush.table_id == id;
	}
	for (auto &compaction : changes.compactions) {
		changed = changed || compaction.table_id == id;
	}
	if (changed) {
		throw InvalidInputException("Cannot %s of table \"%s\": this transaction has uncommitted changes to it "
		                            "(writes, a flush, an ALTER or an earlier compaction); commit them first",
		                            what, table.name);
	}
}

//! Whether the lake wrote the file (lake-named, under its data path): only those are ever replaced.
bool IsOwnedDataFile(LakeCatalog &catalog, const std::string &path) {
	auto &data_path = catalog.DataPath();
	if (!IsLakeFileName(path)) {
		return false;
	}
	if (IsUrlPath(data_path)) {
		return StringUtil::StartsWith(path, data_path) && path.find("/../") == std::string::npos;
	}
	return PathIsUnder(path, data_path);
}

//! Where cleanup finds a replaced file: relative to the data path when the whole chain is relative.
ScheduledFileRecord ScheduledPath(LakeTableEntry &table, int64_t file_id, const std::string &file_path,
                                  bool file_relative, const std::string &resolved) {
	auto &schema = table.ParentSchema().Cast<LakeSchemaEntry>().Record();
	auto &record = table.Record();
	ScheduledFileRecord result;
	result.data_file_id = file_id; // a delete file's own id, as snapshot expiry schedules them
	result.path_is_relative = file_relative && record.path_is_relative && schema.path_is_relative;
	result.path = result.path_is_relative ? schema.path + record.path + file_path : resolved;
	return result;
}

class TableCompactor {
public:
	TableCompactor(ClientContext &context, LakeTransaction &transaction, LakeTableEntry &table,
	               CompactionRequest &request)
	    : context(context), transaction(transaction), table(table), request(request),
	      catalog(transaction.GetCatalog()) {
	}

	CompactionOutcome Run() {
		bool merge = request.mode == DeletedRows::KEEP_DELETED;
		auto what = merge ? "merge the data files" : "rewrite the data files";
		transaction.CheckWritable(merge ? "merge data files" : "rewrite data files");
		RefuseLocalChanges(transaction, table, what);
		options = transaction.WriteOptionsFor(table);
		table_path = transaction.TableDataPath(table);
		CollectCandidates();
		if (candidates.size() < (merge ? 2u : 1u) || request.remaining_files == 0) {
			return outcome;
		}
		options.directory = transaction.TableWritePath(table);
		auto &fs = FileSystem::GetFileSystem(context);
		if (!fs.IsRemoteFile(options.directory) && !fs.DirectoryExists(options.directory)) {
			fs.CreateDirectoriesRecursive(options.directory);
		}
		compaction.table_id = table.TableId();
		compaction.base_next_file_id = transaction.Snapshot().next_file_id;
		compaction.replaced_files_removed = merge;
		try {
			for (auto &bin : Bins()) {
				if (request.remaining_files == 0) {
					break;
				}
				Compact(bin);
			}
		} catch (...) {
			for (auto &path : compaction.WrittenPaths()) {
				fs.TryRemoveFile(path);
			}
			throw;
		}
		if (!compaction.replaced_files.empty()) {
			transaction.changes.compactions.push_back(std::move(compaction));
		}
		return outcome;
	}

private:
	void CollectCandidates() {
		std::map<int64_t, std::map<int64_t, int64_t>> inlined;
		bool inlined_loaded = false;
		auto max_size = request.max_file_size >= 0 ? request.max_file_size : options.target_file_size;
		for (auto &file : transaction.CommittedFiles(table)) {
			auto path = ResolveLakePath(table_path, file.path, file.path_is_relative);
			if (!IsOwnedDataFile(catalog, path) || file.record_count <= 0) {
				continue;
			}
			bool merge = request.mode == DeletedRows::KEEP_DELETED;
			if (merge && (file.file_size_bytes >= max_size || file.file_size_bytes < request.min_file_size)) {
				continue;
			}
			if (merge && RewrittenFilesRemain(file)) {
				continue;
			}
			bool has_deletes = file.delete_file.delete_file_id >= 0 || !file.deleted_positions.empty();
			if (!merge && !has_deletes) {
				continue;
			}
			RewriteSource source;
			source.path = path;
			source.record = file;
			if (has_deletes) {
				if (!inlined_loaded) {
					for (auto &entry : catalog.Store().LoadInlinedDeleteEntries(table.TableId(),
					                                                            transaction.Snapshot().snapshot_id)) {
						MergeEarliestDelete(inlined[entry.file_id], entry.position, entry.snapshot_id);
					}
					inlined_loaded = true;
				}
				source.deletes = DeleteFileDeletes(context, transaction, file, table_path);
				for (auto &entry : inlined[file.data_file_id]) {
					MergeEarliestDelete(source.deletes, entry.first, entry.second);
				}
			}
			if (!merge && double(source.deletes.size()) < request.delete_threshold * double(file.record_count)) {
				continue;
			}
			candidates.push_back(std::move(source));
		}
	}

	//! Whether `file` is a rewrite's file (its rows older than the file) whose replaced files the catalog still
	//! has: snapshots before the rewrite read those, and a merged file would show these rows to them as well.
	bool RewrittenFilesRemain(const DataFileRecord &file) {
		if (file.partial_max < 0 || file.partial_max >= file.begin_snapshot) {
			return false;
		}
		auto known = rewrites_with_old_files.find(file.begin_snapshot);
		if (known != rewrites_with_old_files.end()) {
			return known->second;
		}
		bool remain = false;
		auto sources = catalog.Store().LoadChangeSources(table.TableId(), file.begin_snapshot, file.begin_snapshot);
		for (auto &other : sources.files) {
			remain = remain || other.end_snapshot == file.begin_snapshot;
		}
		rewrites_with_old_files[file.begin_snapshot] = remain;
		return remain;
	}

	//! What files must share to be merged besides their layout: the partition spec they were written under and
	//! their key values (a merged file holds one partition value, as every file of a partitioned table does).
	static std::string PartitionGroup(const DataFileRecord &file) {
		std::string group = "p" + std::to_string(file.partition_id);
		for (auto &value : file.partition_values) {
			group += value.has_value ? "|v" + std::to_string(value.value.size()) + ":" + value.value : "|n";
		}
		return group;
	}

	//! The Hive folders of a partitioned file's partition (empty: unpartitioned, or hive_file_pattern false).
	std::string PartitionFolders(const DataFileRecord &file) {
		if (file.partition_values.empty() || !options.hive_file_pattern) {
			return std::string();
		}
		PartitionSpec spec;
		for (auto &value : file.partition_values) {
			spec.keys.push_back({value.column_id, value.transform});
		}
		auto names = PartitionFolderNames(spec, table.Record().columns);
		std::string folders;
		for (size_t k = 0; k < names.size(); k++) {
			auto &value = file.partition_values[k];
			folders += HivePartitionFolder(names[k], PartitionValueText {value.has_value, value.value});
		}
		return folders;
	}

	//! Candidates with one layout and partition, in row id order, cut into runs of about the target size.
	std::vector<std::vector<size_t>> Bins() {
		std::vector<StoredFile> files;
		for (auto &candidate : candidates) {
			files.push_back(StoredFileOf(candidate.record, candidate.path));
		}
		auto connection = OpenKnownFileReadConnection(*context.db);
		layouts = ReadParquetLayouts(*connection, files);
		std::vector<std::string> order;
		std::map<std::string, std::vector<size_t>> groups;
		for (size_t i = 0; i < candidates.size(); i++) {
			if (!layouts[i].mergeable) {
				continue;
			}
			auto key = layouts[i].signature + "\n" + PartitionGroup(candidates[i].record);
			auto &group = groups[key];
			if (group.empty()) {
				order.push_back(key);
			}
			group.push_back(i);
		}
		size_t minimum = request.mode == DeletedRows::KEEP_DELETED ? 2 : 1;
		std::vector<std::vector<size_t>> bins;
		for (auto &signature : order) {
			std::vector<size_t> bin;
			int64_t size = 0;
			for (auto index : groups[signature]) {
				bin.push_back(index);
				size += candidates[index].record.file_size_bytes;
				if (size >= options.target_file_size) {
					if (bin.size() >= minimum) {
						bins.push_back(std::move(bin));
					}
					bin.clear();
					size = 0;
				}
			}
			if (bin.size() >= minimum) {
				bins.push_back(std::move(bin));
			}
		}
		return bins;
	}

	void Compact(const std::vector<size_t> &bin) {
		RewriteRequest rewrite;
		for (auto index : bin) {
			rewrite.sources.push_back(candidates[index]);
		}
		rewrite.layout = layouts[bin[0]];
		rewrite.deleted_rows = request.mode;
		rewrite.options = options;
		auto &partition_source = candidates[bin[0]].record;
		auto folders = PartitionFolders(partition_source);
		rewrite.options.directory += folders;
		auto &fs = FileSystem::GetFileSystem(context);
		if (!folders.empty() && !fs.IsRemoteFile(rewrite.options.directory) &&
		    !fs.DirectoryExists(rewrite.options.directory)) {
			fs.CreateDirectoriesRecursive(rewrite.options.directory);
		}
		rewrite.delete_directory = options.directory;
		rewrite.deletion_vectors = transaction.WriteDeletionVectors(table);
		rewrite.table_columns = table.Record().columns;
		rewrite.count_row_groups = catalog.FormatVersion() != "1.0";
		auto written = RewriteFiles(context, rewrite);
		written.file.file_name = folders + written.file.file_name;
		written.file.partition_id = partition_source.partition_id;
		written.file.partition_values = partition_source.partition_values;
		bool merge = request.mode == DeletedRows::KEEP_DELETED;
		for (auto &source : rewrite.sources) {
			auto &file = source.record;
			compaction.replaced_files.push_back(file);
			if (!merge) {
				continue;
			}
			compaction.scheduled_files.push_back(
			    ScheduledPath(table, file.data_file_id, file.path, file.path_is_relative, source.path));
			if (file.delete_file.delete_file_id < 0) {
				continue;
			}
			for (auto &ref : catalog.Store().LoadDeleteFileHistory(file.data_file_id,
			                                                       transaction.Snapshot().snapshot_id)) {
				compaction.replaced_delete_files.push_back(ref);
				compaction.scheduled_files.push_back(ScheduledPath(
				    table, ref.delete_file_id, ref.path, ref.path_is_relative,
				    ResolveLakePath(table_path, ref.path, ref.path_is_relative)));
			}
		}
		outcome.files_processed += int64_t(bin.size());
		if (written.file.record_count > 0) {
			compaction.files.push_back(std::move(written));
			outcome.files_created++;
		}
		if (request.remaining_files > 0) {
			request.remaining_files--;
		}
	}

	ClientContext &context;
	LakeTransaction &transaction;
	LakeTableEntry &table;
	CompactionRequest &request;
	LakeCatalog &catalog;
	ParquetWriteOptions options;
	std::string table_path;
	std::vector<RewriteSource> candidates;
	std::vector<ParquetLayout> layouts;
	TableCompaction compaction;
	CompactionOutcome outcome;
	std::map<int64_t, bool> rewrites_with_old_files;
};

} // namespace

CompactionOutcome CompactTable(ClientContext &context, LakeTransaction &transaction, LakeTableEntry &table,
                               CompactionRequest &request) {
	return TableCompactor(context, transaction, table, request).Run();
}

} // namespace inlake

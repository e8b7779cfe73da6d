#include "transaction/compaction_commit.hpp"

#include "transaction/flush_commit.hpp"

#include "duckdb/common/exception/transaction_exception.hpp"

#include <set>

namespace inlake {

namespace {

void CheckReplacedFiles(TableCommitContext &context, const TableCompaction &compaction) {
	std::set<int64_t> live;
	for (auto &file : context.write.GetLiveDataFiles(compaction.table_id)) {
		live.insert(file.data_file_id);
	}
	std::vector<int64_t> ids;
	bool all_live = true;
	for (auto &file : compaction.replaced_files) {
		ids.push_back(file.data_file_id);
		all_live = all_live && live.count(file.data_file_id);
	}
	if (!all_live || context.write.AnyDeletesChangedSince(compaction.table_id, ids, context.base_snapshot_id,
	                                                       compaction.base_next_file_id)) {
		throw duckdb::TransactionException(
		    "Transaction conflict on lake \"%s\": a data file being compacted was deleted from, flushed into, "
		    "compacted or dropped by a concurrent transaction; nothing of the compaction was committed",
		    context.lake_name);
	}
}

DataFileRecord NewFileRecord(TableCommitContext &context, const TableCompaction &compaction,
                             const FlushedDataFile &written, int64_t data_file_id, int64_t file_order) {
	auto &file = written.file;
	DataFileRecord record;
	record.data_file_id = data_file_id;
	record.table_id = compaction.table_id;
	record.file_order = file_order;
	record.path = file.file_name;
	record.record_count = file.record_count;
	record.file_size_bytes = file.file_size_bytes;
	record.footer_size = file.footer_size;
	record.encryption_key = file.encryption_key;
	record.row_id_start = written.min_row_id;
	record.row_group_count = file.row_group_count;
	record.column_stats = FileColumnStatsOf(file);
	record.partition_id = context.PartitionId(file.partition_id);
	record.partition_values = file.partition_values;
	if (compaction.replaced_files_removed) {
		// every row keeps its insert snapshot: the file serves the snapshots its sources served
		record.begin_snapshot = written.min_snapshot;
		record.partial_max = written.max_snapshot;
	} else {
		// the rows are read from here on (older snapshots read the replaced files), and keep their insert
		// snapshots, all older than the file
		record.begin_snapshot = context.snapshot_id;
		record.partial_max = written.max_snapshot;
	}
	return record;
}

} // namespace

void CommitCompaction(TableCommitContext &context, TableCompaction &compaction, int64_t &next_file_id) {
	auto &write = context.write;
	auto table_id = compaction.table_id;
	CheckReplacedFiles(context, compaction);
	auto stats = write.GetTableStats(table_id);
	bool stats_exist = stats.table_id >= 0;
	stats.table_id = table_id;
	int64_t file_order = 0;
	for (auto &written : compaction.files) {
		auto record = NewFileRecord(context, compaction, written, next_file_id++, file_order++);
		write.InsertDataFile(record);
		written.data_file_id = record.data_file_id;
		stats.file_size_bytes += record.file_size_bytes;
		if (written.delete_count > 0) {
			write.InsertDeleteFile(PartialDeleteRecord(table_id, record.data_file_id, written.delete_file,
			                                           written.delete_count, written.min_delete_snapshot,
			                                           written.max_delete_snapshot, next_file_id));
		}
	}
	std::vector<int64_t> replaced;
	for (auto &file : compaction.replaced_files) {
		replaced.push_back(file.data_file_id);
		stats.file_size_bytes = std::max<int64_t>(0, stats.file_size_bytes - file.file_size_bytes);
	}
	if (compaction.replaced_files_removed) {
		std::vector<int64_t> delete_files;
		for (auto &ref : compaction.replaced_delete_files) {
			delete_files.push_back(ref.delete_file_id);
		}
		write.RemoveDeleteFiles(delete_files);
		write.RemoveDataFiles(replaced);
		write.ScheduleFilesForDeletion(compaction.scheduled_files);
	} else {
		write.EndDataFiles(table_id, replaced, context.snapshot_id);
	}
	if (stats_exist) {
		write.WriteTableStats(stats, stats_exist);
	}
	context.change_set.AddId("compacted_table", table_id);
}

} // namespace inlake

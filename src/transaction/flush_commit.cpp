#include "transaction/flush_commit.hpp"

#include "transaction/table_stats_merge.hpp"

#include "duckdb/common/exception/transaction_exception.hpp"

#include <set>

namespace inlake {

static void FlushConflict(TableCommitContext &context, const std::string &what) {
	throw duckdb::TransactionException("Transaction conflict on lake \"%s\": %s by a concurrent transaction while "
	                                   "inlined data was being flushed; nothing of the flush was committed",
	                                   context.lake_name, what);
}

DeleteFileRecord PartialDeleteRecord(int64_t table_id, int64_t data_file_id, const WrittenDataFile &file,
                                     int64_t count, int64_t min_snapshot, int64_t max_snapshot,
                                     int64_t &next_file_id) {
	DeleteFileRecord record;
	record.delete_file_id = next_file_id++;
	record.table_id = table_id;
	// visible from the oldest deletion it holds: it replaces inlined deletions of earlier snapshots
	record.begin_snapshot = min_snapshot;
	record.data_file_id = data_file_id;
	record.path = file.file_name;
	record.delete_count = count;
	record.file_size_bytes = file.file_size_bytes;
	record.footer_size = file.footer_size;
	record.partial_max = max_snapshot;
	record.format = file.format;
	record.encryption_key = file.encryption_key;
	return record;
}

void CommitFlush(TableCommitContext &context, TableFlush &flush, const std::vector<LakeColumn> &columns,
                 int64_t &next_file_id) {
	auto &write = context.write;
	auto table_id = flush.table_id;
	for (auto &inlined : flush.inlined_tables) {
		if (write.CountInlinedRowsEndedAfter(inlined, context.names, context.base_snapshot_id) > 0) {
			FlushConflict(context, "inlined rows were deleted");
		}
	}
	if (!flush.deletes.empty()) {
		std::set<int64_t> live;
		for (auto &file : write.GetLiveDataFiles(table_id)) {
			live.insert(file.data_file_id);
		}
		for (auto &deletes : flush.deletes) {
			if (!live.count(deletes.data_file_id)) {
				FlushConflict(context, "a data file whose deletions were flushed was compacted or dropped");
			}
		}
	}
	for (auto &deletes : flush.deletes) {
		if (write.DeletesChangedSince(table_id, deletes.data_file_id, context.base_snapshot_id, false)) {
			FlushConflict(context, "a delete file was replaced");
		}
	}
	auto stats = write.GetTableStats(table_id);
	bool stats_exist = stats.table_id >= 0;
	stats.table_id = table_id;
	TableStatsMerge merge(columns, stats);
	int64_t file_order = 0;
	for (auto &flushed : flush.files) {
		auto &file = flushed.file;
		DataFileRecord record;
		record.data_file_id = next_file_id++;
		record.table_id = table_id;
		record.begin_snapshot = flushed.min_snapshot;
		record.file_order = file_order++;
		record.path = file.file_name;
		record.record_count = file.record_count;
		record.file_size_bytes = file.file_size_bytes;
		record.footer_size = file.footer_size;
		record.encryption_key = file.encryption_key;
		record.row_id_start = flushed.min_row_id;
		record.partial_max = flushed.embedded_row_ids ? flushed.max_snapshot : -1;
		record.row_group_count = file.row_group_count;
		record.column_stats = FileColumnStatsOf(file);
		record.partition_id = context.PartitionId(file.partition_id);
		record.partition_values = file.partition_values;
		write.InsertDataFile(record);
		flushed.data_file_id = record.data_file_id;
		stats.file_size_bytes += file.file_size_bytes;
		merge.AddColumnStats(record.column_stats);
		if (flushed.delete_count > 0) {
			write.InsertDeleteFile(PartialDeleteRecord(table_id, record.data_file_id, flushed.delete_file,
			                                    flushed.delete_count, flushed.min_delete_snapshot,
			                                    flushed.max_delete_snapshot, next_file_id));
		}
	}
	for (auto &deletes : flush.deletes) {
		write.InsertDeleteFile(PartialDeleteRecord(table_id, deletes.data_file_id, deletes.delete_file,
		                                    deletes.delete_count, deletes.min_snapshot, deletes.max_snapshot,
		                                    next_file_id));
		write.DeleteInlinedDeletesUpTo(table_id, deletes.data_file_id, context.base_snapshot_id);
	}
	for (auto &inlined : flush.inlined_tables) {
		write.DeleteInlinedRowsUpTo(inlined, context.names, context.base_snapshot_id);
	}
	for (auto &superseded : flush.superseded_tables) {
		write.DropInlinedTable(superseded);
	}
	write.WriteTableStats(stats, stats_exist);
	context.change_set.AddId("inline_flush", table_id);
}

} // namespace inlake

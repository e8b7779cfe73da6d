#include "transaction/table_data_commit.hpp"

#include "read/delete_file_loader.hpp"
#include "transaction/table_stats_merge.hpp"
#include "write/inlined_rows_stats.hpp"

#include "duckdb/common/exception/transaction_exception.hpp"

namespace inlake {
using duckdb::ColumnDataCollection;
using duckdb::DataChunk;
using duckdb::LogicalType;

TableDataCommit::TableDataCommit(TableCommitContext &context, LakeTableEntry &table, int64_t table_id,
                                 bool is_new_table, LocalTableChanges &changes, int64_t &next_file_id,
                                 const TableFlush *flush)
    : context(context), table(table), table_id(table_id), is_new_table(is_new_table), changes(changes),
      next_file_id(next_file_id), flush(flush) {
}

void TableDataCommit::Conflict(const std::string &what) {
	throw duckdb::TransactionException("Transaction conflict on lake \"%s\": %s in table \"%s\" by a concurrent "
	                                   "transaction; nothing of this transaction was committed",
	                                   context.lake_name, what, table.name);
}

std::vector<FileColumnStatsRecord> FileColumnStatsOf(const WrittenDataFile &file) {
	std::vector<FileColumnStatsRecord> result;
	for (auto &column : file.column_stats) {
		FileColumnStatsRecord record;
		record.column_id = column.column_id;
		record.column_size_bytes = column.column_size_bytes;
		record.value_count = column.value_count;
		record.null_count = column.null_count;
		record.has_min_max = column.has_min_max;
		record.min_value = column.min_value;
		record.max_value = column.max_value;
		record.contains_nan = column.contains_nan;
		result.push_back(std::move(record));
	}
	return result;
}

void TableDataCommit::Write() {
	auto stats = is_new_table ? TableStatsRecord() : context.write.GetTableStats(table_id);
	bool stats_exist = stats.table_id >= 0;
	stats.table_id = table_id;
	auto real_row_start = stats.next_row_id;
	emptied_files = changes.EmptiedNewFiles();
	TableStatsMerge merge(table.Record().columns, stats);
	WriteFiles(merge, real_row_start);
	WriteInlinedRows(stats, merge, real_row_start);
	if (changes.HasInsertedRows()) {
		stats.next_row_id = std::max(stats.next_row_id, real_row_start + changes.new_row_count);
	}
	WriteDeletes(stats);
	context.write.WriteTableStats(stats, stats_exist);
}

void TableDataCommit::WriteFiles(TableStatsMerge &merge, int64_t real_row_start) {
	CheckAddedFilesAreNew();
	for (size_t i = 0; i < changes.new_files.size(); i++) {
		auto &file = changes.new_files[i];
		if (emptied_files[i]) {
			new_file_ids.push_back(-1);
			continue;
		}
		DataFileRecord record;
		record.data_file_id = next_file_id++;
		record.table_id = table_id;
		record.begin_snapshot = context.snapshot_id;
		record.file_order = int64_t(i);
		record.path = file.file_name;
		record.path_is_relative = true;
		record.record_count = file.record_count;
		record.file_size_bytes = file.file_size_bytes;
		record.footer_size = file.footer_size;
		record.encryption_key = file.encryption_key;
		if (changes.new_file_has_row_ids[i]) {
			// rows an UPDATE rewrote, with the ids of the rows they replace embedded in the file: one snapshot,
			// but row ids that only the file knows (as in a flushed file)
			record.row_id_start = changes.new_file_row_id_starts[i];
			record.partial_max = context.snapshot_id;
		} else {
			record.row_id_start = real_row_start + (changes.new_file_row_id_starts[i] - kLocalRowIdBase);
		}
		record.row_group_count = file.row_group_count;
		record.column_stats = FileColumnStatsOf(file);
		record.partition_id = context.PartitionId(file.partition_id);
		if (record.partition_id >= 0) {
			record.partition_values = file.partition_values;
		}
		if (i < changes.new_file_added.size() && changes.new_file_added[i]) {
			RegisterAddedFile(*changes.new_file_added[i], record);
		}
		merge.AddFile(record);
		context.write.InsertDataFile(record);
		new_file_ids.push_back(record.data_file_id);
	}
	if (!changes.new_files.empty()) {
		context.change_set.AddId("inserted_into_table", table_id);
	}
}

std::string TableDataCommit::InlinedTableName() {
	if (!inlined_tables_loaded) {
		inlined_tables = is_new_table ? std::vector<InlinedTableRecord>() : context.write.GetInlinedTables(table_id);
		inlined_tables_loaded = true;
	}
	for (auto &inlined : inlined_tables) {
		if (inlined.schema_version == context.table_schema_version) {
			return inlined.table_name;
		}
	}
	InlinedTableRecord record;
	record.table_id = table_id;
	record.schema_version = context.table_schema_version;
	record.table_name =
	    "ducklake_inlined_data_" + std::to_string(table_id) + "_" + std::to_string(context.table_schema_version);
	context.write.CreateInlinedTable(record, table.Record().columns, context.names);
	inlined_tables.push_back(record);
	return record.table_name;
}

void TableDataCommit::WriteInlinedRows(TableStatsRecord &stats, TableStatsMerge &merge, int64_t real_row_start) {
	if (!changes.inlined_rows || changes.inlined_rows->Count() == 0) {
		return;
	}
	auto &source = *changes.inlined_rows;
	auto column_count = source.ColumnCount() - 2;
	duckdb::vector<LogicalType> types {LogicalType::BIGINT, LogicalType::BIGINT, LogicalType::BIGINT};
	for (duckdb::idx_t col = 0; col < column_count; col++) {
		types.push_back(source.Types()[col]);
	}
	ColumnDataCollection rows(duckdb::Allocator::DefaultAllocator(), types);
	DataChunk out;
	out.Initialize(duckdb::Allocator::DefaultAllocator(), types);
	for (auto &chunk : source.Chunks()) {
		out.Reset();
		auto provisional = duckdb::FlatVector::GetData<int64_t>(chunk.data[column_count]);
		auto row_ids = duckdb::FlatVector::GetData<int64_t>(out.data[0]);
		for (duckdb::idx_t row = 0; row < chunk.size(); row++) {
			// committed ids (rows an UPDATE rewrote keep theirs) stay; provisional ones become real
			auto id = provisional[row];
			row_ids[row] = IsLocalRowId(id) ? real_row_start + (id - kLocalRowIdBase) : id;
		}
		out.data[1].Reference(duckdb::Value::BIGINT(context.snapshot_id));
		out.data[2].Reference(duckdb::Value(LogicalType::BIGINT));
		for (duckdb::idx_t col = 0; col < column_count; col++) {
			out.data[3 + col].Reference(chunk.data[col]);
		}
		out.SetCardinality(chunk.size());
		rows.Append(out);
	}
	context.write.AppendInlinedRows(InlinedTableName(), rows);
	merge.AddColumnStats(InlinedRowsColumnStats(table.Record().columns, source));
	stats.record_count += int64_t(rows.Count());
	context.change_set.AddId("inlined_insert", table_id);
}

int64_t TableDataCommit::EndInlinedRows(const std::set<int64_t> &row_ids) {
	if (!inlined_tables_loaded) {
		inlined_tables = context.write.GetInlinedTables(table_id);
		inlined_tables_loaded = true;
	}
	// the version each row had at the transaction's snapshot: a version another transaction ended (deleted, or
	// rewrote by an UPDATE) since then, or moved to a file by a flush, is a conflict
	std::vector<int64_t> ids(row_ids.begin(), row_ids.end());
	int64_t ended = 0;
	for (auto &inlined : inlined_tables) {
		ended += context.write.EndInlinedRows(inlined.table_name, context.names, ids, context.snapshot_id,
		                                      context.base_snapshot_id);
	}
	if (ended != int64_t(ids.size())) {
		Conflict("rows this transaction deletes were already deleted, updated or flushed");
	}
	return ended;
}

int64_t TableDataCommit::DeleteFlushedRows(const std::set<int64_t> &row_ids) {
	std::vector<InlinedDeleteRecord> deletes;
	std::vector<int64_t> wanted(row_ids.begin(), row_ids.end());
	for (auto &file : flush->files) {
		std::set<int64_t> gone(file.deleted_positions.begin(), file.deleted_positions.end());
		auto record = [&](int64_t row_id, int64_t position) {
			if (!gone.count(position) && row_ids.count(row_id)) {
				deletes.push_back(InlinedDeleteRecord {file.data_file_id, position});
			}
		};
		if (!file.embedded_row_ids) {
			for (auto row_id : wanted) {
				if (row_id >= file.min_row_id && row_id < file.min_row_id + file.file.record_count) {
					record(row_id, row_id - file.min_row_id);
				}
			}
			continue;
		}
		for (auto &match : ReadPositionsOfRowIds(table.ParentCatalog().GetDatabase(), StoredFileOf(file.file), wanted)) {
			record(match.first, match.second);
		}
	}
	if (deletes.size() != row_ids.size()) {
		Conflict("rows this transaction deletes were already deleted or updated");
	}
	context.write.AppendInlinedDeletes(table_id, deletes, context.snapshot_id);
	return int64_t(deletes.size());
}

int64_t TableDataCommit::DeleteFilePositions(const std::set<int64_t> &provisional_ids) {
	std::vector<InlinedDeleteRecord> deletes;
	for (auto &entry : changes.file_deletes) {
		deletes.push_back(InlinedDeleteRecord {entry.second.file, entry.second.position});
	}
	for (auto &location : changes.own_file_deletes) {
		if (!emptied_files[size_t(location.first)]) {
			deletes.push_back(InlinedDeleteRecord {new_file_ids[size_t(location.first)], location.second});
		}
	}
	for (auto row_id : provisional_ids) {
		bool matched = false;
		for (size_t i = 0; i < changes.new_files.size() && !matched; i++) {
			auto start = changes.new_file_row_id_starts[i];
			if (!changes.new_file_has_row_ids[i] && row_id >= start && row_id < start + changes.new_files[i].record_count) {
				if (!emptied_files[i]) {
					deletes.push_back(InlinedDeleteRecord {new_file_ids[i], row_id - start});
				}
				matched = true;
			}
		}
		if (!matched) {
			throw duckdb::InternalException("DuckLake commit: a deleted row of the transaction has no file");
		}
	}
	if (deletes.empty()) {
		return 0;
	}
	if (!context.write.FindInlinedDeletes(table_id, deletes).empty()) {
		Conflict("rows this transaction deletes were already deleted");
	}
	std::set<int64_t> data_files, committed_files;
	for (auto &entry : deletes) {
		data_files.insert(entry.file_id);
	}
	for (auto &entry : changes.file_deletes) {
		committed_files.insert(entry.second.file);
	}
	CheckFilesStillLive(committed_files);
	for (auto data_file_id : data_files) {
		// a delete file written since our snapshot may hold these positions too; a file that is gone (a
		// dropped table's, or one rewritten since) must not take deletions
		if (context.write.DeletesChangedSince(table_id, data_file_id, context.base_snapshot_id, false)) {
			Conflict("rows of a data file this transaction deletes from were deleted");
		}
	}
	context.write.AppendInlinedDeletes(table_id, deletes, context.snapshot_id);
	return int64_t(deletes.size());
}

void TableDataCommit::CheckFilesStillLive(const std::set<int64_t> &data_file_ids) {
	if (data_file_ids.empty()) {
		return;
	}
	std::set<int64_t> live;
	for (auto &file : context.write.GetLiveDataFiles(table_id)) {
		live.insert(file.data_file_id);
	}
	for (auto id : data_file_ids) {
		if (!live.count(id)) {
			Conflict("a data file this transaction deletes from was compacted, rewritten or dropped, or every row of it was deleted");
		}
	}
}

void TableDataCommit::WriteDeleteFiles(TableStatsRecord &stats) {
	std::set<int64_t> committed_files;
	for (auto &entry : changes.delete_files) {
		committed_files.insert(entry.second.data_file_id);
	}
	CheckFilesStillLive(committed_files);
	std::vector<int64_t> ended_files;
	for (auto &entry : changes.delete_files) {
		auto &local = entry.second;
		if (context.write.DeletesChangedSince(table_id, local.data_file_id, context.base_snapshot_id)) {
			Conflict("rows of a data file this transaction deletes from were deleted");
		}
		stats.record_count = std::max<int64_t>(0, stats.record_count - local.newly_deleted);
		context.change_set.AddId("deleted_from_table", table_id);
		if (local.ends_data_file) {
			ended_files.push_back(local.data_file_id);
			stats.file_size_bytes = std::max<int64_t>(0, stats.file_size_bytes - local.data_file_size_bytes);
			continue;
		}
		DeleteFileRecord record;
		record.delete_file_id = next_file_id++;
		record.table_id = table_id;
		record.begin_snapshot = context.snapshot_id;
		record.data_file_id = local.data_file_id;
		record.path = local.file.file_name;
		record.path_is_relative = true;
		record.delete_count = int64_t(local.positions.size());
		record.file_size_bytes = local.file.file_size_bytes;
		record.footer_size = local.file.footer_size;
		record.format = local.file.format;
		record.encryption_key = local.file.encryption_key;
		context.write.InsertDeleteFile(record);
	}
	if (!ended_files.empty()) {
		context.write.EndDataFiles(table_id, ended_files, context.snapshot_id);
	}
}

void TableDataCommit::WriteDeletes(TableStatsRecord &stats) {
	WriteDeleteFiles(stats);
	if (!changes.HasDeletes()) {
		return;
	}
	std::set<int64_t> committed, provisional;
	for (auto row_id : changes.deleted_row_ids) {
		(IsLocalRowId(row_id) ? provisional : committed).insert(row_id);
	}
	int64_t deleted = 0;
	if (!committed.empty()) {
		if (is_new_table) {
			throw duckdb::InternalException("DuckLake commit: committed rows deleted from a new table");
		}
		deleted += flush ? DeleteFlushedRows(committed) : EndInlinedRows(committed);
		context.change_set.AddId("inlined_delete", table_id);
	}
	auto positions = DeleteFilePositions(provisional);
	if (positions > 0) {
		deleted += positions;
		context.change_set.AddId("inlined_delete", table_id);
	}
	stats.record_count = std::max<int64_t>(0, stats.record_count - deleted);
}

} // namespace inlake

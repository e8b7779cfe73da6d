#include "maintenance/inlined_flush.hpp"

#include "catalog/lake_catalog.hpp"
#include "common/lake_paths.hpp"
#include "maintenance/file_deletes.hpp"
#include "maintenance/parallel_flush.hpp"
#include "read/delete_file_loader.hpp"
#include "transaction/lake_transaction.hpp"
#include "write/partitioned_file_writer.hpp"

#include "duckdb/common/file_system.hpp"
#include "duckdb/common/vector_operations/vector_operations.hpp"
#include "duckdb/main/client_context.hpp"

#include <algorithm>
#include <functional>
#include <map>
#include <set>

namespace inlake {
using namespace duckdb; // NOLINT

namespace {

//! Per flushed row: what the data file records and what its partial delete file needs.
struct FlushedRow {
	int64_t row_id;
	int64_t begin_snapshot;
	int64_t end_snapshot; // -1: live
};

class InsertFlusher {
public:
	InsertFlusher(ClientContext &context, LakeTransaction &transaction, LakeTableEntry &table)
	    : context(context), transaction(transaction), table(table) {
	}

	void Flush(TableFlush &flush) {
		auto &store = transaction.GetCatalog().Store();
		// the latest list: an inlined table a concurrent ALTER's first insert made after this transaction's snapshot
		// holds no row of that snapshot, and is neither flushed nor superseded (dropping it lost those rows)
		auto inlined_tables = store.LoadInlinedTables(table.TableId());
		auto schema_version = table.Record().schema_version;
		inlined_tables.erase(std::remove_if(inlined_tables.begin(), inlined_tables.end(),
		                                    [&](const InlinedTableRecord &inlined) {
			                                    return inlined.schema_version > schema_version;
		                                    }),
		                     inlined_tables.end());
		std::vector<std::vector<LakeColumn>> stored_columns;
		for (auto &inlined : inlined_tables) {
			stored_columns.push_back(transaction.InlinedTableColumns(table, inlined));
		}
		file_columns = FileColumns(stored_columns);
		std::vector<InlinedSource> sources;
		for (size_t i = 0; i < inlined_tables.size(); i++) {
			auto &inlined = inlined_tables[i];
			sources.push_back(InlinedSourceOf(inlined.table_name, stored_columns[i], file_columns));
			flush.inlined_tables.push_back(inlined.table_name);
			if (inlined.schema_version < schema_version) {
				flush.superseded_tables.push_back(inlined);
			}
		}
		// a sort order set with ALTER TABLE ... SET SORTED BY orders the flushed rows
		std::vector<std::string> order_by;
		for (auto &key : table.Record().sort_keys) {
			order_by.push_back(key.expression + " " + key.direction + " " +
			                   (key.null_order == "NULLS_FIRST" ? "NULLS FIRST" : "NULLS LAST"));
		}
		// a partitioned table's rows go to one file per partition value: the streaming writer splits them
		bool partitioned = table.Record().partition.IsPartitioned();
		if (partitioned || !TryParallelFlush(context, transaction, table, file_columns, sources, order_by, flush)) {
			StreamFlush(flush, sources, order_by);
		}
		KeepCurrentColumnStats(flush);
	}

private:
	//! The columns of the written files: the table's, then the columns older schema versions of its inlined rows
	//! had and the table has dropped since (time travel to those versions reads them from the files, by field
	//! id), under names of their own when the table has reused theirs.
	std::vector<LakeColumn> FileColumns(const std::vector<std::vector<LakeColumn>> &stored_columns) {
		auto result = table.Record().columns;
		std::set<int64_t> ids;
		std::set<std::string> names;
		for (auto &column : result) {
			ids.insert(column.column_id);
			names.insert(StringUtil::Lower(column.name));
		}
		// the newest schema version first: a dropped column gets the last type it had (types only widen)
		for (auto columns = stored_columns.rbegin(); columns != stored_columns.rend(); ++columns) {
			for (auto &column : *columns) {
				if (!ids.insert(column.column_id).second) {
					for (auto &kept : result) {
						if (kept.column_id == column.column_id) {
							KeepDroppedFields(kept, column);
						}
					}
					continue;
				}
				// keeping its initial default: rows stored before the column was added read it at the versions
				// that had the column
				auto dropped = column;
				if (!names.insert(StringUtil::Lower(dropped.name)).second) {
					dropped.name = "_ducklake_dropped_column_" + std::to_string(column.column_id);
					names.insert(dropped.name);
				}
				result.push_back(std::move(dropped));
			}
		}
		return result;
	}

	//! The same for nested fields: the STRUCT fields `old` (a stored version of the column) had and `column` has
	//! not (dropped since) are added to it, at every nesting level, so that time travel reads them by field id.
	static void KeepDroppedFields(LakeColumn &column, const LakeColumn &old) {
		if (column.type.id() != old.type.id() || !column.type.IsNested()) {
			return;
		}
		bool is_struct = column.type.id() == LogicalTypeId::STRUCT;
		std::set<std::string> names;
		for (auto &child : column.children) {
			names.insert(StringUtil::Lower(child.name));
		}
		for (auto &old_child : old.children) {
			bool kept = false;
			for (auto &child : column.children) {
				if (child.column_id == old_child.column_id) {
					KeepDroppedFields(child, old_child);
					kept = true;
				}
			}
			if (kept || !is_struct) {
				continue;
			}
			auto dropped = old_child;
			if (!names.insert(StringUtil::Lower(dropped.name)).second) {
				dropped.name = "_ducklake_dropped_column_" + std::to_string(old_child.column_id);
				names.insert(dropped.name);
			}
			column.children.push_back(std::move(dropped));
		}
		RebuildNestedType(column);
	}

	//! The catalog keeps the statistics of the table's current columns only.
	void KeepCurrentColumnStats(TableFlush &flush) {
		std::set<int64_t> current;
		std::function<void(const std::vector<LakeColumn> &)> collect = [&](const std::vector<LakeColumn> &columns) {
			for (auto &column : columns) {
				current.insert(column.column_id);
				collect(column.children);
			}
		};
		collect(table.Record().columns);
		for (auto &flushed : flush.files) {
			auto &stats = flushed.file.column_stats;
			stats.erase(std::remove_if(stats.begin(), stats.end(),
			                           [&](const WrittenColumnStats &column) { return !current.count(column.column_id); }),
			            stats.end());
		}
	}

	//! The streaming flush: rows come from the catalog query into one ParquetFileWriter, which splits files.
	void StreamFlush(TableFlush &flush, const std::vector<InlinedSource> &sources,
	                 const std::vector<std::string> &order_by) {
		auto &store = transaction.GetCatalog().Store();
		auto names = InlinedColumnNames::ForFormat(transaction.GetCatalog().FormatVersion());
		auto snapshot_id = transaction.Snapshot().snapshot_id;
		auto options = transaction.WriteOptionsFor(table);
		options.write_row_id_and_snapshot = true;
		options.columns = file_columns;
		PartitionedFileWriter writer(context, std::move(options));
		auto column_count = file_columns.size();
		vector<LogicalType> types;
		for (auto &column : file_columns) {
			types.push_back(column.type);
		}
		types.push_back(LogicalType::BIGINT);
		types.push_back(LogicalType::BIGINT);
		DataChunk out;
		out.Initialize(context, types);
		store.StreamInlinedRows(sources, names, snapshot_id, order_by, [&](DataChunk &chunk) {
			out.Reset();
			for (idx_t col = 0; col < column_count + 2; col++) {
				if (chunk.data[col].GetType() == out.data[col].GetType()) {
					out.data[col].Reference(chunk.data[col]);
				} else {
					// a source whose columns the catalog does not know (a catalog without the table's
					// schema-version rows: InlinedTableColumns falls back to the current ones) comes as stored:
					// widen it here
					VectorOperations::DefaultCast(chunk.data[col], out.data[col], chunk.size());
				}
			}
			out.SetCardinality(chunk.size());
			partition_of_row.clear();
			writer.Append(out, &partition_of_row);
			Remember(chunk, column_count);
		});
		auto files = writer.Finish();
		if (transaction.GetCatalog().FormatVersion() != "1.0") {
			for (auto &file : files) {
				file.row_group_count = ReadRowGroupCount(*context.db, StoredFileOf(file));
			}
		}
		// the files of partition p hold p's rows in the order they came
		size_t next_file = 0;
		int64_t flushed_rows = 0;
		auto &files_per_partition = writer.FilesPerPartition();
		for (size_t partition = 0; partition < files_per_partition.size(); partition++) {
			size_t offset = 0;
			for (size_t i = 0; i < files_per_partition[partition]; i++) {
				auto &file = files[next_file++];
				flush.files.push_back(Describe(file, rows[partition], offset, flush.deletion_vectors));
				offset += size_t(file.record_count);
			}
			flushed_rows += int64_t(offset);
		}
		flush.rows_flushed = flushed_rows;
	}

	void Remember(DataChunk &chunk, idx_t column_count) {
		auto row_ids = FlatVector::GetData<int64_t>(chunk.data[column_count]);
		auto begins = FlatVector::GetData<int64_t>(chunk.data[column_count + 1]);
		UnifiedVectorFormat ends;
		chunk.data[column_count + 2].ToUnifiedFormat(chunk.size(), ends);
		auto end_data = UnifiedVectorFormat::GetData<int64_t>(ends);
		for (idx_t row = 0; row < chunk.size(); row++) {
			auto end_index = ends.sel->get_index(row);
			auto partition = partition_of_row[row];
			if (partition >= rows.size()) {
				rows.resize(partition + 1);
			}
			rows[partition].push_back(
			    FlushedRow {row_ids[row], begins[row], ends.validity.RowIsValid(end_index) ? end_data[end_index] : -1});
		}
	}

	FlushedDataFile Describe(const WrittenDataFile &file, const std::vector<FlushedRow> &rows, size_t offset,
	                         bool deletion_vectors) {
		FlushedDataFile result;
		result.file = file;
		result.min_row_id = rows[offset].row_id;
		result.min_snapshot = rows[offset].begin_snapshot;
		result.max_snapshot = rows[offset].begin_snapshot;
		std::vector<int64_t> positions, snapshots;
		for (size_t i = 0; i < size_t(file.record_count); i++) {
			auto &row = rows[offset + i];
			result.min_row_id = std::min(result.min_row_id, row.row_id);
			result.min_snapshot = std::min(result.min_snapshot, row.begin_snapshot);
			result.max_snapshot = std::max(result.max_snapshot, row.begin_snapshot);
			if (row.end_snapshot >= 0) {
				positions.push_back(int64_t(i));
				snapshots.push_back(row.end_snapshot);
			}
		}
		if (!positions.empty()) {
			result.delete_file =
			    WriteDeleteFile(context, transaction.TableWritePath(table), file.path, positions, snapshots,
			                    deletion_vectors, transaction.GetCatalog().Encrypted());
			result.delete_count = int64_t(positions.size());
			result.deleted_positions = positions;
			result.min_delete_snapshot = *std::min_element(snapshots.begin(), snapshots.end());
			result.max_delete_snapshot = *std::max_element(snapshots.begin(), snapshots.end());
		}
		return result;
	}

	ClientContext &context;
	LakeTransaction &transaction;
	LakeTableEntry &table;
	std::vector<LakeColumn> file_columns;
	//! The flushed rows of each partition (one for an unpartitioned table), in the order they were written
	std::vector<std::vector<FlushedRow>> rows;
	std::vector<size_t> partition_of_row;
};

void FlushDeletes(ClientContext &context, LakeTransaction &transaction, LakeTableEntry &table, TableFlush &flush) {
	auto &store = transaction.GetCatalog().Store();
	auto entries = store.LoadInlinedDeleteEntries(table.TableId(), transaction.Snapshot().snapshot_id);
	if (entries.empty()) {
		return;
	}
	auto table_path = transaction.TableWritePath(table);
	std::map<int64_t, const DataFileRecord *> files;
	for (auto &file : transaction.CommittedFiles(table)) {
		files[file.data_file_id] = &file;
	}
	std::map<int64_t, std::map<int64_t, int64_t>> by_file;
	for (auto &entry : entries) {
		by_file[entry.file_id][entry.position] = entry.snapshot_id;
	}
	for (auto &entry : by_file) {
		auto file = files.find(entry.first);
		if (file == files.end()) {
			continue; // the data file is gone (dropped or rewritten): its deletions no longer matter
		}
		auto merged = DeleteFileDeletes(context, transaction, *file->second, table_path);
		for (auto &position : entry.second) {
			MergeEarliestDelete(merged, position.first, position.second);
		}
		std::vector<int64_t> positions, snapshots;
		for (auto &position : merged) {
			positions.push_back(position.first);
			snapshots.push_back(position.second);
		}
		auto &data_file = *file->second;
		auto data_path = ResolveLakePath(table_path, data_file.path, data_file.path_is_relative);
		FlushedDeletes deletes;
		deletes.data_file_id = entry.first;
		deletes.delete_file =
		    WriteDeleteFile(context, table_path, data_path, positions, snapshots, flush.deletion_vectors,
		                    transaction.GetCatalog().Encrypted());
		deletes.delete_count = int64_t(positions.size());
		deletes.min_snapshot = *std::min_element(snapshots.begin(), snapshots.end());
		deletes.max_snapshot = *std::max_element(snapshots.begin(), snapshots.end());
		flush.deletes.push_back(std::move(deletes));
	}
}

//! Removes the files a flush that failed midway already wrote (nothing references them).
void RemoveWrittenFiles(ClientContext &context, const TableFlush &flush) {
	auto &fs = FileSystem::GetFileSystem(context);
	for (auto &path : flush.WrittenPaths()) {
		fs.TryRemoveFile(path);
	}
}

} // namespace

void DiscardFlushes(ClientContext &context, LakeTransaction &transaction) {
	for (auto &flush : transaction.changes.flushes) {
		RemoveWrittenFiles(context, flush);
	}
	transaction.changes.flushes.clear();
}

int64_t FlushTable(ClientContext &context, LakeTransaction &transaction, LakeTableEntry &table,
                   int write_deletion_vectors) {
	transaction.CheckWritable("flush inlined data");
	for (auto &pending : transaction.changes.flushes) {
		if (pending.table_id == table.TableId()) {
			return 0; // already flushed by this transaction
		}
	}
	// Inserts of this transaction simply commit after the flushed rows; its deletes could hit rows the flush
	// moves, so a table this transaction deleted from (or altered) must be committed first.
	auto local = transaction.changes.table_changes.find(table.TableId());
	bool deleted = local != transaction.changes.table_changes.end() && local->second.HasDeletes();
	if (deleted || transaction.changes.altered_tables.count(table.TableId())) {
		throw duckdb::InvalidInputException("Cannot flush table \"%s\": this transaction has uncommitted changes to "
		                                    "it (deletes or ALTER); commit them first",
		                                    table.name);
	}
	TableFlush flush;
	flush.table_id = table.TableId();
	if (write_deletion_vectors > 0 && transaction.GetCatalog().Encrypted()) {
		throw duckdb::InvalidInputException("Cannot flush table \"%s\" with write_deletion_vectors => true: the lake "
		                                    "is encrypted, and deletion vectors (Puffin files) cannot be encrypted",
		                                    table.name);
	}
	flush.deletion_vectors = write_deletion_vectors >= 0 ? write_deletion_vectors > 0
	                                                     : transaction.WriteDeletionVectors(table);
	try {
		InsertFlusher(context, transaction, table).Flush(flush);
		FlushDeletes(context, transaction, table, flush);
	} catch (...) {
		RemoveWrittenFiles(context, flush);
		throw;
	}
	auto rows = flush.rows_flushed;
	if (!flush.files.empty() || !flush.deletes.empty()) {
		transaction.AddFlush(std::move(flush));
	}
	return rows;
}

} // namespace inlake

// LakeTransaction, part 3: the rows a transaction writes: files, inlined rows, deletions
// (inlined or as delete files), flushes.
#include "transaction/lake_transaction.hpp"

#include "common/lake_paths.hpp"

#include "catalog/lake_schema_entry.hpp"
#include "catalog/option_registry.hpp"
#include "catalog/table_columns.hpp"
#include "catalog/table_options_clause.hpp"
#include "read/delete_file_loader.hpp"
#include "transaction/table_alter.hpp"

#include "duckdb/execution/expression_executor.hpp"
#include "duckdb/parser/parsed_data/alter_table_info.hpp"
#include "duckdb/parser/parser.hpp"
#include "duckdb/parser/expression/constant_expression.hpp"
#include "write/inlining_policy.hpp"
#include "transaction/lake_commit.hpp"

#include "duckdb/common/file_system.hpp"

#include <algorithm>
#include "duckdb/common/types/uuid.hpp"
#include "duckdb/main/client_context.hpp"
#include "duckdb/parser/parsed_data/create_schema_info.hpp"
#include "duckdb/planner/parsed_data/bound_create_table_info.hpp"
#include "duckdb/planner/tableref/bound_at_clause.hpp"

namespace inlake {
using duckdb::CatalogException;

// --- data ---------------------------------------------------------------------


std::string LakeTransaction::TableDataPath(LakeTableEntry &table) {
	auto &schema = table.ParentSchema().Cast<LakeSchemaEntry>();
	auto schema_path = ResolveLakePath(catalog.DataPath(), schema.Record().path, schema.Record().path_is_relative);
	return ResolveLakePath(schema_path, table.Record().path, table.Record().path_is_relative);
}

std::string LakeTransaction::TableWritePath(LakeTableEntry &table) {
	CheckWritable("write data files");
	return catalog.CheckedWriteFolder(TableDataPath(table));
}

void LakeTransaction::AppendFiles(LakeTableEntry &table, std::vector<WrittenDataFile> files, bool embedded_row_ids) {
	CheckWritable("insert");
	auto &table_changes = changes.table_changes[table.TableId()];
	for (auto &file : files) {
		if (catalog.FormatVersion() != "1.0") {
			file.row_group_count = ReadRowGroupCount(*context.db, StoredFileOf(file));
		}
		table_changes.new_file_has_row_ids.push_back(embedded_row_ids);
		if (embedded_row_ids) {
			// the rows keep committed ids: the file's row_id_start is just the smallest (for other readers)
			table_changes.new_file_row_id_starts.push_back(
			    file.min_row_id >= 0 ? file.min_row_id : ReadMinRowId(*context.db, StoredFileOf(file)));
		} else {
			table_changes.new_file_row_id_starts.push_back(kLocalRowIdBase + table_changes.new_row_count);
			table_changes.new_row_count += file.record_count;
		}
		table_changes.new_files.push_back(std::move(file));
		table_changes.new_file_added.push_back(nullptr);
	}
}

void LakeTransaction::AppendInlinedRows(LakeTableEntry &table, duckdb::ColumnDataCollection &rows,
                                        bool rows_carry_ids) {
	CheckWritable("insert");
	auto &table_changes = changes.table_changes[table.TableId()];
	auto column_count = rows.ColumnCount() - (rows_carry_ids ? 1 : 0);
	if (!table_changes.inlined_rows) {
		auto types = rows.Types();
		types.resize(column_count);
		types.push_back(duckdb::LogicalType::BIGINT); // row id (provisional or kept)
		types.push_back(duckdb::LogicalType::BIGINT); // snapshot id (NULL until commit)
		table_changes.inlined_rows =
		    std::make_shared<duckdb::ColumnDataCollection>(duckdb::Allocator::DefaultAllocator(), types);
	}
	auto &target = *table_changes.inlined_rows;
	duckdb::DataChunk out;
	out.Initialize(duckdb::Allocator::DefaultAllocator(), target.Types());
	for (auto &chunk : rows.Chunks()) {
		out.Reset();
		for (duckdb::idx_t col = 0; col < column_count; col++) {
			out.data[col].Reference(chunk.data[col]);
		}
		if (rows_carry_ids) {
			out.data[column_count].Reference(chunk.data[column_count]);
		} else {
			auto row_ids = duckdb::FlatVector::GetData<int64_t>(out.data[column_count]);
			for (duckdb::idx_t row = 0; row < chunk.size(); row++) {
				row_ids[row] = kLocalRowIdBase + table_changes.new_row_count++;
			}
		}
		auto &snapshot_ids = out.data[column_count + 1];
		snapshot_ids.SetVectorType(duckdb::VectorType::CONSTANT_VECTOR);
		duckdb::ConstantVector::SetNull(snapshot_ids, true);
		out.SetCardinality(chunk.size());
		target.Append(out);
	}
}

//! Whether `new_deletions` more deleted rows may delete the last rows of a committed file.
static bool MayDeleteLastRows(const LocalTableChanges &table_changes, const DataFileRecord &file,
                              size_t new_deletions) {
	// deleted before (committed delete file and inlined deletions, this transaction's inlined ones) + now; an
	// upper bound (a position counted twice only sends the deletion to a delete file)
	auto deleted = file.delete_file.delete_count + int64_t(file.deleted_positions.size()) + int64_t(new_deletions);
	if (deleted + int64_t(table_changes.file_deletes.size()) < file.record_count) {
		return false; // the common case, without a pass over this transaction's inlined deletions
	}
	for (auto &entry : table_changes.file_deletes) {
		deleted += entry.second.file == file.data_file_id ? 1 : 0;
	}
	return deleted >= file.record_count;
}

// A row id names one row for its whole life: an UPDATE ends the old version and writes the new one with the same
// id, so older versions of a row may sit in data files (deleted) or inlined tables (ended). At the transaction's
// snapshot exactly one version of each row id is live, and that is the one a DELETE or UPDATE means: in a data
// file, the position that is not deleted yet.
void LakeTransaction::DeleteRows(LakeTableEntry &table, const std::vector<int64_t> &row_ids) {
	CheckWritable("delete");
	if (row_ids.empty()) {
		return; // nothing deleted: no change, no snapshot
	}
	auto &table_changes = changes.table_changes[table.TableId()];
	PendingRowIds deleted(row_ids);
	if (table_changes.inlined_rows) {
		RemoveInlinedRows(table_changes, deleted);
	}
	LocateInOwnRowIdFiles(table_changes, deleted);
	if (!IsLocalId(table.TableId())) {
		std::map<int64_t, std::vector<RowLocation>> found;
		std::map<int64_t, std::vector<int64_t>> found_ids;
		LocateInCommittedFiles(table, table_changes, deleted, found, found_ids);
		// Per data file: more deleted rows in this statement than the inlining limit go to a delete file, and so
		// do all later deletions of a file the transaction already wrote a delete file for (one per data file).
		// Files holding rows of several snapshots (partial_max: written by a flush, a merge or an UPDATE) too: a
		// delete file names positions, whatever snapshot each row came from. A small deletion that may remove the
		// last rows of a file goes that way too, so that the file ends (WriteDeleteFile) instead of staying live
		// with every row deleted.
		auto limit = InliningRowLimit(table);
		for (auto &file : CommittedFiles(table)) {
			auto locations = found.find(file.data_file_id);
			if (locations == found.end()) {
				continue;
			}
			bool has_delete_file = table_changes.delete_files.count(file.data_file_id) > 0;
			if (int64_t(locations->second.size()) > limit || has_delete_file ||
			    MayDeleteLastRows(table_changes, file, locations->second.size())) {
				std::vector<int64_t> positions;
				for (auto &location : locations->second) {
					positions.push_back(location.position);
				}
				WriteDeleteFile(table, table_changes, file, positions);
				continue;
			}
			auto &ids = found_ids[file.data_file_id];
			for (size_t i = 0; i < ids.size(); i++) {
				table_changes.file_deletes[ids[i]] = locations->second[i];
			}
		}
	}
	// what is left: committed inlined rows, and rows of this transaction's own files with provisional ids
	auto remaining = deleted.Remaining();
	table_changes.deleted_row_ids.insert(remaining.begin(), remaining.end());
}

void LakeTransaction::DeleteRows(LakeTableEntry &table, RowIdSet &row_ids) {
	CheckWritable("delete");
	auto limit = InliningRowLimit(table);
	// (no file of more rows than the limit is covered by fewer ids)
	if (!IsLocalId(table.TableId()) && int64_t(row_ids.Count()) > limit) {
		auto &table_changes = changes.table_changes[table.TableId()];
		std::set<int64_t> files_with_deletes;
		for (auto &entry : table_changes.file_deletes) {
			files_with_deletes.insert(entry.second.file);
		}
		for (auto &file : CommittedFiles(table)) {
			bool whole_file_candidate = file.partial_max < 0 && file.record_count > limit &&
			                            file.delete_file.delete_file_id < 0 && file.deleted_positions.empty() &&
			                            !table_changes.delete_files.count(file.data_file_id) &&
			                            !files_with_deletes.count(file.data_file_id);
			auto end = file.row_id_start + file.record_count;
			if (!whole_file_candidate || row_ids.CountInRange(file.row_id_start, end) != duckdb::idx_t(file.record_count)) {
				continue;
			}
			LocalDeleteFile local;
			local.data_file_id = file.data_file_id;
			local.ends_data_file = true;
			local.data_file_size_bytes = file.file_size_bytes;
			local.newly_deleted = file.record_count;
			table_changes.delete_files[file.data_file_id] = std::move(local);
			row_ids.EraseRange(file.row_id_start, end);
		}
	}
	DeleteRows(table, row_ids.Sorted());
}

const std::vector<DataFileRecord> &LakeTransaction::CommittedFiles(LakeTableEntry &table) {
	auto entry = committed_files.find(table.TableId());
	if (entry == committed_files.end()) {
		auto files = catalog.Store().LoadDataFiles(table.TableId(), Snapshot().snapshot_id);
		std::sort(files.begin(), files.end(),
		          [](const DataFileRecord &a, const DataFileRecord &b) { return a.row_id_start < b.row_id_start; });
		entry = committed_files.emplace(table.TableId(), std::move(files)).first;
	}
	return entry->second;
}

std::vector<int64_t> LakeTransaction::CommittedDeletedPositions(const DataFileRecord &file,
                                                                const std::string &table_path, int64_t snapshot_id) {
	auto positions = file.deleted_positions;
	auto &ref = file.delete_file;
	if (ref.delete_file_id >= 0) {
		auto path = ResolveLakePath(table_path, ref.path, ref.path_is_relative);
		auto from_file = ReadDeleteFilePositions(*context.db, path, ref, snapshot_id);
		positions.insert(positions.end(), from_file.begin(), from_file.end());
		std::sort(positions.begin(), positions.end());
		positions.erase(std::unique(positions.begin(), positions.end()), positions.end());
	}
	return positions;
}

void LakeTransaction::WriteDeleteFile(LakeTableEntry &table, LocalTableChanges &table_changes,
                                      const DataFileRecord &file, const std::vector<int64_t> &new_positions) {
	auto table_path = TableWritePath(table);
	auto existing = table_changes.delete_files.find(file.data_file_id);
	std::vector<int64_t> all;
	if (existing != table_changes.delete_files.end()) {
		all = existing->second.positions;
	} else {
		all = CommittedDeletedPositions(file, table_path, Snapshot().snapshot_id);
	}
	// Inlined deletions of this transaction on the same file move into the delete file.
	int64_t moved = 0;
	for (auto it = table_changes.file_deletes.begin(); it != table_changes.file_deletes.end();) {
		if (it->second.file == file.data_file_id) {
			all.push_back(it->second.position);
			moved++;
			it = table_changes.file_deletes.erase(it);
		} else {
			++it;
		}
	}
	auto sort_unique = [](std::vector<int64_t> &positions) {
		if (!std::is_sorted(positions.begin(), positions.end())) { // mostly they are: a pass instead of a sort
			std::sort(positions.begin(), positions.end());
		}
		positions.erase(std::unique(positions.begin(), positions.end()), positions.end());
	};
	sort_unique(all);
	auto before = int64_t(all.size());
	all.insert(all.end(), new_positions.begin(), new_positions.end());
	sort_unique(all);
	LocalDeleteFile local;
	local.data_file_id = file.data_file_id;
	local.positions = std::move(all);
	local.newly_deleted = (existing != table_changes.delete_files.end() ? existing->second.newly_deleted : 0) +
	                      int64_t(local.positions.size()) - before + moved;
	// Every row of the file deleted (an UPDATE or DELETE of the whole file): the commit ends the data file, no
	// delete file is written.
	local.ends_data_file = int64_t(local.positions.size()) == file.record_count;
	local.data_file_size_bytes = file.file_size_bytes;
	if (local.ends_data_file) {
		local.positions = {};
	} else {
		local.file =
		    inlake::WriteDeleteFile(context, table_path, ResolveLakePath(table_path, file.path, file.path_is_relative),
		                            local.positions, {}, WriteDeletionVectors(table), catalog.Encrypted());
	}
	if (existing != table_changes.delete_files.end() && !existing->second.ends_data_file) {
		duckdb::FileSystem::GetFileSystem(context).TryRemoveFile(existing->second.file.path);
	}
	table_changes.delete_files[file.data_file_id] = std::move(local);
}

void LakeTransaction::RemoveInlinedRows(LocalTableChanges &table_changes, PendingRowIds &row_ids) {
	auto &old_rows = *table_changes.inlined_rows;
	auto row_id_column = old_rows.ColumnCount() - 2;
	auto kept = std::make_shared<duckdb::ColumnDataCollection>(duckdb::Allocator::DefaultAllocator(), old_rows.Types());
	duckdb::SelectionVector keep(STANDARD_VECTOR_SIZE);
	for (auto &chunk : old_rows.Chunks()) {
		auto ids = duckdb::FlatVector::GetData<int64_t>(chunk.data[row_id_column]);
		duckdb::idx_t kept_count = 0;
		for (duckdb::idx_t row = 0; row < chunk.size(); row++) {
			if (!row_ids.Take(ids[row])) {
				keep.set_index(kept_count++, row);
			}
		}
		if (kept_count == chunk.size()) {
			kept->Append(chunk);
		} else if (kept_count > 0) {
			chunk.Slice(keep, kept_count);
			kept->Append(chunk);
		}
	}
	table_changes.inlined_rows = std::move(kept);
}

void LakeTransaction::AddFlush(TableFlush flush) {
	changes.flushes.push_back(std::move(flush));
}

} // namespace inlake

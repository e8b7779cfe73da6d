// LakeTransaction, part 5: the sources a scan reads (committed files and their deletions,
// inlined tables of every schema version, the transaction's own rows and deletions).
#include "transaction/lake_transaction.hpp"
#include "common/nested_remap.hpp"

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


std::shared_ptr<LakeScanSpec> LakeTransaction::BuildScanSpec(LakeTableEntry &table, int64_t snapshot_id) {
	auto spec = std::make_shared<LakeScanSpec>();
	spec->table = &table;
	spec->table_name = table.name;
	spec->columns = table.Record().columns;
	bool own_view = snapshot_id < 0;
	auto read_snapshot = own_view ? Snapshot().snapshot_id : snapshot_id;
	auto table_path = TableDataPath(table);
	std::shared_ptr<InlinedReadSession> session;
	std::vector<InlinedTableRecord> inlined_tables;
	std::vector<DataFileRecord> committed;
	auto local = own_view ? changes.table_changes.find(table.TableId()) : changes.table_changes.end();
	if (!IsLocalId(table.TableId()) && local == changes.table_changes.end() && DeferFileListing(table, *spec)) {
		// a partitioned table without inlined rows: the files are listed when the scan's filters are known
		auto transaction = this;
		auto table_ptr = &table;
		spec->list_files = [transaction, table_ptr, table_path, read_snapshot](const PartitionListingFilter &filter) {
			auto &store = transaction->catalog.Store();
			auto records = filter.Restricts()
			                   ? store.LoadDataFilesMatching(table_ptr->TableId(), read_snapshot, filter)
			                   : store.LoadDataFiles(table_ptr->TableId(), read_snapshot);
			std::vector<ScanDataFile> files;
			for (auto &file : records) {
				files.push_back(transaction->CommittedScanFile(file, table_path, read_snapshot));
			}
			return files;
		};
		return spec;
	}
	if (!IsLocalId(table.TableId())) {
		// files and inlined rows from one catalog state, even if a flush commits before the scan runs
		auto start = catalog.Store().BeginTableRead(table.TableId(), read_snapshot);
		inlined_tables = std::move(start.inlined_tables);
		committed = std::move(start.files);
		session = std::move(start.session);
		for (auto &file : committed) {
			spec->files.push_back(CommittedScanFile(file, table_path, read_snapshot));
		}
	}
	const LocalTableChanges *local_changes = local == changes.table_changes.end() ? nullptr : &local->second;
	if (session) {
		AddInlinedRowSets(table, read_snapshot, *spec, local_changes, session, inlined_tables);
	}
	if (!local_changes) {
		return spec;
	}
	return AddLocalSources(local->second, spec);
}

bool LakeTransaction::DeferFileListing(LakeTableEntry &table, LakeScanSpec &spec) {
	auto &partitioning = table.Record().partition;
	if (!partitioning.IsPartitioned()) {
		return false;
	}
	// inlined rows are read through a session of the catalog state the files were listed in: list them now
	if (!catalog.Store().LoadInlinedTables(table.TableId()).empty()) {
		return false;
	}
	spec.partitioning = partitioning;
	return true;
}

ScanDataFile LakeTransaction::CommittedScanFile(const DataFileRecord &file, const std::string &table_path,
                                                int64_t read_snapshot) {
	ScanDataFile scan_file;
	scan_file.file_id = file.data_file_id;
	scan_file.path = ResolveLakePath(table_path, file.path, file.path_is_relative);
	scan_file.record_count = file.record_count;
	scan_file.file_size_bytes = file.file_size_bytes;
	scan_file.footer_size = file.footer_size;
	scan_file.encryption_key = file.encryption_key;
	scan_file.row_id_start = file.row_id_start;
	scan_file.has_embedded_row_ids = file.partial_max >= 0;
	scan_file.begin_snapshot = file.begin_snapshot;
	scan_file.name_mapping = file.name_mapping;
	scan_file.partition_values = file.partition_values;
	scan_file.deleted_positions = CommittedDeletedPositions(file, table_path, read_snapshot);
	if (file.partial_max > read_snapshot) {
		// a flushed file holding rows inserted after the snapshot being read
		auto later = ReadRowsAfterSnapshot(*context.db, StoredFileOf(file, scan_file.path), read_snapshot);
		scan_file.deleted_positions.insert(scan_file.deleted_positions.end(), later.begin(), later.end());
		std::sort(scan_file.deleted_positions.begin(), scan_file.deleted_positions.end());
		scan_file.deleted_positions.erase(
		    std::unique(scan_file.deleted_positions.begin(), scan_file.deleted_positions.end()),
		    scan_file.deleted_positions.end());
	}
	for (auto &stats : file.column_stats) {
		ScanColumnStats column;
		column.has_min_max = stats.has_min_max;
		column.min_value = stats.min_value;
		column.max_value = stats.max_value;
		column.contains_null = stats.null_count != 0; // unknown (-1) may contain NULLs
		scan_file.column_stats[stats.column_id] = column;
	}
	return scan_file;
}

std::shared_ptr<LakeScanSpec> LakeTransaction::AddLocalSources(LocalTableChanges &table_changes,
                                                               std::shared_ptr<LakeScanSpec> spec) {
	for (size_t i = 0; i < table_changes.new_files.size(); i++) {
		auto &file = table_changes.new_files[i];
		ScanDataFile scan_file;
		scan_file.path = file.path;
		scan_file.record_count = file.record_count;
		scan_file.file_size_bytes = file.file_size_bytes;
		scan_file.footer_size = file.footer_size;
		scan_file.encryption_key = file.encryption_key;
		scan_file.row_id_start = table_changes.new_file_row_id_starts[i];
		scan_file.has_embedded_row_ids = table_changes.new_file_has_row_ids[i];
		scan_file.begin_snapshot = kUncommittedSnapshot; // its rows' snapshot_id is NULL until the commit
		scan_file.partition_values = file.partition_values;
		if (table_changes.new_file_added.size() > i && table_changes.new_file_added[i]) {
			scan_file.name_mapping = table_changes.new_file_added[i]->mapping;
		}
		for (auto &location : table_changes.own_file_deletes) {
			if (location.first == int64_t(i)) {
				scan_file.deleted_positions.push_back(location.second); // the set is ordered: positions sorted
			}
		}
		spec->files.push_back(std::move(scan_file));
	}
	if (table_changes.inlined_rows) {
		ScanRowSet row_set;
		row_set.name = TRANSACTION_LOCAL_ROWS_NAME;
		row_set.rows = table_changes.inlined_rows;
		spec->row_sets.push_back(std::move(row_set));
	}
	ApplyLocalDeletes(table_changes, *spec);
	return spec;
}

void LakeTransaction::AddInlinedRowSets(LakeTableEntry &table, int64_t snapshot_id, LakeScanSpec &spec,
                                        const LocalTableChanges *table_changes,
                                        std::shared_ptr<InlinedReadSession> session,
                                        const std::vector<InlinedTableRecord> &inlined_tables) {
	auto names = InlinedColumnNames::ForFormat(catalog.FormatVersion());
	std::vector<int64_t> excluded;
	if (table_changes) {
		for (auto row_id : table_changes->deleted_row_ids) {
			if (!IsLocalRowId(row_id)) {
				excluded.push_back(row_id);
			}
		}
	}
	for (auto &inlined : inlined_tables) {
		ScanRowSet row_set;
		row_set.name = inlined.table_name;
		auto source = InlinedSourceFor(table, inlined);
		row_set.estimated_count = 1;
		row_set.statistics = [session, source](duckdb::idx_t column) {
			return session->ColumnStatistics(source, column);
		};
		row_set.loader = [session, source, names, snapshot_id, excluded](const std::vector<ColumnFilter> &filters,
		                                                                 const std::vector<bool> &needed,
		                                                                 bool numbered) {
			auto projected = source;
			for (size_t i = 0; i < projected.columns.size() && i < needed.size(); i++) {
				projected.columns[i].skip = !needed[i];
			}
			auto columns = projected.columns.size();
			projected.read_row_id = needed.size() <= columns || needed[columns];
			projected.read_begin_snapshot = needed.size() <= columns + 1 || needed[columns + 1];
			InlinedRowFilter filter {filters, excluded, numbered};
			return session->ScanInlinedRows(projected, names, snapshot_id, filter);
		};
		spec.row_sets.push_back(std::move(row_set));
	}
}

std::vector<LakeColumn> LakeTransaction::InlinedTableColumns(LakeTableEntry &table, const InlinedTableRecord &inlined) {
	if (inlined.schema_version == table.Record().schema_version) {
		// the columns as committed: a table this transaction altered (it changed the catalog) has columns
		// its inlined table lacks
		auto committed = changes.version == 0 ? nullptr : CatalogSetAt(Snapshot()).GetTableById(table.TableId());
		if (committed && committed->Record().schema_version == inlined.schema_version) {
			return committed->Record().columns;
		}
	} else {
		auto then = catalog.Store().FindTableVersionSnapshot(table.TableId(), inlined.schema_version);
		if (then.exists) {
			auto old_table = CatalogSetAt(then.snapshot).GetTableById(table.TableId());
			if (old_table) {
				return old_table->Record().columns;
			}
		} else if (then.found) {
			// every snapshot of the version expired: the rows expiry kept for it, read once, uncached
			for (auto &old_table : catalog.Store().LoadCatalog(then.snapshot.snapshot_id).tables) {
				if (old_table.table_id == table.TableId()) {
					return old_table.columns;
				}
			}
		}
	}
	return table.Record().columns;
}

InlinedSource InlinedSourceOf(const std::string &inlined_table, const std::vector<LakeColumn> &stored_columns,
                              const std::vector<LakeColumn> &columns) {
	InlinedSource source;
	source.table_name = inlined_table;
	for (auto &column : columns) {
		InlinedColumnSource column_source;
		column_source.target = column;
		for (auto &old : stored_columns) {
			if (old.column_id == column.column_id) {
				column_source.source_name = old.name;
				column_source.source_type = old.type;
				column_source.source = old;
			}
		}
		if (column_source.source_name != column.name || !SameColumnLayout(column_source.source, column)) {
			source.same_schema = false;
		}
		source.columns.push_back(std::move(column_source));
	}
	return source;
}

InlinedSource LakeTransaction::InlinedSourceFor(LakeTableEntry &table, const InlinedTableRecord &inlined) {
	return InlinedSourceOf(inlined.table_name, InlinedTableColumns(table, inlined), table.Record().columns);
}

void LakeTransaction::ApplyLocalDeletes(const LocalTableChanges &table_changes, LakeScanSpec &spec) {
	// a file whose every row the transaction deleted ends at commit: nothing of it to read
	auto ended = [&](const ScanDataFile &file) {
		return file.file_id >= 0 && table_changes.EndsDataFile(file.file_id);
	};
	spec.files.erase(std::remove_if(spec.files.begin(), spec.files.end(), ended), spec.files.end());
	for (auto &file : spec.files) {
		std::vector<int64_t> added;
		if (file.file_id >= 0) {
			auto local_file = table_changes.delete_files.find(file.file_id);
			if (local_file != table_changes.delete_files.end()) {
				file.deleted_positions = local_file->second.positions;
			}
			for (auto &entry : table_changes.file_deletes) {
				if (entry.second.file == file.file_id) {
					added.push_back(entry.second.position);
				}
			}
		} else if (!file.has_embedded_row_ids) {
			// the transaction's own rows with provisional row ids
			auto begin = table_changes.deleted_row_ids.lower_bound(file.row_id_start);
			auto end = table_changes.deleted_row_ids.lower_bound(file.row_id_start + file.record_count);
			for (auto it = begin; it != end; ++it) {
				added.push_back(*it - file.row_id_start);
			}
		}
		if (added.empty()) {
			continue;
		}
		file.deleted_positions.insert(file.deleted_positions.end(), added.begin(), added.end());
		std::sort(file.deleted_positions.begin(), file.deleted_positions.end());
		file.deleted_positions.erase(std::unique(file.deleted_positions.begin(), file.deleted_positions.end()),
		                             file.deleted_positions.end());
	}
}

} // namespace inlake

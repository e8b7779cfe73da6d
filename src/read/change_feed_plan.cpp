#include "read/change_feed_plan.hpp"

#include "catalog/lake_catalog.hpp"
#include "catalog/lake_table_entry.hpp"
#include "common/lake_paths.hpp"
#include "read/delete_file_loader.hpp"
#include "transaction/lake_transaction.hpp"

#include "duckdb/common/vector_operations/vector_operations.hpp"
#include "duckdb/main/client_context.hpp"

#include <algorithm>
#include <map>

namespace inlake {
using namespace duckdb; // NOLINT

int64_t ChangeFeedFile::DeleteSnapshot(int64_t position) const {
	auto found = std::lower_bound(deletes.begin(), deletes.end(), std::make_pair(position, INT64_MIN));
	if (found != deletes.end() && found->first == position) {
		return found->second;
	}
	return default_delete;
}

namespace {

bool InRange(int64_t snapshot, int64_t start, int64_t end) {
	return snapshot >= start && snapshot <= end;
}

class ChangeFeedPlanner {
public:
	ChangeFeedPlanner(ClientContext &context, LakeTransaction &transaction, LakeTableEntry &table, int64_t start,
	                  int64_t end)
	    : context(context), transaction(transaction), table(table), store(transaction.GetCatalog().Store()) {
		plan.start_snapshot = start;
		plan.end_snapshot = end;
		plan.spec = std::make_shared<LakeScanSpec>();
		plan.spec->table_name = table.name;
		plan.spec->columns = table.Record().columns;
	}

	ChangeFeedPlan Plan() {
		if (IsLocalId(table.TableId()) || plan.start_snapshot > plan.end_snapshot) {
			plan.inlined_rows = std::make_shared<ColumnDataCollection>(Allocator::DefaultAllocator(), RowTypes());
			return std::move(plan);
		}
		// inlined rows first: a flush committing meanwhile then shows its rows twice (dropped by the scan)
		ReadInlinedRows();
		auto sources = store.LoadChangeSources(table.TableId(), plan.start_snapshot, plan.end_snapshot);
		std::map<int64_t, std::map<int64_t, int64_t>> inlined_deletes;
		for (auto &entry : sources.inlined_deletes) {
			MergeEarliest(inlined_deletes[entry.file_id], entry.position, entry.snapshot_id);
		}
		plan.compaction_snapshots = sources.compaction_snapshots;
		auto table_path = transaction.TableDataPath(table);
		for (auto &file : sources.files) {
			AddFile(file, sources.delete_files[file.data_file_id], inlined_deletes[file.data_file_id], table_path);
		}
		return std::move(plan);
	}

private:
	vector<LogicalType> RowTypes() const {
		vector<LogicalType> types;
		for (auto &column : plan.spec->columns) {
			types.push_back(column.type);
		}
		types.insert(types.end(), 3, LogicalType::BIGINT);
		return types;
	}

	static void MergeEarliest(std::map<int64_t, int64_t> &deletes, int64_t position, int64_t snapshot) {
		auto entry = deletes.emplace(position, snapshot);
		if (!entry.second && snapshot < entry.first->second) {
			entry.first->second = snapshot;
		}
	}

	void ReadInlinedRows() {
		auto types = RowTypes();
		plan.inlined_rows = std::make_shared<ColumnDataCollection>(Allocator::DefaultAllocator(), types);
		std::vector<InlinedSource> sources;
		for (auto &inlined : store.LoadInlinedTables(table.TableId())) {
			// a later schema version of the table holds rows inserted after the range only
			if (inlined.schema_version <= table.Record().schema_version) {
				sources.push_back(transaction.InlinedSourceFor(table, inlined));
			}
		}
		if (sources.empty()) {
			return;
		}
		auto names = InlinedColumnNames::ForFormat(transaction.GetCatalog().FormatVersion());
		auto column_count = plan.spec->columns.size();
		DataChunk rows;
		rows.Initialize(context, types);
		store.StreamInlinedRows(sources, names, plan.end_snapshot, {}, [&](DataChunk &chunk) {
			rows.Reset();
			for (idx_t col = 0; col < column_count + 2; col++) {
				if (chunk.data[col].GetType() == types[col]) {
					rows.data[col].Reference(chunk.data[col]);
				} else {
					VectorOperations::DefaultCast(chunk.data[col], rows.data[col], chunk.size());
				}
			}
			SelectRows(chunk, rows, column_count);
		});
	}

	//! Keeps the rows of `chunk` inserted or deleted in the range, with their delete snapshot (NULL when not
	//! deleted in the range), in plan.inlined_rows.
	void SelectRows(DataChunk &chunk, DataChunk &rows, idx_t column_count) {
		UnifiedVectorFormat ids, begins, ends;
		chunk.data[column_count].ToUnifiedFormat(chunk.size(), ids);
		chunk.data[column_count + 1].ToUnifiedFormat(chunk.size(), begins);
		chunk.data[column_count + 2].ToUnifiedFormat(chunk.size(), ends);
		auto &deleted = rows.data[column_count + 2];
		deleted.SetVectorType(VectorType::FLAT_VECTOR);
		auto deleted_data = FlatVector::GetData<int64_t>(deleted);
		auto &deleted_validity = FlatVector::Validity(deleted);
		SelectionVector keep(STANDARD_VECTOR_SIZE);
		idx_t kept = 0;
		for (idx_t row = 0; row < chunk.size(); row++) {
			auto id = UnifiedVectorFormat::GetData<int64_t>(ids)[ids.sel->get_index(row)];
			auto begin = UnifiedVectorFormat::GetData<int64_t>(begins)[begins.sel->get_index(row)];
			auto end_index = ends.sel->get_index(row);
			int64_t end = ends.validity.RowIsValid(end_index) ? UnifiedVectorFormat::GetData<int64_t>(ends)[end_index]
			                                                  : -1;
			bool deleted_in_range = InRange(end, plan.start_snapshot, plan.end_snapshot);
			if (deleted_in_range) {
				deleted_data[row] = end;
			} else {
				deleted_validity.SetInvalid(row);
			}
			if (deleted_in_range || InRange(begin, plan.start_snapshot, plan.end_snapshot)) {
				keep.set_index(kept++, row);
				plan.inlined_keys.emplace(id, begin);
			}
		}
		if (kept == 0) {
			return;
		}
		rows.SetCardinality(chunk.size());
		rows.Slice(keep, kept);
		plan.inlined_rows->Append(rows);
	}

	//! The delete snapshot of each position deleted at or before the range's end (earliest source wins: a
	//! delete file repeats every earlier deletion of its data file).
	std::map<int64_t, int64_t> FileDeletes(const DataFileRecord &file,
	                                       const std::vector<DataFileRecord::DeleteFileRef> &delete_files,
	                                       const std::map<int64_t, int64_t> &inlined, const std::string &table_path) {
		std::map<int64_t, int64_t> deletes;
		for (auto &ref : delete_files) {
			auto path = ResolveLakePath(table_path, ref.path, ref.path_is_relative);
			for (auto &entry : ReadDeletePositionsWithSnapshots(*context.db, path, ref)) {
				if (entry.second <= plan.end_snapshot) {
					MergeEarliest(deletes, entry.first, entry.second);
				}
			}
		}
		for (auto &entry : inlined) {
			MergeEarliest(deletes, entry.first, entry.second);
		}
		return deletes;
	}

	void AddFile(const DataFileRecord &file, const std::vector<DataFileRecord::DeleteFileRef> &delete_files,
	             const std::map<int64_t, int64_t> &inlined, const std::string &table_path) {
		auto start = plan.start_snapshot, end = plan.end_snapshot;
		auto deletes = FileDeletes(file, delete_files, inlined, table_path);
		ChangeFeedFile feed_file;
		// a file a compaction ended lives on in the files it wrote: its rows were not deleted then
		if (file.end_snapshot >= 0 && file.end_snapshot <= end && !plan.compaction_snapshots.count(file.end_snapshot)) {
			feed_file.default_delete = file.end_snapshot;
		}
		bool partial = file.partial_max >= 0;
		feed_file.rows_moved_here = partial && file.partial_max < file.begin_snapshot;
		bool may_insert = feed_file.rows_moved_here ? false
		                  : partial                 ? file.partial_max >= start
		                                            : InRange(file.begin_snapshot, start, end);
		std::vector<int64_t> skipped;
		if (may_insert || feed_file.default_delete >= 0) {
			// every position but those deleted before the range
			for (auto &entry : deletes) {
				if (entry.second < start) {
					skipped.push_back(entry.first);
				}
			}
		} else {
			// only the positions deleted in the range
			int64_t next = 0;
			for (auto &entry : deletes) {
				if (entry.second >= start) {
					for (; next < entry.first; next++) {
						skipped.push_back(next);
					}
					next = entry.first + 1;
				}
			}
			for (; next < file.record_count; next++) {
				skipped.push_back(next);
			}
		}
		if (int64_t(skipped.size()) >= file.record_count) {
			return; // nothing of interest
		}
		for (auto &entry : deletes) {
			if (entry.second >= start) {
				feed_file.deletes.emplace_back(entry.first, entry.second);
			}
		}
		ScanDataFile scan_file;
		scan_file.file_id = file.data_file_id;
		scan_file.path = ResolveLakePath(table_path, file.path, file.path_is_relative);
		scan_file.record_count = file.record_count;
		scan_file.file_size_bytes = file.file_size_bytes;
		scan_file.footer_size = file.footer_size;
		scan_file.encryption_key = file.encryption_key;
		scan_file.row_id_start = file.row_id_start;
		scan_file.has_embedded_row_ids = partial;
		scan_file.begin_snapshot = file.begin_snapshot;
		scan_file.name_mapping = file.name_mapping;
		scan_file.deleted_positions = std::move(skipped);
		// rows beyond the range may hold values of a type widened after it; rows of interest fit the end's type
		scan_file.try_cast_columns = true;
		plan.spec->files.push_back(std::move(scan_file));
		plan.files.push_back(std::move(feed_file));
	}

	ClientContext &context;
	LakeTransaction &transaction;
	LakeTableEntry &table;
	MetadataStore &store;
	ChangeFeedPlan plan;
};

} // namespace

ChangeFeedPlan PlanChangeFeed(ClientContext &context, LakeTransaction &transaction, LakeTableEntry &table,
                              int64_t start_snapshot, int64_t end_snapshot) {
	return ChangeFeedPlanner(context, transaction, table, start_snapshot, end_snapshot).Plan();
}

} // namespace inlake

#include "read/change_feed_scan.hpp"

#include "duckdb/common/multi_file/multi_file_reader.hpp"
#include "duckdb/common/types/column/column_data_scan_states.hpp"
#include "duckdb/common/vector_operations/vector_operations.hpp"
#include "duckdb/execution/execution_context.hpp"

#include <atomic>

namespace inlake {
using namespace duckdb; // NOLINT

namespace {

constexpr column_t kFileIndexColumn = MultiFileReader::COLUMN_IDENTIFIER_FILE_INDEX;
constexpr column_t kFileRowNumberColumn = MultiFileReader::COLUMN_IDENTIFIER_FILE_ROW_NUMBER;

//! The columns the inner scan reads: the table's, row id, insert snapshot, file index, position in the file.
vector<column_t> FileScanColumns(idx_t column_count) {
	vector<column_t> ids;
	for (idx_t i = 0; i < column_count; i++) {
		ids.push_back(i);
	}
	ids.push_back(COLUMN_IDENTIFIER_ROW_ID);
	ids.push_back(LAKE_SNAPSHOT_ID_COLUMN);
	ids.push_back(kFileIndexColumn);
	ids.push_back(kFileRowNumberColumn);
	return ids;
}

struct ChangeFeedGlobal : public GlobalTableFunctionState {
	unique_ptr<GlobalTableFunctionState> file_scan;
	std::atomic<bool> inlined_claimed {false};
	idx_t max_threads = 1;

	idx_t MaxThreads() const override {
		return max_threads;
	}
};

struct ChangeFeedLocal : public LocalTableFunctionState {
	unique_ptr<LocalTableFunctionState> file_scan;
	bool files_done = false;
	bool inlined_done = false;
	bool owns_inlined = false;
	ColumnDataScanState inlined_scan;
	//! The inner scan's chunk
	DataChunk file_rows;
	//! Rows in the plan's layout: the table's columns, row id, insert snapshot, delete snapshot (NULL: none)
	DataChunk rows;
	SelectionVector inserts {STANDARD_VECTOR_SIZE};
	SelectionVector deletes {STANDARD_VECTOR_SIZE};
	idx_t insert_count = 0;
	idx_t delete_count = 0;
	//! Per row of `rows` read from files: it lies in a rewrite's file (ChangeFeedFile::rows_moved_here)
	bool moved[STANDARD_VECTOR_SIZE];
};

bool InRange(int64_t snapshot, const ChangeFeedPlan &plan) {
	return snapshot >= plan.start_snapshot && snapshot <= plan.end_snapshot;
}

//! Reads the next chunk of file rows into local.rows (with delete snapshots); false when the files are done.
bool NextFileRows(ClientContext &context, const ChangeFeedBindData &bind, ChangeFeedGlobal &global,
                  ChangeFeedLocal &local) {
	auto column_count = bind.plan.spec->columns.size();
	while (true) {
		local.file_rows.Reset();
		TableFunctionInput input(bind.file_scan_bind.get(), local.file_scan.get(), global.file_scan.get());
		bind.file_scan.function(context, input, local.file_rows);
		auto count = local.file_rows.size();
		if (count == 0) {
			return false;
		}
		local.rows.Reset();
		for (idx_t col = 0; col < column_count + 2; col++) {
			auto &source = local.file_rows.data[col];
			if (source.GetType() == local.rows.data[col].GetType()) {
				local.rows.data[col].Reference(source);
			} else {
				VectorOperations::DefaultCast(source, local.rows.data[col], count);
			}
		}
		Vector file_index(LogicalType::UBIGINT), position(LogicalType::BIGINT);
		VectorOperations::DefaultCast(local.file_rows.data[column_count + 2], file_index, count);
		VectorOperations::DefaultCast(local.file_rows.data[column_count + 3], position, count);
		UnifiedVectorFormat indexes, positions;
		file_index.ToUnifiedFormat(count, indexes);
		position.ToUnifiedFormat(count, positions);
		auto &deleted = local.rows.data[column_count + 2];
		deleted.SetVectorType(VectorType::FLAT_VECTOR);
		auto deleted_data = FlatVector::GetData<int64_t>(deleted);
		auto &validity = FlatVector::Validity(deleted);
		for (idx_t row = 0; row < count; row++) {
			auto index = UnifiedVectorFormat::GetData<uint64_t>(indexes)[indexes.sel->get_index(row)];
			auto pos = UnifiedVectorFormat::GetData<int64_t>(positions)[positions.sel->get_index(row)];
			if (index >= bind.plan.files.size()) {
				throw InternalException("inlake change feed: file index %llu out of range", index);
			}
			local.moved[row] = bind.plan.files[index].rows_moved_here;
			auto snapshot = bind.plan.files[index].DeleteSnapshot(pos);
			if (snapshot < 0) {
				validity.SetInvalid(row);
			} else {
				deleted_data[row] = snapshot;
			}
		}
		local.rows.SetCardinality(count);
		return true;
	}
}

//! Picks the events of local.rows. File rows also read from the inlined rows (a flush committed while the
//! plan was made) are left out.
void SelectEvents(const ChangeFeedBindData &bind, ChangeFeedLocal &local, bool from_files) {
	auto &plan = bind.plan;
	auto column_count = plan.spec->columns.size();
	auto count = local.rows.size();
	UnifiedVectorFormat ids, begins, ends;
	local.rows.data[column_count].ToUnifiedFormat(count, ids);
	local.rows.data[column_count + 1].ToUnifiedFormat(count, begins);
	local.rows.data[column_count + 2].ToUnifiedFormat(count, ends);
	bool check_copies = from_files && !plan.inlined_keys.empty();
	local.insert_count = 0;
	local.delete_count = 0;
	for (idx_t row = 0; row < count; row++) {
		auto begin = UnifiedVectorFormat::GetData<int64_t>(begins)[begins.sel->get_index(row)];
		if (check_copies) {
			auto id = UnifiedVectorFormat::GetData<int64_t>(ids)[ids.sel->get_index(row)];
			if (plan.inlined_keys.count(std::make_pair(id, begin))) {
				continue;
			}
		}
		auto end_index = ends.sel->get_index(row);
		bool deleted = ends.validity.RowIsValid(end_index);
		auto end = deleted ? UnifiedVectorFormat::GetData<int64_t>(ends)[end_index] : -1;
		if (deleted && end == begin) {
			continue; // inserted and deleted by one transaction: never part of the table
		}
		bool moved = from_files && local.moved[row];
		if (bind.events != ChangeEvents::DELETIONS && InRange(begin, plan) && !moved &&
		    !plan.compaction_snapshots.count(begin)) {
			local.inserts.set_index(local.insert_count++, row);
		}
		if (bind.events != ChangeEvents::INSERTIONS && deleted && InRange(end, plan)) {
			local.deletes.set_index(local.delete_count++, row);
		}
	}
}

void EmitEvents(const ChangeFeedBindData &bind, ChangeFeedLocal &local, const SelectionVector &sel, idx_t count,
                idx_t snapshot_column, const char *change_type, DataChunk &output) {
	auto column_count = bind.plan.spec->columns.size();
	idx_t out = 0;
	output.data[out++].Slice(local.rows.data[snapshot_column], sel, count);
	output.data[out++].Slice(local.rows.data[column_count], sel, count);
	if (bind.with_change_type) {
		output.data[out++].Reference(Value(change_type));
	}
	for (idx_t col = 0; col < column_count; col++) {
		output.data[out++].Slice(local.rows.data[col], sel, count);
	}
	output.SetCardinality(count);
}

} // namespace

void BindChangeFeedScan(ClientContext &context, ChangeFeedBindData &bind_data, vector<LogicalType> &types,
                        vector<std::string> &names, const std::string &name_prefix) {
	names = {name_prefix + "snapshot_id", name_prefix + "rowid"};
	types = {LogicalType::BIGINT, LogicalType::BIGINT};
	if (bind_data.with_change_type) {
		names.push_back(name_prefix + "change_type");
		types.push_back(LogicalType::VARCHAR);
	}
	for (auto &column : bind_data.plan.spec->columns) {
		names.push_back(column.name);
		types.push_back(column.type);
	}
	if (!bind_data.plan.spec->files.empty()) {
		bind_data.file_scan = GetMultiFileLakeScanFunction(context, bind_data.plan.spec, bind_data.file_scan_bind);
		if (bind_data.file_scan.get_virtual_columns) {
			bind_data.file_scan.get_virtual_columns(context, bind_data.file_scan_bind.get());
		}
	}
}

unique_ptr<GlobalTableFunctionState> ChangeFeedInitGlobal(ClientContext &context, TableFunctionInitInput &input) {
	auto &bind = input.bind_data->Cast<ChangeFeedBindData>();
	auto result = make_uniq<ChangeFeedGlobal>();
	if (bind.file_scan_bind) {
		vector<idx_t> projection;
		TableFunctionInitInput inner(bind.file_scan_bind.get(), FileScanColumns(bind.plan.spec->columns.size()),
		                             projection, nullptr);
		result->file_scan = bind.file_scan.init_global(context, inner);
		result->max_threads = MaxValue<idx_t>(1, result->file_scan->MaxThreads());
	}
	return std::move(result);
}

unique_ptr<LocalTableFunctionState> ChangeFeedInitLocal(ExecutionContext &context, TableFunctionInitInput &input,
                                                        GlobalTableFunctionState *global_p) {
	auto &bind = input.bind_data->Cast<ChangeFeedBindData>();
	auto &global = global_p->Cast<ChangeFeedGlobal>();
	auto result = make_uniq<ChangeFeedLocal>();
	result->rows.Initialize(context.client, bind.plan.inlined_rows->Types());
	if (bind.file_scan_bind) {
		vector<idx_t> projection;
		TableFunctionInitInput inner(bind.file_scan_bind.get(), FileScanColumns(bind.plan.spec->columns.size()),
		                             projection, nullptr);
		if (bind.file_scan.init_local) {
			result->file_scan = bind.file_scan.init_local(context, inner, global.file_scan.get());
		}
		vector<LogicalType> file_types = bind.plan.inlined_rows->Types();
		file_types.pop_back();
		file_types.push_back(LogicalType::UBIGINT);
		file_types.push_back(LogicalType::BIGINT);
		result->file_rows.Initialize(context.client, file_types);
	} else {
		result->files_done = true;
	}
	return std::move(result);
}

void ChangeFeedScan(ClientContext &context, TableFunctionInput &input, DataChunk &output) {
	auto &bind = input.bind_data->Cast<ChangeFeedBindData>();
	auto &global = input.global_state->Cast<ChangeFeedGlobal>();
	auto &local = input.local_state->Cast<ChangeFeedLocal>();
	auto column_count = bind.plan.spec->columns.size();
	while (true) {
		if (local.insert_count > 0) {
			EmitEvents(bind, local, local.inserts, local.insert_count, column_count + 1, "insert", output);
			local.insert_count = 0;
			return;
		}
		if (local.delete_count > 0) {
			EmitEvents(bind, local, local.deletes, local.delete_count, column_count + 2, "delete", output);
			local.delete_count = 0;
			return;
		}
		if (!local.files_done) {
			if (NextFileRows(context, bind, global, local)) {
				SelectEvents(bind, local, true);
				continue;
			}
			local.files_done = true;
		}
		if (local.inlined_done) {
			return;
		}
		if (!local.owns_inlined) {
			if (global.inlined_claimed.exchange(true)) {
				local.inlined_done = true;
				return;
			}
			local.owns_inlined = true;
			bind.plan.inlined_rows->InitializeScan(local.inlined_scan);
		}
		local.rows.Reset();
		if (!bind.plan.inlined_rows->Scan(local.inlined_scan, local.rows)) {
			local.inlined_done = true;
			return;
		}
		SelectEvents(bind, local, false);
	}
}

} // namespace inlake

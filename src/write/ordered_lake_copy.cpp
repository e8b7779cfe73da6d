#include "write/ordered_lake_copy.hpp"

#include "catalog/lake_table_entry.hpp"
#include "write/insert_target.hpp"
#include "write/lake_row_sink.hpp"
#include "write/parquet_copy_binding.hpp"

#include "duckdb/common/types/column/column_data_collection.hpp"
#include "duckdb/main/client_context.hpp"
#include "duckdb/storage/buffer_manager.hpp"

#include <mutex>

namespace inlake {
using namespace duckdb; // NOLINT: a DuckDB copy function

namespace {

struct OrderedCopyBindData : public FunctionData {
	explicit OrderedCopyBindData(shared_ptr<InsertTarget> target_p) : target(std::move(target_p)) {
	}
	shared_ptr<InsertTarget> target;

	unique_ptr<FunctionData> Copy() const override {
		return make_uniq<OrderedCopyBindData>(target);
	}
	bool Equals(const FunctionData &other) const override {
		return target == other.Cast<OrderedCopyBindData>().target;
	}
};

//! One batch of rows on its way to a file: prepared by DuckDB's Parquet writer, or held back unprepared (a batch
//! small enough that the statement may still be inlined).
struct OrderedCopyBatch : public PreparedBatchData {
	unique_ptr<PreparedBatchData> prepared;
	unique_ptr<ColumnDataCollection> raw;
	idx_t rows = 0;
	std::unordered_map<int64_t, NestedCounts> nested_counts;
};

struct OrderedCopyState : public GlobalFunctionData {
	OrderedCopyState(ClientContext &context_p, LakeTableEntry *table_p, const ParquetWriteOptions &options_p,
	                 int64_t inlining_limit_p)
	    : context(context_p), table(table_p), options(options_p), inlining_limit(inlining_limit_p),
	      counter(options.columns) {
		if (table) {
			binding = make_uniq<ParquetCopyBinding>(context, options);
		}
	}
	~OrderedCopyState() override {
		if (handed_over) {
			return;
		}
		std::vector<std::string> paths;
		for (auto &file : files) {
			paths.push_back(file.path);
		}
		files.clear(); // closes the handles before the files are removed
		RemoveFilesQuietly(context, paths);
	}

	ClientContext &context;
	//! Null when CREATE TABLE IF NOT EXISTS found the table: rows are dropped
	LakeTableEntry *table;
	ParquetWriteOptions options;
	int64_t inlining_limit;
	unique_ptr<ParquetCopyBinding> binding;

	//! Guards `files` (prepare threads may create the first one while the flush rotates)
	std::mutex files_lock;
	//! Every file opened, in order; the last is being written unless finished. They stay alive to the end: the
	//! first one's writer prepares the row groups of every file.
	std::vector<ParquetOpenFile> files;
	//! Only the flush (DuckDB calls it for one batch at a time, in order) touches what follows
	NestedValueCounter counter;
	std::vector<WrittenDataFile> written;
	unique_ptr<ColumnDataCollection> held_back;
	std::unordered_map<int64_t, NestedCounts> held_back_counts;
	bool wrote_rows = false;
	bool handed_over = false;

	GlobalFunctionData &PreparingWriter();
	unique_ptr<PreparedBatchData> Prepare(unique_ptr<ColumnDataCollection> rows);
	void Write(PreparedBatchData &prepared, const std::unordered_map<int64_t, NestedCounts> &counts);
	void WriteHeldBack();
	void FinishCurrentFile();
	bool HasOpenFile() const {
		return !files.empty() && !files.back().finished;
	}
};

GlobalFunctionData &OrderedCopyState::PreparingWriter() {
	std::lock_guard<std::mutex> guard(files_lock);
	if (files.empty()) {
		files.push_back(StartParquetFile(context, *binding, true));
	}
	return *files.front().state;
}

unique_ptr<PreparedBatchData> OrderedCopyState::Prepare(unique_ptr<ColumnDataCollection> rows) {
	auto &writer = PreparingWriter();
	if (binding->needs_encoding) {
		auto storage =
		    make_uniq<ColumnDataCollection>(BufferManager::GetBufferManager(context), binding->storage_types);
		DataChunk encoded;
		encoded.Initialize(context, binding->storage_types);
		for (auto &chunk : rows->Chunks()) {
			EncodeChunkForParquet(chunk, encoded);
			storage->Append(encoded);
		}
		rows = std::move(storage);
	}
	return binding->function.prepare_batch(context, *binding->bind_data, writer, std::move(rows));
}

void OrderedCopyState::FinishCurrentFile() {
	ParquetOpenFile *file;
	{
		std::lock_guard<std::mutex> guard(files_lock);
		file = &files.back();
	}
	written.push_back(FinishParquetFile(context, *binding, *file, counter.Counts()));
	counter.Reset();
}

void OrderedCopyState::Write(PreparedBatchData &prepared, const std::unordered_map<int64_t, NestedCounts> &counts) {
	auto &function = binding->function;
	auto target = options.target_file_size;
	if (wrote_rows && HasOpenFile() && target > 0) {
		// the writer rotates when the size exceeds the limit: "reaches" is one byte less
		optional_idx limit(static_cast<idx_t>(target - 1));
		if (function.rotate_next_file(*files.back().state, *binding->bind_data, limit)) {
			FinishCurrentFile();
		}
	}
	GlobalFunctionData *file_state;
	{
		std::lock_guard<std::mutex> guard(files_lock);
		if (files.empty() || files.back().finished) {
			files.push_back(StartParquetFile(context, *binding, files.empty()));
		}
		file_state = files.back().state.get();
	}
	function.flush_batch(context, *binding->bind_data, *file_state, prepared);
	counter.Add(counts);
	wrote_rows = true;
}

void OrderedCopyState::WriteHeldBack() {
	if (!held_back || held_back->Count() == 0) {
		return;
	}
	auto prepared = Prepare(std::move(held_back));
	Write(*prepared, held_back_counts);
	held_back_counts.clear();
}

unique_ptr<LocalFunctionData> OrderedCopyInitializeLocal(ExecutionContext &context, FunctionData &bind_data) {
	return make_uniq<LocalFunctionData>();
}

unique_ptr<GlobalFunctionData> OrderedCopyInitializeGlobal(ClientContext &context, FunctionData &bind_data,
                                                         const string &file_path) {
	auto &target = *bind_data.Cast<OrderedCopyBindData>().target;
	auto table = target.Resolve(context);
	return make_uniq<OrderedCopyState>(context, table, target.Options(), target.InliningLimit());
}

idx_t OrderedCopyDesiredBatchSize(ClientContext &context, FunctionData &bind_data) {
	auto &target = *bind_data.Cast<OrderedCopyBindData>().target;
	target.Resolve(context);
	auto row_group_size = target.Options().row_group_size;
	return row_group_size > 0 ? static_cast<idx_t>(row_group_size) : 122880;
}

unique_ptr<PreparedBatchData> OrderedCopyPrepareBatch(ClientContext &context, FunctionData &bind_data,
                                                      GlobalFunctionData &gstate,
                                                      unique_ptr<ColumnDataCollection> collection) {
	auto &state = gstate.Cast<OrderedCopyState>();
	auto batch = make_uniq<OrderedCopyBatch>();
	if (!state.table) {
		return std::move(batch);
	}
	NestedValueCounter counter(state.options.columns);
	for (auto &chunk : collection->Chunks()) {
		CheckNotNull(*state.table, chunk);
		counter.Count(chunk);
	}
	batch->rows = collection->Count();
	batch->nested_counts = counter.Counts();
	if (int64_t(batch->rows) <= state.inlining_limit) {
		batch->raw = std::move(collection);
	} else {
		batch->prepared = state.Prepare(std::move(collection));
	}
	return std::move(batch);
}

void OrderedCopyFlushBatch(ClientContext &context, FunctionData &bind_data, GlobalFunctionData &gstate,
                           PreparedBatchData &batch_p) {
	auto &state = gstate.Cast<OrderedCopyState>();
	auto &batch = batch_p.Cast<OrderedCopyBatch>();
	if (!state.table || batch.rows == 0) {
		return;
	}
	if (batch.raw) {
		idx_t held = state.held_back ? state.held_back->Count() : 0;
		if (!state.wrote_rows && int64_t(held + batch.rows) <= state.inlining_limit) {
			if (!state.held_back) {
				state.held_back =
				    make_uniq<ColumnDataCollection>(BufferManager::GetBufferManager(context), batch.raw->Types());
			}
			state.held_back->Combine(*batch.raw);
			NestedValueCounter merged(state.options.columns);
			merged.Add(state.held_back_counts);
			merged.Add(batch.nested_counts);
			state.held_back_counts = merged.Counts();
			return;
		}
		state.WriteHeldBack();
		batch.prepared = state.Prepare(std::move(batch.raw));
	} else {
		state.WriteHeldBack();
	}
	state.Write(*batch.prepared, batch.nested_counts);
}

void OrderedCopyFinalize(ClientContext &context, FunctionData &bind_data, GlobalFunctionData &gstate) {
	auto &state = gstate.Cast<OrderedCopyState>();
	auto &target = *bind_data.Cast<OrderedCopyBindData>().target;
	if (!state.table) {
		return;
	}
	unique_ptr<ColumnDataCollection> held_back;
	if (state.wrote_rows) {
		state.WriteHeldBack();
		state.FinishCurrentFile();
	} else {
		held_back = std::move(state.held_back);
	}
	// a file opened for preparing that never got a row (cannot happen while prepared batches are written) is
	// removed with the state
	std::vector<std::string> unused;
	for (auto &file : state.files) {
		if (!file.finished) {
			unused.push_back(file.path);
		}
	}
	target.HandOver(std::move(state.written), std::move(held_back));
	state.handed_over = true;
	state.files.clear();
	RemoveFilesQuietly(context, unused);
}

} // namespace

CopyFunction OrderedLakeCopyFunction() {
	CopyFunction function("inlake_ordered_parquet");
	function.copy_to_initialize_local = OrderedCopyInitializeLocal;
	function.copy_to_initialize_global = OrderedCopyInitializeGlobal;
	function.copy_to_finalize = OrderedCopyFinalize;
	function.prepare_batch = OrderedCopyPrepareBatch;
	function.flush_batch = OrderedCopyFlushBatch;
	function.desired_batch_size = OrderedCopyDesiredBatchSize;
	return function;
}

unique_ptr<FunctionData> OrderedLakeCopyBindData(shared_ptr<InsertTarget> target) {
	return make_uniq<OrderedCopyBindData>(std::move(target));
}

} // namespace inlake

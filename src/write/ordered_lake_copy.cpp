#include "write/ordered_lake_copy.hpp"

#include "write/parquet_copy_binding.hpp"

#include "duckdb/common/types/uuid.hpp"
#include "duckdb/common/vector_operations/vector_operations.hpp"
#include "duckdb/main/client_context.hpp"
#include "duckdb/parser/parsed_data/copy_info.hpp"
#include "duckdb/storage/buffer_manager.hpp"

#include <mutex>
#include <unordered_map>

namespace inlake {
using namespace duckdb; // NOLINT: a DuckDB copy function

namespace {

//===--------------------------------------------------------------------===//
// Registry of targets reachable from SQL
//===--------------------------------------------------------------------===//
std::mutex registry_lock;
std::unordered_map<std::string, std::shared_ptr<OrderedCopyTarget>> &Registry() {
	static std::unordered_map<std::string, std::shared_ptr<OrderedCopyTarget>> registry;
	return registry;
}

struct OrderedCopyBindData : public FunctionData {
	explicit OrderedCopyBindData(std::shared_ptr<OrderedCopyTarget> target_p) : target(std::move(target_p)) {
	}
	std::shared_ptr<OrderedCopyTarget> target;

	unique_ptr<FunctionData> Copy() const override {
		return make_uniq<OrderedCopyBindData>(target);
	}
	bool Equals(const FunctionData &other) const override {
		return target == other.Cast<OrderedCopyBindData>().target;
	}
};

using PreparedRowGroups = std::vector<unique_ptr<PreparedBatchData>>;

//! One batch of rows on its way to a file: prepared by DuckDB's Parquet writer (one row group, or several under a
//! row group byte limit), or held back unprepared (a batch small enough that the statement may still be inlined).
struct OrderedCopyBatch : public PreparedBatchData {
	PreparedRowGroups prepared;
	unique_ptr<ColumnDataCollection> raw;
	idx_t rows = 0;
	std::unordered_map<int64_t, NestedCounts> nested_counts;
	std::unique_ptr<OrderedCopyTracking> tracking;
};

//! Rows, their nested counts and trackings, waiting to be written in order.
struct HeldBackRows {
	unique_ptr<ColumnDataCollection> rows;
	std::unordered_map<int64_t, NestedCounts> nested_counts;
	std::vector<std::unique_ptr<OrderedCopyTracking>> trackings;
	std::vector<idx_t> tracking_rows;
};

struct OrderedCopyState : public GlobalFunctionData {
	OrderedCopyState(ClientContext &context_p, std::shared_ptr<OrderedCopyTarget> target_p, bool active_p)
	    : context(context_p), target(std::move(target_p)), active(active_p),
	      options(active ? target->Options() : ParquetWriteOptions()),
	      inlining_limit(active ? target->InliningLimit() : 0), counter(options.columns) {
		if (active) {
			binding = make_uniq<ParquetCopyBinding>(context, options);
			written_types = binding->types;
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
	std::shared_ptr<OrderedCopyTarget> target;
	//! False when the target drops the rows
	bool active;
	ParquetWriteOptions options;
	int64_t inlining_limit;
	unique_ptr<ParquetCopyBinding> binding;
	vector<LogicalType> written_types;

	//! Guards `files` (prepare threads may create the first one while the flush rotates)
	std::mutex files_lock;
	//! Every file opened, in order; the last is being written unless finished. They stay alive to the end: the
	//! first one's writer prepares the row groups of every file.
	std::vector<ParquetOpenFile> files;
	//! Only the flush (DuckDB calls it for one batch at a time, in order) touches what follows
	NestedValueCounter counter;
	idx_t rows_in_file = 0;
	std::vector<WrittenDataFile> written;
	HeldBackRows held_back;
	bool wrote_rows = false;
	bool handed_over = false;
	//! The single-threaded way in (COPY without batch indexes): rows gathered up to a row group
	unique_ptr<ColumnDataCollection> sunk;

	GlobalFunctionData &PreparingWriter();
	unique_ptr<OrderedCopyBatch> MakeBatch(unique_ptr<ColumnDataCollection> rows);
	PreparedRowGroups Prepare(unique_ptr<ColumnDataCollection> rows);
	void Flush(OrderedCopyBatch &batch);
	void Write(PreparedRowGroups &prepared, idx_t rows, const std::unordered_map<int64_t, NestedCounts> &counts,
	           std::vector<std::unique_ptr<OrderedCopyTracking>> &trackings, const std::vector<idx_t> &tracking_rows);
	void WriteHeldBack();
	void FinishCurrentFile();
	void Finish();
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

//! The rows as DuckDB's Parquet writer takes them: without the tracking columns, cast to the written types where
//! a source differs, encoded where DuckDB cannot write the type exactly; cut by the row group byte limit.
PreparedRowGroups OrderedCopyState::Prepare(unique_ptr<ColumnDataCollection> rows) {
	auto &writer = PreparingWriter();
	auto written_count = written_types.size();
	bool reshape = binding->needs_encoding || rows->ColumnCount() != written_count;
	for (idx_t col = 0; col < written_count && !reshape; col++) {
		reshape = rows->Types()[col] != written_types[col];
	}
	if (reshape) {
		auto storage =
		    make_uniq<ColumnDataCollection>(BufferManager::GetBufferManager(context), binding->storage_types);
		DataChunk cast, encoded;
		cast.Initialize(context, written_types);
		encoded.Initialize(context, binding->storage_types);
		for (auto &chunk : rows->Chunks()) {
			cast.Reset();
			for (idx_t col = 0; col < written_count; col++) {
				if (chunk.data[col].GetType() == written_types[col]) {
					cast.data[col].Reference(chunk.data[col]);
				} else {
					VectorOperations::DefaultCast(chunk.data[col], cast.data[col], chunk.size());
				}
			}
			cast.SetCardinality(chunk.size());
			if (binding->needs_encoding) {
				EncodeChunkForParquet(cast, encoded);
				storage->Append(encoded);
			} else {
				storage->Append(cast);
			}
		}
		rows = std::move(storage);
	}
	PreparedRowGroups prepared;
	for (auto &group : SplitRowGroups(context, std::move(rows), binding->row_group_size_bytes)) {
		prepared.push_back(binding->function.prepare_batch(context, *binding->bind_data, writer, std::move(group)));
	}
	return prepared;
}

unique_ptr<OrderedCopyBatch> OrderedCopyState::MakeBatch(unique_ptr<ColumnDataCollection> rows) {
	auto batch = make_uniq<OrderedCopyBatch>();
	if (!active) {
		return batch;
	}
	NestedValueCounter batch_counter(options.columns);
	for (auto &chunk : rows->Chunks()) {
		target->CheckRows(chunk);
		batch_counter.Count(chunk);
	}
	batch->rows = rows->Count();
	batch->nested_counts = batch_counter.Counts();
	batch->tracking = target->TrackBatch(*rows);
	if (int64_t(batch->rows) <= inlining_limit) {
		batch->raw = std::move(rows);
	} else {
		batch->prepared = Prepare(std::move(rows));
	}
	return batch;
}

void OrderedCopyState::FinishCurrentFile() {
	ParquetOpenFile *file;
	{
		std::lock_guard<std::mutex> guard(files_lock);
		file = &files.back();
	}
	written.push_back(FinishParquetFile(context, *binding, *file, counter.Counts()));
	counter.Reset();
	rows_in_file = 0;
}

void OrderedCopyState::Write(PreparedRowGroups &prepared, idx_t rows,
                             const std::unordered_map<int64_t, NestedCounts> &counts,
                             std::vector<std::unique_ptr<OrderedCopyTracking>> &trackings,
                             const std::vector<idx_t> &tracking_rows) {
	auto &function = binding->function;
	auto target_size = options.target_file_size;
	if (wrote_rows && HasOpenFile() && target_size > 0) {
		// the writer rotates when the size exceeds the limit: "reaches" is one byte less
		optional_idx limit(static_cast<idx_t>(target_size - 1));
		if (function.rotate_next_file(*files.back().state, *binding->bind_data, limit)) {
			FinishCurrentFile();
		}
	}
	GlobalFunctionData *file_state;
	idx_t file_index;
	{
		std::lock_guard<std::mutex> guard(files_lock);
		if (files.empty() || files.back().finished) {
			files.push_back(StartParquetFile(context, *binding, files.empty()));
		}
		file_state = files.back().state.get();
		file_index = files.size() - 1;
	}
	// a batch's row groups go to one file: the positions of its rows follow from where it starts
	for (auto &row_group : prepared) {
		function.flush_batch(context, *binding->bind_data, *file_state, *row_group);
	}
	counter.Add(counts);
	auto position = rows_in_file;
	for (idx_t i = 0; i < trackings.size(); i++) {
		target->RowsWritten(trackings[i].get(), file_index, position);
		position += tracking_rows[i];
	}
	rows_in_file += rows;
	wrote_rows = true;
}

void OrderedCopyState::WriteHeldBack() {
	if (!held_back.rows || held_back.rows->Count() == 0) {
		return;
	}
	auto rows = held_back.rows->Count();
	auto prepared = Prepare(std::move(held_back.rows));
	Write(prepared, rows, held_back.nested_counts, held_back.trackings, held_back.tracking_rows);
	held_back = HeldBackRows();
}

void OrderedCopyState::Flush(OrderedCopyBatch &batch) {
	if (!active || batch.rows == 0) {
		return;
	}
	if (batch.raw) {
		idx_t held = held_back.rows ? held_back.rows->Count() : 0;
		bool may_inline = !wrote_rows && int64_t(held + batch.rows) <= inlining_limit;
		if (may_inline || held > 0) {
			// keep them (still inlinable), or write them together with what is held back, as one row group
			if (!held_back.rows) {
				held_back.rows =
				    make_uniq<ColumnDataCollection>(BufferManager::GetBufferManager(context), batch.raw->Types());
			}
			held_back.rows->Combine(*batch.raw);
			NestedValueCounter merged(options.columns);
			merged.Add(held_back.nested_counts);
			merged.Add(batch.nested_counts);
			held_back.nested_counts = merged.Counts();
			held_back.trackings.push_back(std::move(batch.tracking));
			held_back.tracking_rows.push_back(batch.rows);
			if (!may_inline) {
				WriteHeldBack();
			}
			return;
		}
		batch.prepared = Prepare(std::move(batch.raw));
	} else {
		WriteHeldBack();
	}
	std::vector<std::unique_ptr<OrderedCopyTracking>> trackings;
	trackings.push_back(std::move(batch.tracking));
	Write(batch.prepared, batch.rows, batch.nested_counts, trackings, {batch.rows});
}

void OrderedCopyState::Finish() {
	if (!active) {
		return;
	}
	unique_ptr<ColumnDataCollection> inlined;
	if (wrote_rows) {
		WriteHeldBack();
		FinishCurrentFile();
	} else {
		inlined = std::move(held_back.rows);
	}
	std::vector<std::string> unused;
	for (auto &file : files) {
		if (!file.finished) {
			unused.push_back(file.path); // opened to prepare a row group that was never written (cannot happen)
		}
	}
	target->HandOver(std::move(written), std::move(inlined));
	handed_over = true;
	files.clear();
	RemoveFilesQuietly(context, unused);
}

//===--------------------------------------------------------------------===//
// The copy function's callbacks
//===--------------------------------------------------------------------===//
std::shared_ptr<OrderedCopyTarget> TargetOf(FunctionData &bind_data) {
	return bind_data.Cast<OrderedCopyBindData>().target;
}

unique_ptr<FunctionData> OrderedCopyBind(ClientContext &context, CopyFunctionBindInput &input,
                                         const vector<string> &names, const vector<LogicalType> &sql_types) {
	std::string token;
	for (auto &option : input.info.options) {
		if (StringUtil::Lower(option.first) == "target" && option.second.size() == 1) {
			token = option.second[0].ToString();
		} else if (StringUtil::Lower(option.first) != "use_tmp_file") {
			throw InvalidInputException("COPY FORMAT __inlake_lake_files takes only the TARGET option");
		}
	}
	std::lock_guard<std::mutex> guard(registry_lock);
	auto entry = Registry().find(token);
	if (entry == Registry().end()) {
		throw InvalidInputException("COPY FORMAT __inlake_lake_files is internal to DuckLake flushes");
	}
	return make_uniq<OrderedCopyBindData>(entry->second);
}

unique_ptr<LocalFunctionData> OrderedCopyInitializeLocal(ExecutionContext &context, FunctionData &bind_data) {
	return make_uniq<LocalFunctionData>();
}

unique_ptr<GlobalFunctionData> OrderedCopyInitializeGlobal(ClientContext &context, FunctionData &bind_data,
                                                         const string &file_path) {
	auto target = TargetOf(bind_data);
	bool active = target->Resolve(context);
	return make_uniq<OrderedCopyState>(context, std::move(target), active);
}

idx_t OrderedCopyDesiredBatchSize(ClientContext &context, FunctionData &bind_data) {
	auto target = TargetOf(bind_data);
	if (!target->Resolve(context)) {
		return 122880;
	}
	auto row_group_size = target->Options().row_group_size;
	return row_group_size > 0 ? static_cast<idx_t>(row_group_size) : 122880;
}

unique_ptr<PreparedBatchData> OrderedCopyPrepareBatch(ClientContext &context, FunctionData &bind_data,
                                                      GlobalFunctionData &gstate,
                                                      unique_ptr<ColumnDataCollection> collection) {
	return gstate.Cast<OrderedCopyState>().MakeBatch(std::move(collection));
}

void OrderedCopyFlushBatch(ClientContext &context, FunctionData &bind_data, GlobalFunctionData &gstate,
                           PreparedBatchData &batch) {
	gstate.Cast<OrderedCopyState>().Flush(batch.Cast<OrderedCopyBatch>());
}

void OrderedCopySink(ExecutionContext &context, FunctionData &bind_data, GlobalFunctionData &gstate,
                     LocalFunctionData &lstate, DataChunk &input) {
	auto &state = gstate.Cast<OrderedCopyState>();
	if (!state.sunk) {
		state.sunk = make_uniq<ColumnDataCollection>(BufferManager::GetBufferManager(context.client), input.GetTypes());
	}
	state.sunk->Append(input);
	if (state.sunk->Count() >= OrderedCopyDesiredBatchSize(context.client, bind_data)) {
		auto batch = state.MakeBatch(std::move(state.sunk));
		state.Flush(*batch);
	}
}

void OrderedCopyCombine(ExecutionContext &context, FunctionData &bind_data, GlobalFunctionData &gstate,
                        LocalFunctionData &lstate) {
}

void OrderedCopyFinalize(ClientContext &context, FunctionData &bind_data, GlobalFunctionData &gstate) {
	auto &state = gstate.Cast<OrderedCopyState>();
	if (state.sunk && state.sunk->Count() > 0) {
		auto batch = state.MakeBatch(std::move(state.sunk));
		state.Flush(*batch);
	}
	state.Finish();
}

CopyFunctionExecutionMode OrderedCopyExecutionMode(bool preserve_insertion_order, bool supports_batch_index) {
	// the order is kept either way: row ids and positions depend on it
	return supports_batch_index ? CopyFunctionExecutionMode::BATCH_COPY_TO_FILE
	                            : CopyFunctionExecutionMode::REGULAR_COPY_TO_FILE;
}

} // namespace

CopyFunction OrderedLakeCopyFunction() {
	CopyFunction function("__inlake_lake_files");
	function.copy_to_bind = OrderedCopyBind;
	function.copy_to_initialize_local = OrderedCopyInitializeLocal;
	function.copy_to_initialize_global = OrderedCopyInitializeGlobal;
	function.copy_to_sink = OrderedCopySink;
	function.copy_to_combine = OrderedCopyCombine;
	function.copy_to_finalize = OrderedCopyFinalize;
	function.execution_mode = OrderedCopyExecutionMode;
	function.prepare_batch = OrderedCopyPrepareBatch;
	function.flush_batch = OrderedCopyFlushBatch;
	function.desired_batch_size = OrderedCopyDesiredBatchSize;
	return function;
}

unique_ptr<FunctionData> OrderedLakeCopyBindData(std::shared_ptr<OrderedCopyTarget> target) {
	return make_uniq<OrderedCopyBindData>(std::move(target));
}

OrderedCopyRegistration::OrderedCopyRegistration(std::shared_ptr<OrderedCopyTarget> target)
    : token(UUID::ToString(UUID::GenerateRandomUUID())) {
	std::lock_guard<std::mutex> guard(registry_lock);
	Registry()[token] = std::move(target);
}

OrderedCopyRegistration::~OrderedCopyRegistration() {
	std::lock_guard<std::mutex> guard(registry_lock);
	Registry().erase(token);
}

} // namespace inlake

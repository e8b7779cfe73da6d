#include "write/parquet_file_writer.hpp"

#include "write/parquet_copy_binding.hpp"

#include "duckdb/execution/execution_context.hpp"
#include "duckdb/function/copy_function.hpp"
#include "duckdb/main/client_context.hpp"
#include "duckdb/parallel/thread_context.hpp"
#include "duckdb/storage/buffer_manager.hpp"

namespace inlake {

using namespace duckdb; // NOLINT: this file only talks to DuckDB

struct ParquetFileWriter::State {
	State(ClientContext &context_p, ParquetWriteOptions options_p)
	    : context(context_p), options(std::move(options_p)), binding(context_p, options), thread(context_p),
	      execution(context_p, thread, nullptr), counter(options.columns) {
	}

	ClientContext &context;
	ParquetWriteOptions options;
	ParquetCopyBinding binding;
	//! Appended rows in their storage types (used only when some column is encoded)
	DataChunk encoded;
	ThreadContext thread;
	ExecutionContext execution;
	unique_ptr<LocalFunctionData> local_state;
	//! The file being written (no state between files)
	ParquetOpenFile file;
	NestedValueCounter counter;
	vector<WrittenDataFile> written;
	//! Every file created, removed again when the writer is dropped without Finish()
	vector<string> created_files;
	bool finished = false;
	//! With a row group byte limit: the rows of the row group being gathered, written by PrepareBatch/FlushBatch
	//! when it is full (the bound function only counts rows)
	unique_ptr<ColumnDataCollection> row_group;

	void StartFile();
	void FinishFile();
	void Gather(DataChunk &rows);
	void FlushRowGroup();
	void CheckChunk(DataChunk &chunk) const;
	//! The chunk as it is written: `chunk` itself, or its columns encoded into `encoded`.
	DataChunk &Encode(DataChunk &chunk);
};

ParquetFileWriter::ParquetFileWriter(ClientContext &context, ParquetWriteOptions options)
    : state(make_uniq<State>(context, std::move(options))) {
	auto &binding = state->binding;
	if (binding.needs_encoding) {
		state->encoded.Initialize(context, binding.storage_types);
	}
	state->local_state = binding.function.copy_to_initialize_local(state->execution, *binding.bind_data);
}

ParquetFileWriter::~ParquetFileWriter() {
	if (!state || state->finished) {
		return;
	}
	// dropped without Finish(): the files are nobody's, remove them
	try {
		state->file.state.reset();
		state->local_state.reset();
	} catch (...) { // NOLINT: a destructor must not throw
	}
	RemoveFilesQuietly(state->context, state->created_files);
}

void ParquetFileWriter::State::StartFile() {
	file = StartParquetFile(context, binding, created_files.empty());
	created_files.push_back(file.path);
}

void ParquetFileWriter::State::Gather(DataChunk &rows) {
	if (!row_group) {
		row_group = make_uniq<ColumnDataCollection>(BufferManager::GetBufferManager(context), rows.GetTypes());
	}
	row_group->Append(rows);
	if (row_group->Count() >= binding.row_group_size || row_group->SizeInBytes() >= binding.row_group_size_bytes) {
		FlushRowGroup();
	}
}

void ParquetFileWriter::State::FlushRowGroup() {
	if (!row_group || row_group->Count() == 0) {
		return;
	}
	auto &function = binding.function;
	auto prepared = function.prepare_batch(context, *binding.bind_data, *file.state, std::move(row_group));
	function.flush_batch(context, *binding.bind_data, *file.state, *prepared);
}

void ParquetFileWriter::State::FinishFile() {
	auto &function = binding.function;
	FlushRowGroup();
	function.copy_to_combine(execution, *binding.bind_data, *file.state, *local_state);
	written.push_back(FinishParquetFile(context, binding, file, counter.Counts()));
	file = ParquetOpenFile();
	local_state = function.copy_to_initialize_local(execution, *binding.bind_data);
	counter.Reset();
}

void ParquetFileWriter::State::CheckChunk(DataChunk &chunk) const {
	auto &state = *this;
	auto &types = state.binding.types;
	if (chunk.ColumnCount() != types.size()) {
		throw InvalidInputException("ParquetFileWriter: chunk has %llu columns, expected %llu", chunk.ColumnCount(),
		                            types.size());
	}
	for (idx_t i = 0; i < types.size(); i++) {
		if (chunk.data[i].GetType() != types[i]) {
			throw InvalidInputException("ParquetFileWriter: column %llu has type %s, expected %s", i,
			                            chunk.data[i].GetType().ToString(), types[i].ToString());
		}
	}
}

DataChunk &ParquetFileWriter::State::Encode(DataChunk &chunk) {
	if (!binding.needs_encoding) {
		return chunk;
	}
	EncodeChunkForParquet(chunk, encoded);
	return encoded;
}

void ParquetFileWriter::Append(DataChunk &chunk) {
	if (state->finished) {
		throw InvalidInputException("ParquetFileWriter: Append after Finish");
	}
	if (chunk.size() == 0) {
		return;
	}
	state->CheckChunk(chunk);
	auto &function = state->binding.function;
	auto &bind_data = *state->binding.bind_data;
	auto target = state->options.target_file_size;
	if (state->file.state && target > 0) {
		// the writer rotates when the size exceeds the limit: "reaches" is one byte less
		optional_idx limit(static_cast<idx_t>(target - 1));
		if (function.rotate_next_file(*state->file.state, bind_data, limit)) {
			state->FinishFile();
		}
	}
	if (!state->file.state) {
		state->StartFile();
	}
	if (state->binding.row_group_size_bytes > 0) {
		state->Gather(state->Encode(chunk));
	} else {
		function.copy_to_sink(state->execution, bind_data, *state->file.state, *state->local_state,
		                      state->Encode(chunk));
	}
	state->counter.Count(chunk);
}

std::vector<WrittenDataFile> ParquetFileWriter::Finish() {
	if (state->finished) {
		throw InvalidInputException("ParquetFileWriter: Finish called twice");
	}
	if (state->file.state) {
		state->FinishFile();
	}
	state->finished = true;
	return std::move(state->written);
}

} // namespace inlake

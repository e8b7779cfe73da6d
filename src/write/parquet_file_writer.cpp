#include "write/parquet_file_writer.hpp"

#include "write/nested_value_counter.hpp"
#include "write/parquet_field_ids.hpp"
#include "write/parquet_value_encoding.hpp"
#include "write/written_file_stats.hpp"

#include "duckdb/catalog/catalog.hpp"
#include "duckdb/catalog/catalog_entry/copy_function_catalog_entry.hpp"
#include "duckdb/catalog/catalog_entry/schema_catalog_entry.hpp"
#include "duckdb/catalog/catalog_transaction.hpp"
#include "duckdb/common/file_system.hpp"
#include "duckdb/common/types/uuid.hpp"
#include "duckdb/execution/execution_context.hpp"
#include "duckdb/function/copy_function.hpp"
#include "duckdb/main/client_context.hpp"
#include "duckdb/main/database.hpp"
#include "duckdb/parallel/thread_context.hpp"
#include "duckdb/parser/parsed_data/copy_info.hpp"

namespace inlake {

using namespace duckdb; // NOLINT: this file only talks to DuckDB

struct ParquetFileWriter::State {
	State(ClientContext &context_p, ParquetWriteOptions options_p)
	    : context(context_p), options(std::move(options_p)), function("parquet"), thread(context_p),
	      execution(context_p, thread, nullptr), counter(options.columns),
	      stats_paths(CollectStatsPaths(options.columns)) {
	}

	ClientContext &context;
	ParquetWriteOptions options;
	CopyFunction function;
	unique_ptr<FunctionData> bind_data;
	//! The types of the appended chunks, and the types they are written as (parquet_value_encoding.hpp)
	vector<LogicalType> types;
	vector<LogicalType> storage_types;
	//! Appended rows in their storage types (used only when some column is encoded)
	DataChunk encoded;
	bool needs_encoding = false;
	ThreadContext thread;
	ExecutionContext execution;
	unique_ptr<LocalFunctionData> local_state;
	//! The file being written (null between files)
	unique_ptr<GlobalFunctionData> file_state;
	unique_ptr<CopyFunctionFileStatistics> file_stats;
	string file_path;
	string file_name;
	NestedValueCounter counter;
	vector<ParquetStatsPath> stats_paths;
	vector<WrittenDataFile> written;
	//! Every file created, removed again when the writer is dropped without Finish()
	vector<string> created_files;
	bool directory_checked = false;
	bool finished = false;

	void StartFile();
	void FinishFile();
	void CheckChunk(DataChunk &chunk) const;
	//! The chunk as it is written: `chunk` itself, or its columns encoded into `encoded`.
	DataChunk &Encode(DataChunk &chunk);
};

static CopyFunction GetParquetCopyFunction(ClientContext &context) {
	auto &db = DatabaseInstance::GetDatabase(context);
	auto transaction = CatalogTransaction::GetSystemTransaction(db);
	auto &schema = Catalog::GetSystemCatalog(db).GetSchema(transaction, DEFAULT_SCHEMA);
	auto entry = schema.GetEntry(transaction, CatalogType::COPY_FUNCTION_ENTRY, "parquet");
	if (!entry) {
		throw InvalidInputException("The parquet extension is not loaded: cannot write data files");
	}
	return entry->Cast<CopyFunctionCatalogEntry>().function;
}

ParquetFileWriter::ParquetFileWriter(ClientContext &context, ParquetWriteOptions options)
    : state(make_uniq<State>(context, std::move(options))) {
	auto &opts = state->options;
	state->function = GetParquetCopyFunction(context);

	vector<string> names;
	for (auto &column : opts.columns) {
		names.push_back(column.name);
		state->types.push_back(column.type);
		state->storage_types.push_back(ParquetStorageType(column.type));
		state->needs_encoding = state->needs_encoding || HasParquetStorageEncoding(column.type);
	}
	std::vector<HiddenParquetColumn> hidden;
	if (opts.write_row_id_and_snapshot || opts.write_row_id) {
		hidden = RowIdAndSnapshotColumns();
		if (!opts.write_row_id_and_snapshot) {
			hidden.resize(1); // the row id only
		}
		for (auto &column : hidden) {
			names.push_back(column.name);
			state->types.push_back(LogicalType::BIGINT);
			state->storage_types.push_back(LogicalType::BIGINT);
		}
	}
	if (state->needs_encoding) {
		state->encoded.Initialize(context, state->storage_types);
	}

	CopyInfo info;
	info.is_from = false;
	info.format = "parquet";
	info.options["field_ids"] = {BuildFieldIdsOption(opts.columns, hidden)};
	info.options["compression"] = {Value(opts.compression)};
	if (opts.compression_level != 0) {
		info.options["compression_level"] = {Value::BIGINT(opts.compression_level)};
	}
	if (opts.row_group_size > 0) {
		info.options["row_group_size"] = {Value::UBIGINT(static_cast<uint64_t>(opts.row_group_size))};
	}
	if (!opts.parquet_version.empty()) {
		info.options["parquet_version"] = {Value(opts.parquet_version)};
	}
	CopyFunctionBindInput input(info);
	input.file_extension = "parquet";
	state->bind_data = state->function.copy_to_bind(context, input, names, state->storage_types);
	state->local_state = state->function.copy_to_initialize_local(state->execution, *state->bind_data);
}

ParquetFileWriter::~ParquetFileWriter() {
	if (!state || state->finished) {
		return;
	}
	// dropped without Finish(): the files are nobody's, remove them
	try {
		state->file_state.reset();
		state->local_state.reset();
		auto &fs = FileSystem::GetFileSystem(state->context);
		for (auto &path : state->created_files) {
			fs.TryRemoveFile(path);
		}
	} catch (...) { // NOLINT: a destructor must not throw
	}
}

void ParquetFileWriter::State::StartFile() {
	auto &state = *this;
	auto &fs = FileSystem::GetFileSystem(state.context);
	auto &directory = state.options.directory;
	if (!state.directory_checked) {
		if (!fs.IsRemoteFile(directory) && !fs.DirectoryExists(directory)) {
			fs.CreateDirectoriesRecursive(directory);
		}
		state.directory_checked = true;
	}
	state.file_name = "ducklake-" + UUID::ToString(UUIDv7::GenerateRandomUUID()) + state.options.file_suffix;
	state.file_path = directory + state.file_name;
	state.file_state = state.function.copy_to_initialize_global(state.context, *state.bind_data, state.file_path);
	state.created_files.push_back(state.file_path);
	state.file_stats = make_uniq<CopyFunctionFileStatistics>();
	state.function.copy_to_get_written_statistics(state.context, *state.bind_data, *state.file_state,
	                                              *state.file_stats);
}

void ParquetFileWriter::State::FinishFile() {
	auto &state = *this;
	auto &function = state.function;
	function.copy_to_combine(state.execution, *state.bind_data, *state.file_state, *state.local_state);
	function.copy_to_finalize(state.context, *state.bind_data, *state.file_state);
	state.file_state.reset();
	state.local_state = function.copy_to_initialize_local(state.execution, *state.bind_data);

	auto file = ConvertWrittenFileStats(*state.file_stats, state.stats_paths, state.counter.Counts());
	file.path = state.file_path;
	file.file_name = state.file_name;
	state.written.push_back(std::move(file));
	state.file_stats.reset();
	state.counter.Reset();
}

void ParquetFileWriter::State::CheckChunk(DataChunk &chunk) const {
	auto &state = *this;
	if (chunk.ColumnCount() != state.types.size()) {
		throw InvalidInputException("ParquetFileWriter: chunk has %llu columns, expected %llu", chunk.ColumnCount(),
		                            state.types.size());
	}
	for (idx_t i = 0; i < state.types.size(); i++) {
		if (chunk.data[i].GetType() != state.types[i]) {
			throw InvalidInputException("ParquetFileWriter: column %llu has type %s, expected %s", i,
			                            chunk.data[i].GetType().ToString(), state.types[i].ToString());
		}
	}
}

DataChunk &ParquetFileWriter::State::Encode(DataChunk &chunk) {
	if (!needs_encoding) {
		return chunk;
	}
	encoded.Reset();
	for (idx_t col = 0; col < chunk.ColumnCount(); col++) {
		EncodeForParquet(chunk.data[col], encoded.data[col], chunk.size());
	}
	encoded.SetCardinality(chunk.size());
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
	auto &function = state->function;
	auto target = state->options.target_file_size;
	if (state->file_state && target > 0) {
		// the writer rotates when the size exceeds the limit: "reaches" is one byte less
		optional_idx limit(static_cast<idx_t>(target - 1));
		if (function.rotate_next_file(*state->file_state, *state->bind_data, limit)) {
			state->FinishFile();
		}
	}
	if (!state->file_state) {
		state->StartFile();
	}
	function.copy_to_sink(state->execution, *state->bind_data, *state->file_state, *state->local_state,
	                      state->Encode(chunk));
	state->counter.Count(chunk);
}

std::vector<WrittenDataFile> ParquetFileWriter::Finish() {
	if (state->finished) {
		throw InvalidInputException("ParquetFileWriter: Finish called twice");
	}
	if (state->file_state) {
		state->FinishFile();
	}
	state->finished = true;
	return std::move(state->written);
}

} // namespace inlake

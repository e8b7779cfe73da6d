#include "write/parquet_copy_binding.hpp"

#include "common/file_encryption_key.hpp"
#include "write/parquet_value_encoding.hpp"
#include "write/written_file_stats.hpp"

#include "duckdb/catalog/catalog.hpp"
#include "duckdb/catalog/catalog_entry/copy_function_catalog_entry.hpp"
#include "duckdb/catalog/catalog_entry/schema_catalog_entry.hpp"
#include "duckdb/catalog/catalog_transaction.hpp"
#include "duckdb/common/file_system.hpp"
#include "duckdb/common/types/uuid.hpp"
#include "duckdb/main/client_context.hpp"
#include "duckdb/main/database.hpp"
#include "duckdb/parser/parsed_data/copy_info.hpp"
#include "duckdb/storage/buffer_manager.hpp"

namespace inlake {

using namespace duckdb; // NOLINT: this file only talks to DuckDB

static constexpr idx_t LAKE_DEFAULT_ROW_GROUP_SIZE = 122880;

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

ParquetCopyBinding::ParquetCopyBinding(ClientContext &context, const ParquetWriteOptions &options)
    : function(GetParquetCopyFunction(context)), stats_paths(CollectStatsPaths(options.columns)),
      directory(options.directory), file_suffix(options.file_suffix), encrypt(options.encrypt) {
	for (auto &column : options.columns) {
		names.push_back(column.name);
		types.push_back(column.type);
		storage_types.push_back(ParquetStorageType(column.type));
		needs_encoding = needs_encoding || HasParquetStorageEncoding(column.type);
	}
	std::vector<HiddenParquetColumn> hidden;
	if (options.write_row_id_and_snapshot || options.write_row_id) {
		hidden = RowIdAndSnapshotColumns();
		if (!options.write_row_id_and_snapshot) {
			hidden.resize(1); // the row id only
		}
		for (auto &column : hidden) {
			names.push_back(column.name);
			types.push_back(LogicalType::BIGINT);
			storage_types.push_back(LogicalType::BIGINT);
		}
	}

	CopyInfo info;
	info.is_from = false;
	info.format = "parquet";
	info.options["field_ids"] = {BuildFieldIdsOption(options.columns, hidden)};
	info.options["compression"] = {Value(options.compression)};
	if (options.compression_level != 0) {
		info.options["compression_level"] = {Value::BIGINT(options.compression_level)};
	}
	row_group_size = LAKE_DEFAULT_ROW_GROUP_SIZE;
	if (options.row_group_size > 0) {
		row_group_size = static_cast<idx_t>(options.row_group_size);
		info.options["row_group_size"] = {Value::UBIGINT(row_group_size)};
	}
	if (!options.parquet_version.empty()) {
		info.options["parquet_version"] = {Value(options.parquet_version)};
	}
	row_group_size_bytes = options.row_group_size_bytes > 0 ? static_cast<idx_t>(options.row_group_size_bytes) : 0;
	copy_options = info.options;
	CopyFunctionBindInput input(info);
	input.file_extension = "parquet";
	bind_data = function.copy_to_bind(context, input, names, storage_types);
}

//! A binding of `binding`'s options that encrypts under `key` (catalog text) the file at `path`.
static unique_ptr<FunctionData> BindEncrypted(ClientContext &context, ParquetCopyBinding &binding,
                                              const std::string &key, const std::string &path) {
	CopyInfo info;
	info.is_from = false;
	info.format = "parquet";
	info.options = binding.copy_options;
	info.options["encryption_config"] = {ParquetEncryptionConfig(key, path)};
	CopyFunctionBindInput input(info);
	input.file_extension = "parquet";
	return binding.function.copy_to_bind(context, input, binding.names, binding.storage_types);
}

ParquetOpenFile StartParquetFile(ClientContext &context, ParquetCopyBinding &binding, bool check_directory) {
	auto &fs = FileSystem::GetFileSystem(context);
	if (check_directory && !fs.IsRemoteFile(binding.directory) && !fs.DirectoryExists(binding.directory)) {
		fs.CreateDirectoriesRecursive(binding.directory);
	}
	ParquetOpenFile file;
	file.name = "ducklake-" + UUID::ToString(UUIDv7::GenerateRandomUUID()) + binding.file_suffix;
	file.path = binding.directory + file.name;
	auto *bind_data = binding.bind_data.get();
	if (binding.encrypt) {
		file.encryption_key = NewFileEncryptionKey();
		file.encrypted_bind_data = BindEncrypted(context, binding, file.encryption_key, file.path);
		bind_data = file.encrypted_bind_data.get();
	}
	file.state = binding.function.copy_to_initialize_global(context, *bind_data, file.path);
	file.stats = make_uniq<CopyFunctionFileStatistics>();
	binding.function.copy_to_get_written_statistics(context, *binding.bind_data, *file.state, *file.stats);
	return file;
}

WrittenDataFile FinishParquetFile(ClientContext &context, ParquetCopyBinding &binding, ParquetOpenFile &file,
                                  const std::unordered_map<int64_t, NestedCounts> &nested_counts) {
	binding.function.copy_to_finalize(context, *binding.bind_data, *file.state);
	file.finished = true;
	auto written = ConvertWrittenFileStats(*file.stats, binding.stats_paths, nested_counts);
	written.min_row_id = WrittenMinRowId(*file.stats);
	written.path = file.path;
	written.file_name = file.name;
	written.encryption_key = file.encryption_key;
	return written;
}

void EncodeChunkForParquet(DataChunk &source, DataChunk &result) {
	result.Reset();
	for (idx_t col = 0; col < source.ColumnCount(); col++) {
		EncodeForParquet(source.data[col], result.data[col], source.size());
	}
	result.SetCardinality(source.size());
}

std::vector<unique_ptr<ColumnDataCollection>> SplitRowGroups(ClientContext &context,
                                                              unique_ptr<ColumnDataCollection> rows, idx_t max_bytes) {
	std::vector<unique_ptr<ColumnDataCollection>> groups;
	if (max_bytes == 0 || rows->SizeInBytes() < max_bytes) {
		groups.push_back(std::move(rows));
		return groups;
	}
	unique_ptr<ColumnDataCollection> group;
	for (auto &chunk : rows->Chunks()) {
		if (!group) {
			group = make_uniq<ColumnDataCollection>(BufferManager::GetBufferManager(context), rows->Types());
		}
		group->Append(chunk);
		if (group->SizeInBytes() >= max_bytes) {
			groups.push_back(std::move(group));
		}
	}
	if (group && group->Count() > 0) {
		groups.push_back(std::move(group));
	}
	return groups;
}

void RemoveFilesQuietly(ClientContext &context, const std::vector<std::string> &paths) {
	try {
		auto &fs = FileSystem::GetFileSystem(context);
		for (auto &path : paths) {
			fs.TryRemoveFile(path);
		}
	} catch (...) { // NOLINT: cleanup of an abandoned write must not throw
	}
}

} // namespace inlake

#include "write/partitioned_file_writer.hpp"

#include "duckdb/common/exception.hpp"
#include "duckdb/common/string_util.hpp"
#include "duckdb/main/client_context.hpp"
#include "duckdb/storage/buffer_manager.hpp"

#include <cstring>
#include <set>

namespace inlake {
using namespace duckdb; // NOLINT

std::vector<std::string> PartitionFolderNames(const PartitionSpec &spec, const std::vector<LakeColumn> &columns) {
	std::vector<std::string> names;
	std::set<std::string> taken;
	for (auto &key : spec.keys) {
		std::string column_name = "column_" + std::to_string(key.column_id);
		for (auto &column : columns) {
			if (column.column_id == key.column_id) {
				column_name = column.name;
			}
		}
		auto transform = PartitionTransform::Parse(key.transform);
		auto name = transform.kind == PartitionTransformKind::IDENTITY ? column_name : transform.Name();
		if (taken.count(StringUtil::Lower(name))) {
			name += "_" + column_name;
		}
		while (taken.count(StringUtil::Lower(name))) {
			name += "_";
		}
		taken.insert(StringUtil::Lower(name));
		names.push_back(name);
	}
	return names;
}

//! The refusal of a partition value holding chr(0) where the catalog cannot store one (PostgreSQL).
[[noreturn]] static void ThrowNulPartitionValue(const std::string &key, const std::string &table_name) {
	throw InvalidInputException("Cannot write a value holding a NUL character (chr(0)) into partition key \"%s\" of "
	                            "table \"%s\": this catalog database (PostgreSQL) cannot store it as a partition value",
	                            key, table_name);
}

void RefuseNulPartitionValues(const std::string &table_name, const PartitionSpec &spec,
                              const std::vector<LakeColumn> &columns, DataChunk &chunk) {
	for (auto &key : spec.keys) {
		if (key.transform != "identity") {
			continue;
		}
		for (idx_t i = 0; i < columns.size() && i < chunk.ColumnCount(); i++) {
			if (columns[i].column_id != key.column_id || columns[i].type.id() != LogicalTypeId::VARCHAR) {
				continue;
			}
			UnifiedVectorFormat format;
			chunk.data[i].ToUnifiedFormat(chunk.size(), format);
			auto data = UnifiedVectorFormat::GetData<string_t>(format);
			for (idx_t row = 0; row < chunk.size(); row++) {
				auto index = format.sel->get_index(row);
				if (!format.validity.RowIsValid(index)) {
					continue;
				}
				auto &text = data[index];
				if (memchr(text.GetData(), '\0', text.GetSize())) {
					ThrowNulPartitionValue(columns[i].name, table_name);
				}
			}
		}
	}
}

PartitionedFileWriter::PartitionedFileWriter(ClientContext &context, ParquetWriteOptions options_p)
    : context(context), options(std::move(options_p)) {
	Value setting;
	if (context.TryGetCurrentSetting("partitioned_write_max_open_files", setting) && !setting.IsNull()) {
		max_open_writers = std::max<idx_t>(1, setting.GetValue<idx_t>());
	}
	auto folder_names = PartitionFolderNames(options.partition, options.columns);
	for (size_t k = 0; k < options.partition.keys.size(); k++) {
		auto &spec_key = options.partition.keys[k];
		Key key;
		key.column_id = spec_key.column_id;
		key.transform = PartitionTransform::Parse(spec_key.transform);
		key.folder_name = folder_names[k];
		bool found = false;
		for (idx_t i = 0; i < options.columns.size(); i++) {
			if (options.columns[i].column_id == spec_key.column_id) {
				key.column_index = i;
				found = true;
			}
		}
		if (!found) {
			throw InternalException("inlake: partition key column %lld is not a column of the written table",
			                        (long long)spec_key.column_id);
		}
		keys.push_back(std::move(key));
	}
}

PartitionedFileWriter::~PartitionedFileWriter() = default;

size_t PartitionedFileWriter::PartitionFor(const std::vector<PartitionValueText> &values) {
	std::string lookup;
	for (auto &value : values) {
		lookup += value.has_value ? "v" + std::to_string(value.text.size()) + ":" + value.text : "n";
	}
	auto found = partition_lookup.find(lookup);
	if (found != partition_lookup.end()) {
		return found->second;
	}
	if (options.refuse_nul_partition_values) {
		for (size_t k = 0; k < keys.size(); k++) {
			if (values[k].text.find('\0') != std::string::npos) {
				ThrowNulPartitionValue(keys[k].folder_name, options.table_name);
			}
		}
	}
	Partition partition;
	partition.values = values;
	if (options.hive_file_pattern) {
		for (size_t k = 0; k < keys.size(); k++) {
			partition.folders += HivePartitionFolder(keys[k].folder_name, values[k]);
		}
		// the folders stay well within path limits (the catalog, not the path, holds the values): a partition
		// whose folders would be too long goes to the table's folder itself
		constexpr size_t kMaxFolders = 240;
		if (partition.folders.size() > kMaxFolders) {
			partition.folders.clear();
		}
	}
	auto index = partitions.size();
	partition_lookup[lookup] = index;
	partitions.push_back(std::move(partition));
	return index;
}

std::unique_ptr<ParquetFileWriter> PartitionedFileWriter::OpenWriter(const Partition &partition) {
	auto partition_options = options;
	partition_options.directory += partition.folders;
	return make_uniq<ParquetFileWriter>(context, std::move(partition_options));
}

void PartitionedFileWriter::AppendTo(size_t index, DataChunk &chunk) {
	auto &partition = partitions[index];
	if (!partition.writer && !partition.buffer && open_writers < max_open_writers) {
		partition.writer = OpenWriter(partition);
		open_writers++;
	}
	if (partition.writer) {
		partition.writer->Append(chunk);
		return;
	}
	// beyond the open-file limit: the rows wait (in memory the buffer manager may spill) until Finish
	if (!partition.buffer) {
		partition.buffer = make_uniq<ColumnDataCollection>(BufferManager::GetBufferManager(context), chunk.GetTypes());
	}
	partition.buffer->Append(chunk);
}

void PartitionedFileWriter::Append(DataChunk &chunk, std::vector<size_t> *partition_of_row) {
	auto count = chunk.size();
	if (count == 0) {
		return;
	}
	if (keys.empty()) {
		auto index = PartitionFor({});
		AppendTo(index, chunk);
		if (partition_of_row) {
			partition_of_row->insert(partition_of_row->end(), count, index);
		}
		return;
	}
	std::vector<std::vector<PartitionValueText>> key_values(keys.size());
	for (size_t k = 0; k < keys.size(); k++) {
		ComputePartitionValues(keys[k].transform, chunk.data[keys[k].column_index], count, key_values[k]);
	}
	// rows by partition, in row order; consecutive rows of one value look the partition up once
	std::vector<size_t> touched;
	std::vector<PartitionValueText> values(keys.size());
	size_t current = SIZE_MAX;
	for (idx_t row = 0; row < count; row++) {
		bool same = current != SIZE_MAX;
		for (size_t k = 0; k < keys.size() && same; k++) {
			same = key_values[k][row] == values[k];
		}
		if (!same) {
			for (size_t k = 0; k < keys.size(); k++) {
				values[k] = key_values[k][row];
			}
			current = PartitionFor(values);
			if (rows_of.size() <= current) {
				rows_of.resize(current + 1);
			}
		}
		if (rows_of[current].empty()) {
			touched.push_back(current);
		}
		rows_of[current].push_back(sel_t(row));
		if (partition_of_row) {
			partition_of_row->push_back(current);
		}
	}
	if (touched.size() == 1) {
		rows_of[touched[0]].clear();
		AppendTo(touched[0], chunk);
		return;
	}
	DataChunk slice;
	slice.Initialize(Allocator::Get(context), chunk.GetTypes());
	for (auto index : touched) {
		auto &rows = rows_of[index];
		SelectionVector selection(rows.data());
		slice.Reset();
		slice.Slice(chunk, selection, rows.size());
		slice.Flatten();
		AppendTo(index, slice);
		rows.clear();
	}
}

std::vector<WrittenDataFile> PartitionedFileWriter::Finish() {
	std::vector<WrittenDataFile> result;
	files_per_partition.clear();
	for (auto &partition : partitions) {
		if (partition.buffer) {
			partition.writer = OpenWriter(partition);
			for (auto &chunk : partition.buffer->Chunks()) {
				partition.writer->Append(chunk);
			}
			partition.buffer.reset();
		}
		auto files = partition.writer->Finish();
		partition.writer.reset();
		files_per_partition.push_back(files.size());
		auto &folders = partition.folders;
		for (auto &file : files) {
			if (!keys.empty()) {
				file.file_name = folders + file.file_name;
				file.partition_id = options.partition.partition_id;
				for (size_t k = 0; k < keys.size(); k++) {
					FilePartitionValue value;
					value.key_index = int64_t(k);
					value.column_id = keys[k].column_id;
					value.transform = options.partition.keys[k].transform;
					value.has_value = partition.values[k].has_value;
					value.value = partition.values[k].text;
					file.partition_values.push_back(std::move(value));
				}
			}
			result.push_back(std::move(file));
		}
	}
	return result;
}

} // namespace inlake

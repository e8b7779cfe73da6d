#include "write/partitioned_file_writer.hpp"

#include "duckdb/common/exception.hpp"
#include "duckdb/common/string_util.hpp"
#include "duckdb/main/client_context.hpp"

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

PartitionedFileWriter::PartitionedFileWriter(ClientContext &context, ParquetWriteOptions options_p)
    : context(context), options(std::move(options_p)) {
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

PartitionedFileWriter::Partition &PartitionedFileWriter::PartitionFor(const std::vector<PartitionValueText> &values,
                                                                      size_t &index) {
	auto found = partition_index.find(values);
	if (found != partition_index.end()) {
		index = found->second;
		return partitions[index];
	}
	auto partition_options = options;
	if (options.hive_file_pattern) {
		for (size_t k = 0; k < keys.size(); k++) {
			partition_options.directory += HivePartitionFolder(keys[k].folder_name, values[k]);
		}
	}
	Partition partition;
	partition.values = values;
	partition.writer = make_uniq<ParquetFileWriter>(context, std::move(partition_options));
	index = partitions.size();
	partition_index[values] = index;
	partitions.push_back(std::move(partition));
	return partitions.back();
}

void PartitionedFileWriter::Append(DataChunk &chunk, std::vector<size_t> *partition_of_row) {
	auto count = chunk.size();
	if (count == 0) {
		return;
	}
	if (keys.empty()) {
		size_t index;
		PartitionFor({}, index).writer->Append(chunk);
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
	std::string lookup;
	size_t current = SIZE_MAX;
	for (idx_t row = 0; row < count; row++) {
		bool same = current != SIZE_MAX;
		for (size_t k = 0; k < keys.size() && same; k++) {
			same = key_values[k][row] == values[k];
		}
		if (!same) {
			lookup.clear();
			for (size_t k = 0; k < keys.size(); k++) {
				values[k] = key_values[k][row];
				lookup += values[k].has_value ? "v" + std::to_string(values[k].text.size()) + ":" + values[k].text : "n";
			}
			auto found = partition_lookup.find(lookup);
			if (found != partition_lookup.end()) {
				current = found->second;
			} else {
				PartitionFor(values, current);
				partition_lookup[lookup] = current;
			}
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
		partitions[touched[0]].writer->Append(chunk);
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
		partitions[index].writer->Append(slice);
		rows.clear();
	}
}

std::vector<WrittenDataFile> PartitionedFileWriter::Finish() {
	std::vector<WrittenDataFile> result;
	files_per_partition.clear();
	for (auto &partition : partitions) {
		auto files = partition.writer->Finish();
		files_per_partition.push_back(files.size());
		std::string folders;
		if (options.hive_file_pattern) {
			for (size_t k = 0; k < keys.size(); k++) {
				folders += HivePartitionFolder(keys[k].folder_name, partition.values[k]);
			}
		}
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

#include "write/added_file_columns.hpp"

#include "catalog/type_promotion.hpp"
#include "read/name_mapped_columns.hpp"

#include "duckdb/common/exception.hpp"
#include "duckdb/common/string_util.hpp"
#include "duckdb/common/types/value.hpp"

namespace inlake {

using duckdb::InvalidInputException;
using duckdb::LogicalType;
using duckdb::LogicalTypeId;
using duckdb::StringUtil;
using duckdb::Value;

namespace {

//! A column of the file at one level: its name, type and field id (-1: none)
struct FileField {
	std::string name;
	LogicalType type;
	int64_t field_id = -1;
};

std::vector<FileField> ChildFields(const LogicalType &type) {
	std::vector<FileField> result;
	switch (type.id()) {
	case LogicalTypeId::STRUCT:
		for (auto &child : duckdb::StructType::GetChildTypes(type)) {
			result.push_back({child.first, child.second, -1});
		}
		break;
	case LogicalTypeId::LIST:
		result.push_back({"element", duckdb::ListType::GetChildType(type), -1});
		break;
	case LogicalTypeId::ARRAY:
		result.push_back({"element", duckdb::ArrayType::GetChildType(type), -1});
		break;
	case LogicalTypeId::MAP:
		result.push_back({"key", duckdb::MapType::KeyType(type), -1});
		result.push_back({"value", duckdb::MapType::ValueType(type), -1});
		break;
	default:
		break;
	}
	return result;
}

class Matcher {
public:
	Matcher(const std::string &table_name, const ParquetFooter &footer, const AddFilesOptions &options)
	    : table_name(table_name), footer(footer), options(options) {
	}

	//! Matches the file fields of one level to the table columns of that level (parent -1: top level)
	void MatchLevel(const std::vector<LakeColumn> &columns, const std::vector<FileField> &fields, int64_t parent,
	                bool positional, const std::string &prefix) {
		std::vector<const FileField *> matched(columns.size(), nullptr);
		std::vector<bool> used(fields.size(), false);
		if (positional) {
			for (size_t i = 0; i < columns.size() && i < fields.size(); i++) {
				matched[i] = &fields[i];
				used[i] = true;
			}
		} else if (ByFieldId(columns, fields)) {
			for (size_t f = 0; f < fields.size(); f++) {
				for (size_t c = 0; c < columns.size(); c++) {
					if (columns[c].column_id == fields[f].field_id) {
						matched[c] = &fields[f];
						used[f] = true;
					}
				}
			}
		} else {
			for (int pass = 0; pass < 2; pass++) {
				for (size_t c = 0; c < columns.size(); c++) {
					for (size_t f = 0; f < fields.size() && !matched[c]; f++) {
						bool same = pass == 0 ? fields[f].name == columns[c].name
						                      : StringUtil::CIEquals(fields[f].name, columns[c].name);
						if (!used[f] && same) {
							matched[c] = &fields[f];
							used[f] = true;
						}
					}
				}
			}
		}
		for (size_t f = 0; f < fields.size(); f++) {
			if (!used[f] && !options.ignore_extra_columns) {
				throw InvalidInputException("%s: column \"%s%s\" of file \"%s\" is not a column of table \"%s\" (use "
				                            "ignore_extra_columns => true to add the file without it)",
				                            options.function_name, prefix, fields[f].name, footer.path, table_name);
			}
		}
		for (size_t c = 0; c < columns.size(); c++) {
			auto &column = columns[c];
			if (!matched[c]) {
				Missing(column, parent, prefix);
				continue;
			}
			auto &field = *matched[c];
			NameMapEntry entry;
			entry.column_id = column.column_id;
			entry.source_name = field.name;
			entry.target_field_id = column.column_id;
			entry.parent_column = parent;
			result.mapping.entries.push_back(entry);
			CheckType(column, field, prefix);
			if (!column.children.empty()) {
				auto id = column.type.id();
				bool by_position = id == LogicalTypeId::LIST || id == LogicalTypeId::ARRAY || id == LogicalTypeId::MAP;
				MatchLevel(column.children, ChildFields(field.type), column.column_id, by_position,
				           prefix + field.name + ".");
			}
			if (parent < 0) {
				AddStats(column, field);
			}
		}
	}

	MatchedFile result;

private:
	static bool ByFieldId(const std::vector<LakeColumn> &columns, const std::vector<FileField> &fields) {
		if (fields.empty()) {
			return false;
		}
		for (auto &field : fields) {
			bool known = false;
			for (auto &column : columns) {
				known = known || (field.field_id >= 0 && column.column_id == field.field_id);
			}
			if (!known) {
				return false;
			}
		}
		return true;
	}

	void Missing(const LakeColumn &column, int64_t parent, const std::string &prefix) {
		if (parent < 0 && options.hive_partitioning) {
			auto partitions = HivePartitionsOfPath(footer.path);
			for (auto &partition : partitions) {
				if (!StringUtil::CIEquals(partition.first, column.name)) {
					continue;
				}
				Value value;
				try {
					value = HivePartitionValue(partition.second, column.type);
				} catch (std::exception &) {
					throw InvalidInputException("%s: the Hive folder \"%s=%s\" of file \"%s\" is no value of column "
					                            "\"%s\" (%s) of table \"%s\"",
					                            options.function_name, partition.first, partition.second, footer.path,
					                            column.name, column.type.ToString(), table_name);
				}
				NameMapEntry entry;
				entry.column_id = column.column_id;
				entry.source_name = partition.first;
				entry.target_field_id = column.column_id;
				entry.is_partition = true;
				result.mapping.entries.push_back(entry);
				AddConstantStats(column, value);
				return;
			}
		}
		if (!options.allow_missing) {
			throw InvalidInputException("%s: column \"%s%s\" of table \"%s\" is missing from file \"%s\" (use "
			                            "allow_missing => true to add the file anyway; the column then reads %s)",
			                            options.function_name, prefix, column.name, table_name, footer.path,
			                            column.has_initial_default ? "its initial default" : "NULL");
		}
	}

	void CheckType(const LakeColumn &column, const FileField &field, const std::string &prefix) {
		auto &from = field.type;
		auto &to = column.type;
		bool both_nested = from.IsNested() && to.IsNested();
		bool ok;
		if (both_nested) {
			auto a = from.id() == LogicalTypeId::ARRAY ? LogicalTypeId::LIST : from.id();
			ok = a == to.id(); // the children are checked one by one
		} else if (from.IsNested() || to.IsNested()) {
			ok = false;
		} else if (from == to) {
			ok = true;
		} else {
			try {
				CheckTypePromotion(table_name, column.name, from, to);
				ok = true;
			} catch (std::exception &) {
				ok = false;
			}
		}
		if (!ok) {
			throw InvalidInputException("%s: column \"%s%s\" of file \"%s\" has type %s, which cannot be read as "
			                            "column \"%s\" of table \"%s\" (type %s)",
			                            options.function_name, prefix, field.name, footer.path, from.ToString(),
			                            column.name, table_name, to.ToString());
		}
	}

	void AddStats(const LakeColumn &column, const FileField &field) {
		auto found = footer.stats.find(field.name);
		if (found == footer.stats.end() || column.type.IsNested() || found->second.null_count < 0) {
			return;
		}
		auto &stats = found->second;
		FileColumnStatsRecord record;
		record.column_id = column.column_id;
		record.column_size_bytes = stats.column_size_bytes;
		record.value_count = stats.value_count;
		record.null_count = stats.null_count;
		auto id = column.type.id();
		if (stats.has_min_max && id != LogicalTypeId::FLOAT && id != LogicalTypeId::DOUBLE) {
			Value min, max;
			if (Value(stats.min_value).DefaultTryCastAs(column.type, min, nullptr) &&
			    Value(stats.max_value).DefaultTryCastAs(column.type, max, nullptr)) {
				record.has_min_max = true;
				record.min_value = min.ToString();
				record.max_value = max.ToString();
			}
		}
		result.column_stats.push_back(std::move(record));
	}

	void AddConstantStats(const LakeColumn &column, const Value &value) {
		FileColumnStatsRecord record;
		record.column_id = column.column_id;
		record.value_count = footer.record_count;
		record.null_count = value.IsNull() ? footer.record_count : 0;
		auto id = column.type.id();
		if (!value.IsNull() && !column.type.IsNested() && id != LogicalTypeId::FLOAT && id != LogicalTypeId::DOUBLE) {
			record.has_min_max = true;
			record.min_value = value.ToString();
			record.max_value = value.ToString();
		}
		result.column_stats.push_back(std::move(record));
	}

	const std::string &table_name;
	const ParquetFooter &footer;
	const AddFilesOptions &options;
};

} // namespace

MatchedFile MatchFileColumns(const std::string &table_name, const std::vector<LakeColumn> &columns,
                             const ParquetFooter &footer, const AddFilesOptions &options) {
	Matcher matcher(table_name, footer, options);
	std::vector<FileField> fields;
	for (auto &column : footer.columns) {
		fields.push_back({column.name, column.type, column.field_id});
	}
	matcher.MatchLevel(columns, fields, -1, false, "");
	return std::move(matcher.result);
}

std::string MappingKey(const NameMapping &mapping) {
	std::string key;
	for (auto &entry : mapping.entries) {
		key += std::to_string(entry.column_id) + "/" + std::to_string(entry.parent_column) + "/" +
		       (entry.is_partition ? "p" : "c") + std::to_string(entry.source_name.size()) + ":" + entry.source_name +
		       ";";
	}
	return key;
}

} // namespace inlake

#include "read/name_mapped_columns.hpp"

#include "duckdb/common/string_util.hpp"

#include <algorithm>
#include <vector>

namespace inlake {

using duckdb::LogicalTypeId;
using duckdb::MultiFileColumnDefinition;
using duckdb::Value;

namespace {

struct Mapper {
	const NameMapping &mapping;
	int32_t next_unmatched = -1;

	std::vector<const NameMapEntry *> ChildrenOf(int64_t parent) const {
		std::vector<const NameMapEntry *> result;
		for (auto &entry : mapping.entries) {
			if (!entry.is_partition && entry.parent_column == parent) {
				result.push_back(&entry);
			}
		}
		std::sort(result.begin(), result.end(),
		          [](const NameMapEntry *a, const NameMapEntry *b) { return a->column_id < b->column_id; });
		return result;
	}

	static const NameMapEntry *ByName(const std::vector<const NameMapEntry *> &entries, const std::string &name) {
		for (auto entry : entries) {
			if (entry->source_name == name) {
				return entry;
			}
		}
		for (auto entry : entries) {
			if (duckdb::StringUtil::CIEquals(entry->source_name, name)) {
				return entry;
			}
		}
		return nullptr;
	}

	void Unmatched(MultiFileColumnDefinition &column) {
		column.identifier = Value::INTEGER(next_unmatched--);
		for (auto &child : column.children) {
			Unmatched(child);
		}
	}

	void MapChildren(duckdb::vector<MultiFileColumnDefinition> &columns, int64_t parent, bool positional) {
		auto entries = ChildrenOf(parent);
		for (size_t i = 0; i < columns.size(); i++) {
			auto &column = columns[i];
			const NameMapEntry *entry = positional ? (i < entries.size() ? entries[i] : nullptr)
			                                       : ByName(entries, column.name);
			if (!entry) {
				Unmatched(column);
				continue;
			}
			column.identifier = Value::INTEGER(int32_t(entry->target_field_id));
			auto type = column.type.id();
			if (type == LogicalTypeId::MAP && column.children.size() == 1 && column.children[0].children.size() == 2) {
				// the reader's MAP holds its key and value under one "key_value" entry
				auto &key_value = column.children[0];
				key_value.identifier = column.identifier;
				MapChildren(key_value.children, entry->target_field_id, true);
				continue;
			}
			bool by_position = type == LogicalTypeId::LIST || type == LogicalTypeId::ARRAY || type == LogicalTypeId::MAP;
			MapChildren(column.children, entry->target_field_id, by_position);
		}
	}
};

} // namespace

void ApplyNameMapping(duckdb::vector<MultiFileColumnDefinition> &file_columns, const NameMapping &mapping) {
	Mapper mapper {mapping};
	mapper.MapChildren(file_columns, -1, false);
}

std::map<std::string, std::string> HivePartitionsOfPath(const std::string &path) {
	std::map<std::string, std::string> result;
	auto parts = duckdb::StringUtil::Split(path, '/');
	for (size_t i = 0; i + 1 < parts.size(); i++) {
		auto equals = parts[i].find('=');
		if (equals == std::string::npos || equals == 0) {
			continue;
		}
		result[parts[i].substr(0, equals)] = parts[i].substr(equals + 1);
	}
	return result;
}

Value HivePartitionValue(const std::string &text, const duckdb::LogicalType &type) {
	if (text == "__HIVE_DEFAULT_PARTITION__" || text == "NULL") {
		return Value(type);
	}
	Value result;
	std::string error;
	if (!Value(text).DefaultTryCastAs(type, result, &error)) {
		throw duckdb::InvalidInputException("Hive partition value \"%s\" is not a %s", text, type.ToString());
	}
	return result;
}

std::map<int64_t, std::string> HivePartitionValues(const NameMapping &mapping, const std::string &path) {
	std::map<int64_t, std::string> result;
	auto partitions = HivePartitionsOfPath(path);
	for (auto &entry : mapping.entries) {
		if (!entry.is_partition) {
			continue;
		}
		auto found = partitions.find(entry.source_name);
		if (found != partitions.end()) {
			result[entry.target_field_id] = found->second;
		}
	}
	return result;
}

} // namespace inlake

#include "transaction/nested_field_alter.hpp"

#include "catalog/table_columns.hpp"
#include "catalog/type_promotion.hpp"
#include "common/lake_type_names.hpp"
#include "transaction/partition_alter.hpp"

#include "duckdb/common/exception.hpp"
#include "duckdb/common/exception/binder_exception.hpp"
#include "duckdb/common/exception/catalog_exception.hpp"
#include "duckdb/common/string_util.hpp"

#include <algorithm>

namespace inlake {
using namespace duckdb; // NOLINT

namespace {

std::string PathText(const vector<string> &path, size_t count) {
	std::string text;
	for (size_t i = 0; i < count && i < path.size(); i++) {
		text += (i == 0 ? "" : ".") + path[i];
	}
	return text;
}

//! The child of a nested column a path component names: a STRUCT's field by name, a LIST's "element" (DuckDB's
//! parser also accepts "list"), a MAP's "key" or "value". -1 if none.
int64_t FindChild(const LakeColumn &column, const std::string &component) {
	switch (column.type.id()) {
	case LogicalTypeId::STRUCT:
		for (size_t i = 0; i < column.children.size(); i++) {
			if (StringUtil::CIEquals(column.children[i].name, component)) {
				return int64_t(i);
			}
		}
		return -1;
	case LogicalTypeId::LIST:
		return StringUtil::CIEquals(component, "element") || StringUtil::CIEquals(component, "list") ? 0 : -1;
	case LogicalTypeId::MAP:
		if (StringUtil::CIEquals(component, "key")) {
			return 0;
		}
		return StringUtil::CIEquals(component, "value") ? 1 : -1;
	default:
		return -1;
	}
}

//! The column, then each nested field along path[0..count). Missing: an empty chain if `missing_ok`, else an error.
std::vector<LakeColumn *> ResolvePath(TableRecord &record, const vector<string> &path, size_t count, bool missing_ok) {
	std::vector<LakeColumn *> chain;
	for (auto &column : record.columns) {
		if (StringUtil::CIEquals(column.name, path[0])) {
			chain.push_back(&column);
			break;
		}
	}
	if (chain.empty()) {
		if (missing_ok) {
			return chain;
		}
		throw CatalogException("Table \"%s\" does not have a column named \"%s\"", record.table_name, path[0]);
	}
	for (size_t depth = 1; depth < count; depth++) {
		auto &parent = *chain.back();
		if (!parent.type.IsNested()) {
			throw BinderException("Column \"%s\" of table \"%s\" is of type %s, not a STRUCT, LIST or MAP: it has no "
			                      "field \"%s\"",
			                      PathText(path, depth), record.table_name, parent.type.ToString(), path[depth]);
		}
		auto index = FindChild(parent, path[depth]);
		if (index < 0) {
			if (missing_ok) {
				return {};
			}
			throw CatalogException("Column \"%s\" of table \"%s\" has no field \"%s\"%s", PathText(path, depth),
			                       record.table_name, path[depth],
			                       parent.type.id() == LogicalTypeId::LIST  ? " (its element is \"element\")"
			                       : parent.type.id() == LogicalTypeId::MAP ? " (its fields are \"key\" and \"value\")"
			                                                                : "");
		}
		chain.push_back(&parent.children[index]);
	}
	return chain;
}

void RequireStruct(const LakeColumn &column, const vector<string> &path, size_t depth, const std::string &table,
                   const char *action) {
	if (column.type.id() != LogicalTypeId::STRUCT) {
		throw BinderException("Cannot %s \"%s\" of table \"%s\": \"%s\" is of type %s, and only STRUCT fields can be "
		                      "added, dropped or renamed",
		                      action, PathText(path, path.size()), table, PathText(path, depth),
		                      column.type.ToString());
	}
}

void RebuildTypes(std::vector<LakeColumn *> &chain) {
	for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
		RebuildNestedType(**it);
	}
}

bool AddField(TableRecord &record, AddFieldInfo &add, int64_t &added_field_id) {
	auto &path = add.column_path;
	auto chain = ResolvePath(record, path, path.size(), false);
	auto &parent = *chain.back();
	if (!parent.type.IsNested()) {
		throw BinderException("Cannot add field \"%s\" to \"%s\" of table \"%s\": it is of type %s, not a STRUCT",
		                      add.new_field.Name(), PathText(path, path.size()), record.table_name,
		                      parent.type.ToString());
	}
	if (parent.type.id() != LogicalTypeId::STRUCT) {
		throw BinderException("Cannot add field \"%s\" to \"%s\" of table \"%s\": it is a %s, only STRUCTs take new "
		                      "fields (name the %s)",
		                      add.new_field.Name(), PathText(path, path.size()), record.table_name,
		                      parent.type.id() == LogicalTypeId::LIST ? "LIST" : "MAP",
		                      parent.type.id() == LogicalTypeId::LIST ? "element: l.element.f" : "value: m.value.f");
	}
	if (FindChild(parent, add.new_field.Name()) >= 0) {
		if (add.if_field_not_exists) {
			return false;
		}
		throw CatalogException("Cannot add field \"%s\" to \"%s\" of table \"%s\": a field with this name exists",
		                       add.new_field.Name(), PathText(path, path.size()), record.table_name);
	}
	CheckStorableType(add.new_field.Name(), add.new_field.Type());
	// (its DEFAULT becomes the initial default: the caller's)
	auto field = AddedColumn(add.new_field, record.columns, record.max_column_id);
	added_field_id = field.column_id;
	parent.children.push_back(std::move(field));
	RebuildTypes(chain);
	return true;
}

bool RemoveField(TableRecord &record, RemoveFieldInfo &remove) {
	auto &path = remove.column_path;
	auto chain = ResolvePath(record, path, path.size() - 1, remove.if_column_exists);
	if (chain.empty()) {
		return false;
	}
	auto &parent = *chain.back();
	if (!parent.type.IsNested()) {
		throw BinderException("Cannot drop field \"%s\" of table \"%s\": \"%s\" is of type %s, not a STRUCT",
		                      PathText(path, path.size()), record.table_name, PathText(path, path.size() - 1),
		                      parent.type.ToString());
	}
	auto index = FindChild(parent, path.back());
	if (index < 0) {
		if (remove.if_column_exists) {
			return false;
		}
		ResolvePath(record, path, path.size(), false); // names what is missing
	}
	RequireStruct(parent, path, path.size() - 1, record.table_name, "drop field");
	if (parent.children.size() == 1) {
		throw CatalogException("Cannot drop field \"%s\" of table \"%s\": it is the last field of \"%s\" (drop the "
		                       "column instead)",
		                       PathText(path, path.size()), record.table_name, PathText(path, path.size() - 1));
	}
	CheckNotPartitionKey(record, parent.children[index].column_id, PathText(path, path.size()));
	parent.children.erase(parent.children.begin() + index);
	RebuildTypes(chain);
	return true;
}

bool RenameField(TableRecord &record, RenameFieldInfo &rename) {
	auto &path = rename.column_path;
	auto chain = ResolvePath(record, path, path.size() - 1, false);
	auto &parent = *chain.back();
	if (!parent.type.IsNested()) {
		throw BinderException("Cannot rename field \"%s\" of table \"%s\": \"%s\" is of type %s, not a STRUCT",
		                      PathText(path, path.size()), record.table_name, PathText(path, path.size() - 1),
		                      parent.type.ToString());
	}
	auto index = FindChild(parent, path.back());
	if (index < 0) {
		ResolvePath(record, path, path.size(), false); // names what is missing
	}
	RequireStruct(parent, path, path.size() - 1, record.table_name, "rename field");
	auto existing = FindChild(parent, rename.new_name);
	if (existing >= 0 && existing != index) {
		throw CatalogException("Cannot rename field \"%s\" of table \"%s\" to \"%s\": a field with this name exists",
		                       PathText(path, path.size()), record.table_name, rename.new_name);
	}
	if (rename.new_name.empty()) {
		throw BinderException("Cannot rename field \"%s\" of table \"%s\" to an empty name", PathText(path, path.size()),
		                      record.table_name);
	}
	parent.children[index].name = rename.new_name;
	RebuildTypes(chain);
	return true;
}

const char *KindName(const LogicalType &type) {
	switch (type.id()) {
	case LogicalTypeId::STRUCT:
		return "STRUCT";
	case LogicalTypeId::LIST:
		return "LIST";
	case LogicalTypeId::MAP:
		return "MAP";
	default:
		return "a non-nested type";
	}
}

void Evolve(const std::string &table, const std::string &path, LakeColumn &column, const LogicalType &target,
            int64_t &next_id) {
	if (!column.type.IsNested() && !target.IsNested()) {
		if (column.type != target) {
			CheckTypePromotion(table, path, column.type, target);
			column.type = target;
		}
		return;
	}
	if (column.type.id() != target.id()) {
		throw NotImplementedException("Cannot change \"%s\" of table \"%s\" from %s to %s: a nested field keeps its "
		                              "kind (a STRUCT, LIST, MAP or other type); drop it and add it again instead",
		                              path, table, column.type.ToString(), target.ToString());
	}
	switch (target.id()) {
	case LogicalTypeId::STRUCT: {
		std::vector<LakeColumn> children;
		for (auto &field : StructType::GetChildTypes(target)) {
			auto index = FindChild(column, field.first);
			if (index >= 0) {
				auto child = column.children[index];
				child.name = field.first;
				Evolve(table, path + "." + field.first, child, field.second, next_id);
				children.push_back(std::move(child));
				continue;
			}
			CheckStorableType(path + "." + field.first, field.second);
			LakeColumn added;
			added.column_id = next_id++;
			added.name = field.first;
			added.type = field.second;
			added.children = NestedChildColumns(field.second, next_id);
			children.push_back(std::move(added));
		}
		column.children = std::move(children);
		break;
	}
	case LogicalTypeId::LIST:
		Evolve(table, path + ".element", column.children[0], ListType::GetChildType(target), next_id);
		break;
	default:
		Evolve(table, path + ".key", column.children[0], MapType::KeyType(target), next_id);
		Evolve(table, path + ".value", column.children[1], MapType::ValueType(target), next_id);
		break;
	}
	RebuildNestedType(column);
}

} // namespace

void EvolveNestedColumnType(TableRecord &record, LakeColumn &column, const LogicalType &target) {
	if (column.type.id() != target.id()) {
		if (!column.type.IsNested() || !target.IsNested()) {
			throw NotImplementedException("Cannot change column \"%s\" of table \"%s\" from %s to %s: a column does "
			                              "not change between nested and other types",
			                              column.name, record.table_name, column.type.ToString(), target.ToString());
		}
		throw NotImplementedException("Cannot change column \"%s\" of table \"%s\" from %s to %s: ALTER COLUMN TYPE "
		                              "changes a %s only into another %s (fields matched by name)",
		                              column.name, record.table_name, column.type.ToString(), target.ToString(),
		                              KindName(column.type), KindName(column.type));
	}
	auto next_id = std::max(record.max_column_id, MaxColumnId(record.columns)) + 1;
	Evolve(record.table_name, column.name, column, target, next_id);
	record.max_column_id = next_id - 1;
}

bool IsNestedFieldAlter(const AlterTableInfo &info) {
	switch (info.alter_table_type) {
	case AlterTableType::ADD_FIELD:
	case AlterTableType::REMOVE_FIELD:
	case AlterTableType::RENAME_FIELD:
		return true;
	default:
		return false;
	}
}

bool AlterNestedField(TableRecord &record, AlterTableInfo &info, int64_t &added_field_id) {
	added_field_id = -1;
	switch (info.alter_table_type) {
	case AlterTableType::ADD_FIELD:
		return AddField(record, info.Cast<AddFieldInfo>(), added_field_id);
	case AlterTableType::REMOVE_FIELD:
		return RemoveField(record, info.Cast<RemoveFieldInfo>());
	case AlterTableType::RENAME_FIELD:
		return RenameField(record, info.Cast<RenameFieldInfo>());
	default:
		throw InternalException("AlterNestedField: not a nested field ALTER");
	}
}

LakeColumn *FindColumnById(std::vector<LakeColumn> &columns, int64_t column_id) {
	for (auto &column : columns) {
		if (column.column_id == column_id) {
			return &column;
		}
		auto child = FindColumnById(column.children, column_id);
		if (child) {
			return child;
		}
	}
	return nullptr;
}

} // namespace inlake

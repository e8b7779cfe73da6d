#include "common/nested_remap.hpp"

#include "common/initial_default.hpp"

#include "duckdb/common/types/vector.hpp"
#include "duckdb/common/vector_operations/vector_operations.hpp"
#include "duckdb/parser/keyword_helper.hpp"

namespace inlake {
using namespace duckdb; // NOLINT

bool SameColumnLayout(const LakeColumn &a, const LakeColumn &b) {
	if (a.type != b.type || a.children.size() != b.children.size()) {
		return false;
	}
	for (size_t i = 0; i < a.children.size(); i++) {
		if (a.children[i].column_id != b.children[i].column_id || !SameColumnLayout(a.children[i], b.children[i])) {
			return false;
		}
	}
	return true;
}

std::string ColumnLayoutKey(const LakeColumn &column) {
	auto key = std::to_string(column.column_id);
	if (!column.children.empty()) {
		key += "(";
		for (size_t i = 0; i < column.children.size(); i++) {
			key += (i == 0 ? "" : ",") + ColumnLayoutKey(column.children[i]);
		}
		key += ")";
	}
	return key;
}

namespace {

//! Whether the values can be rebuilt field by field (same kind of nested type on both sides)
bool Remappable(const LakeColumn &from, const LakeColumn &to) {
	auto id = to.type.id();
	return from.type.id() == id && (id == LogicalTypeId::STRUCT || id == LogicalTypeId::LIST || id == LogicalTypeId::MAP);
}

//! The index of the child of `from` with this column id (-1: none, the field was added since)
int64_t SourceChild(const LakeColumn &from, int64_t column_id) {
	for (size_t i = 0; i < from.children.size(); i++) {
		if (from.children[i].column_id == column_id) {
			return int64_t(i);
		}
	}
	return -1;
}

//! The STRUCT(key, value) entries of a MAP as a column of their own (no id: only its children's count)
LakeColumn MapEntries(const LakeColumn &map) {
	LakeColumn entries;
	entries.name = "entries";
	entries.type = ListType::GetChildType(map.type);
	entries.children = map.children;
	return entries;
}

void RemapStruct(Vector &source, const LakeColumn &from, const LakeColumn &to, Vector &target, idx_t count) {
	auto &source_entries = StructVector::GetEntries(source);
	auto &target_entries = StructVector::GetEntries(target);
	for (size_t i = 0; i < to.children.size(); i++) {
		auto &field = to.children[i];
		auto index = SourceChild(from, field.column_id);
		if (index < 0) {
			target_entries[i]->Reference(InitialDefaultValue(field).DefaultCastAs(field.type));
			target_entries[i]->Flatten(count);
		} else {
			RemapColumnVector(*source_entries[index], from.children[index], field, *target_entries[i], count);
		}
	}
	// a NULL struct stays NULL (SetNull sets its fields NULL too)
	auto &validity = FlatVector::Validity(source);
	if (!validity.AllValid()) {
		for (idx_t row = 0; row < count; row++) {
			if (!validity.RowIsValid(row)) {
				FlatVector::SetNull(target, row, true);
			}
		}
	}
}

void RemapList(Vector &source, const LakeColumn &from_child, const LakeColumn &to_child, Vector &target,
               idx_t count) {
	auto source_lists = FlatVector::GetData<list_entry_t>(source);
	auto target_lists = FlatVector::GetData<list_entry_t>(target);
	for (idx_t row = 0; row < count; row++) {
		target_lists[row] = source_lists[row];
	}
	FlatVector::Validity(target).Copy(FlatVector::Validity(source), count);
	auto size = ListVector::GetListSize(source);
	ListVector::Reserve(target, size);
	RemapColumnVector(ListVector::GetEntry(source), from_child, to_child, ListVector::GetEntry(target), size);
	ListVector::SetListSize(target, size);
}

std::string Quoted(const std::string &name) {
	return KeywordHelper::WriteQuoted(name, '"');
}

std::string DefaultSql(const LakeColumn &field) {
	auto value = InitialDefaultValue(field);
	if (value.IsNull()) {
		return "CAST(NULL AS " + field.type.ToString() + ")";
	}
	return "CAST(CAST(" + KeywordHelper::WriteQuoted(InitialDefaultText(value), '\'') + " AS " +
	       InitialDefaultTextType(field.type).ToString() + ") AS " + field.type.ToString() + ")";
}

std::string RemapSql(const std::string &expression, const LakeColumn &from, const LakeColumn &to, int depth) {
	if (SameColumnLayout(from, to)) {
		return expression;
	}
	if (!Remappable(from, to)) {
		return "CAST(" + expression + " AS " + to.type.ToString() + ")";
	}
	auto element = "__inlake_e" + std::to_string(depth);
	switch (to.type.id()) {
	case LogicalTypeId::STRUCT: {
		std::string fields;
		for (auto &field : to.children) {
			auto index = SourceChild(from, field.column_id);
			auto value = index < 0 ? DefaultSql(field)
			                       : RemapSql("struct_extract(" + expression + ", " +
			                                      KeywordHelper::WriteQuoted(from.children[index].name, '\'') + ")",
			                                  from.children[index], field, depth + 1);
			fields += (fields.empty() ? "" : ", ") + Quoted(field.name) + " := " + value;
		}
		return "CASE WHEN (" + expression + ") IS NULL THEN NULL ELSE struct_pack(" + fields + ") END";
	}
	case LogicalTypeId::LIST:
		return "list_transform(" + expression + ", lambda " + element + ": " +
		       RemapSql(element, from.children[0], to.children[0], depth + 1) + ")";
	default: // MAP
		return "map_from_entries(list_transform(map_entries(" + expression + "), lambda " + element + ": " +
		       RemapSql(element, MapEntries(from), MapEntries(to), depth + 1) + "))";
	}
}

} // namespace

void RemapColumnVector(Vector &source, const LakeColumn &from, const LakeColumn &to, Vector &target, idx_t count) {
	if (SameColumnLayout(from, to)) {
		VectorOperations::Copy(source, target, count, 0, 0);
		return;
	}
	if (!Remappable(from, to)) {
		VectorOperations::DefaultCast(source, target, count);
		return;
	}
	source.Flatten(count);
	target.SetVectorType(VectorType::FLAT_VECTOR);
	switch (to.type.id()) {
	case LogicalTypeId::STRUCT:
		RemapStruct(source, from, to, target, count);
		break;
	case LogicalTypeId::LIST:
		RemapList(source, from.children[0], to.children[0], target, count);
		break;
	default: // MAP: a list of STRUCT(key, value)
		RemapList(source, MapEntries(from), MapEntries(to), target, count);
		break;
	}
}

std::string RemapColumnSql(const std::string &expression, const LakeColumn &from, const LakeColumn &to) {
	if (SameColumnLayout(from, to)) {
		return expression;
	}
	return "CAST(" + RemapSql(expression, from, to, 0) + " AS " + to.type.ToString() + ")";
}

} // namespace inlake

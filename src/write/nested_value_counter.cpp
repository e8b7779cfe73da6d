#include "write/nested_value_counter.hpp"

#include "duckdb/common/types/vector.hpp"
#include "duckdb/common/vector_operations/vector_operations.hpp"

namespace inlake {

using duckdb::idx_t;
using duckdb::LogicalTypeId;
using duckdb::SelectionVector;
using duckdb::UnifiedVectorFormat;
using duckdb::Vector;

static bool IsRepeated(const duckdb::LogicalType &type) {
	auto id = type.id();
	return id == LogicalTypeId::LIST || id == LogicalTypeId::MAP || id == LogicalTypeId::ARRAY;
}

//! Whether a LIST, MAP or ARRAY lies at or below this column.
static bool ContainsRepeated(const LakeColumn &column) {
	if (IsRepeated(column.type)) {
		return true;
	}
	for (auto &child : column.children) {
		if (ContainsRepeated(child)) {
			return true;
		}
	}
	return false;
}

NestedValueCounter::NestedValueCounter(const std::vector<LakeColumn> &columns_p) : columns(columns_p) {
}

void NestedValueCounter::Reset() {
	counts.clear();
}

void NestedValueCounter::Count(duckdb::DataChunk &chunk) {
	for (idx_t col_idx = 0; col_idx < columns.size(); col_idx++) {
		auto &column = columns[col_idx];
		if (!column.type.IsNested()) {
			continue;
		}
		AddCounts(chunk.data[col_idx], chunk.size(), column.column_id);
		if (ContainsRepeated(column)) {
			// The visit follows list offsets into child vectors, which holds only for a vector whose every level
			// is flat: a dictionary over a dictionary unifies into a flattened copy whose offsets no longer index
			// the children StructVector/ListVector hand out (found by the randomized test: a crash in UPDATE).
			Vector flat(column.type, chunk.size());
			duckdb::VectorOperations::Copy(chunk.data[col_idx], flat, chunk.size(), 0, 0);
			Visit(flat, chunk.size(), column, false);
		}
	}
}

void NestedValueCounter::AddCounts(Vector &vector, idx_t count, int64_t column_id) {
	UnifiedVectorFormat format;
	vector.ToUnifiedFormat(count, format);
	idx_t null_count = 0;
	if (!format.validity.AllValid()) {
		for (idx_t i = 0; i < count; i++) {
			null_count += !format.validity.RowIsValid(format.sel->get_index(i));
		}
	}
	auto &entry = counts[column_id];
	entry.value_count += static_cast<int64_t>(count);
	entry.null_count += static_cast<int64_t>(null_count);
}

void NestedValueCounter::Visit(Vector &vector, idx_t count, const LakeColumn &column, bool under_repeated) {
	if (!column.type.IsNested()) {
		if (under_repeated) {
			AddCounts(vector, count, column.column_id);
		}
		return;
	}
	if (column.children.empty() || (!under_repeated && !ContainsRepeated(column))) {
		return;
	}
	if (column.type.id() == LogicalTypeId::STRUCT) {
		VisitStructChildren(vector, count, column, under_repeated);
	} else {
		VisitListChild(vector, count, column);
	}
}

void NestedValueCounter::VisitStructChildren(Vector &vector, idx_t count, const LakeColumn &column,
                                             bool under_repeated) {
	UnifiedVectorFormat format;
	vector.ToUnifiedFormat(count, format);
	auto &entries = duckdb::StructVector::GetEntries(vector);
	for (idx_t i = 0; i < column.children.size() && i < entries.size(); i++) {
		Vector child(*entries[i], *format.sel, count);
		Visit(child, count, column.children[i], under_repeated);
	}
}

//! Visits the entries of a LIST, MAP or ARRAY that belong to non-NULL rows.
void NestedValueCounter::VisitListChild(Vector &vector, idx_t count, const LakeColumn &column) {
	UnifiedVectorFormat format;
	vector.ToUnifiedFormat(count, format);
	bool is_array = column.type.id() == LogicalTypeId::ARRAY;
	idx_t array_size = is_array ? duckdb::ArrayType::GetSize(column.type) : 0;
	auto lists = is_array ? nullptr : UnifiedVectorFormat::GetData<duckdb::list_entry_t>(format);
	idx_t total = 0;
	for (idx_t i = 0; i < count; i++) {
		auto idx = format.sel->get_index(i);
		if (format.validity.RowIsValid(idx)) {
			total += is_array ? array_size : lists[idx].length;
		}
	}
	if (total == 0) {
		return;
	}
	SelectionVector child_sel(total);
	idx_t offset = 0;
	for (idx_t i = 0; i < count; i++) {
		auto idx = format.sel->get_index(i);
		if (!format.validity.RowIsValid(idx)) {
			continue;
		}
		idx_t start = is_array ? idx * array_size : lists[idx].offset;
		idx_t length = is_array ? array_size : lists[idx].length;
		for (idx_t k = 0; k < length; k++) {
			child_sel.set_index(offset++, start + k);
		}
	}
	auto &child_vector = is_array ? duckdb::ArrayVector::GetEntry(vector) : duckdb::ListVector::GetEntry(vector);
	Vector child(child_vector, child_sel, total);
	if (column.type.id() == LogicalTypeId::MAP) {
		// a MAP's entries are STRUCT(key, value); the lake column lists key and value directly
		VisitStructChildren(child, total, column, true);
	} else {
		Visit(child, total, column.children[0], true);
	}
}

void NestedValueCounter::Add(const std::unordered_map<int64_t, NestedCounts> &other) {
	for (auto &entry : other) {
		auto &mine = counts[entry.first];
		mine.value_count += entry.second.value_count;
		mine.null_count += entry.second.null_count;
	}
}

} // namespace inlake

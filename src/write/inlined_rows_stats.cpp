#include "write/inlined_rows_stats.hpp"

#include "write/parquet_value_encoding.hpp"

#include "duckdb/common/operator/comparison_operators.hpp"

#include <map>

namespace inlake {
using duckdb::LogicalType;
using duckdb::LogicalTypeId;
using duckdb::Value;

namespace {

//! What the rows hold in one column id so far.
struct ColumnAccumulator {
	int64_t value_count = 0;
	int64_t null_count = 0;
	bool contains_nan = false;
	//! a value came that cannot be bounded (nested, a long string, a type stored in another form)
	bool unbounded = false;
	bool has_bounds = false;
	Value min;
	Value max;
};

bool Boundable(const LogicalType &type) {
	return !type.IsNested() && !HasParquetStorageEncoding(type);
}

//! The first at most kMaxInlinedBoundBytes bytes of `text`, cut before a UTF-8 continuation byte when `utf8`.
std::string BoundPrefix(const std::string &text, bool utf8) {
	auto size = kMaxInlinedBoundBytes;
	while (utf8 && size > 0 && (static_cast<unsigned char>(text[size]) & 0xC0) == 0x80) {
		size--;
	}
	return text.substr(0, size);
}

//! Bounds of a string or blob too long to keep whole: its prefix (below it), and the prefix cut after its last byte
//! that can be raised, raised (above it; for text an ASCII byte, so the bound stays valid UTF-8). False: no byte
//! can be raised, no upper bound.
bool LongValueBounds(const Value &value, Value &lower, Value &upper) {
	bool is_blob = value.type().id() == LogicalTypeId::BLOB;
	auto prefix = BoundPrefix(duckdb::StringValue::Get(value), !is_blob);
	auto make = [&](const std::string &bytes) {
		return is_blob ? Value::BLOB_RAW(bytes) : Value(bytes).DefaultCastAs(value.type());
	};
	lower = make(prefix);
	while (!prefix.empty()) {
		auto last = static_cast<unsigned char>(prefix.back());
		if (last < (is_blob ? 0xFF : 0x7F)) {
			prefix.back() = static_cast<char>(last + 1);
			upper = make(prefix);
			return true;
		}
		prefix.pop_back(); // a shorter prefix, raised, bounds the value too
	}
	return false;
}

class InlinedStatsWalker {
public:
	void Walk(const Value &value, const LakeColumn &column) {
		auto &acc = accumulators[column.column_id];
		acc.value_count++;
		if (value.IsNull()) {
			acc.null_count++;
			if (column.type.id() == LogicalTypeId::STRUCT) {
				// a NULL struct's fields read as NULL too
				for (auto &child : column.children) {
					Walk(Value(child.type), child);
				}
			}
			return;
		}
		switch (column.type.id()) {
		case LogicalTypeId::STRUCT:
			acc.unbounded = true;
			WalkStruct(duckdb::StructValue::GetChildren(value), column);
			return;
		case LogicalTypeId::LIST:
			acc.unbounded = true;
			for (auto &element : duckdb::ListValue::GetChildren(value)) {
				Walk(element, column.children[0]);
			}
			return;
		case LogicalTypeId::MAP:
			acc.unbounded = true;
			for (auto &entry : duckdb::MapValue::GetChildren(value)) {
				WalkStruct(duckdb::StructValue::GetChildren(entry), column);
			}
			return;
		default:
			WalkLeaf(value, acc);
		}
	}

	//! Walks the `count` values of a top-level column of a plain type with typed comparisons instead of a Value per
	//! value (the same counts and bounds as Walk); false, having done nothing, for other types
	bool WalkVector(duckdb::Vector &vector, duckdb::idx_t count, const LakeColumn &column) {
		auto &type = column.type;
		if (!Boundable(type) || type.HasAlias()) {
			return false;
		}
		auto &acc = accumulators[column.column_id];
		switch (type.id()) {
		case LogicalTypeId::BOOLEAN:
			return WalkTyped<bool>(vector, count, acc);
		case LogicalTypeId::TINYINT:
			return WalkTyped<int8_t>(vector, count, acc);
		case LogicalTypeId::SMALLINT:
			return WalkTyped<int16_t>(vector, count, acc);
		case LogicalTypeId::INTEGER:
		case LogicalTypeId::DATE:
			return WalkTyped<int32_t>(vector, count, acc);
		case LogicalTypeId::BIGINT:
		case LogicalTypeId::TIME:
		case LogicalTypeId::TIMESTAMP:
		case LogicalTypeId::TIMESTAMP_TZ:
			return WalkTyped<int64_t>(vector, count, acc);
		case LogicalTypeId::UTINYINT:
			return WalkTyped<uint8_t>(vector, count, acc);
		case LogicalTypeId::USMALLINT:
			return WalkTyped<uint16_t>(vector, count, acc);
		case LogicalTypeId::UINTEGER:
			return WalkTyped<uint32_t>(vector, count, acc);
		case LogicalTypeId::UBIGINT:
			return WalkTyped<uint64_t>(vector, count, acc);
		case LogicalTypeId::FLOAT:
			return WalkTyped<float>(vector, count, acc);
		case LogicalTypeId::DOUBLE:
			return WalkTyped<double>(vector, count, acc);
		case LogicalTypeId::DECIMAL:
			switch (type.InternalType()) {
			case duckdb::PhysicalType::INT16:
				return WalkTyped<int16_t>(vector, count, acc);
			case duckdb::PhysicalType::INT32:
				return WalkTyped<int32_t>(vector, count, acc);
			case duckdb::PhysicalType::INT64:
				return WalkTyped<int64_t>(vector, count, acc);
			default:
				return false;
			}
		case LogicalTypeId::VARCHAR:
		case LogicalTypeId::BLOB:
			return WalkTyped<duckdb::string_t>(vector, count, acc);
		default:
			return false;
		}
	}

	std::vector<FileColumnStatsRecord> Records() const {
		std::vector<FileColumnStatsRecord> result;
		for (auto &entry : accumulators) {
			auto &acc = entry.second;
			FileColumnStatsRecord record;
			record.column_id = entry.first;
			record.value_count = acc.value_count;
			record.null_count = acc.null_count;
			record.contains_nan = acc.contains_nan;
			record.has_min_max = acc.has_bounds && !acc.unbounded;
			if (record.has_min_max) {
				record.min_value = acc.min.ToString();
				record.max_value = acc.max.ToString();
			}
			result.push_back(std::move(record));
		}
		return result;
	}

private:
	void WalkStruct(const duckdb::vector<Value> &fields, const LakeColumn &column) {
		for (size_t i = 0; i < fields.size() && i < column.children.size(); i++) {
			Walk(fields[i], column.children[i]);
		}
	}

	static void WalkLeaf(const Value &value, ColumnAccumulator &acc) {
		if (IsNanValue(value)) {
			acc.contains_nan = true; // (bounds leave NaN out, as a Parquet file's do)
			return;
		}
		if (!Boundable(value.type())) {
			acc.unbounded = true;
			return;
		}
		if (value.type().InternalType() == duckdb::PhysicalType::VARCHAR &&
		    duckdb::StringValue::Get(value).size() > kMaxInlinedBoundBytes) {
			Value lower, upper;
			if (value.type().HasAlias() || !LongValueBounds(value, lower, upper)) {
				// (a prefix of a JSON text is no JSON: bounds must cast to the column's type)
				acc.unbounded = true;
				return;
			}
			Include(lower, upper, acc);
			return;
		}
		Include(value, value, acc);
	}

	static bool IsNan(float value) {
		return Value::IsNan(value);
	}
	static bool IsNan(double value) {
		return Value::IsNan(value);
	}
	template <class T>
	static bool IsNan(const T &) {
		return false;
	}
	static bool TooLong(const duckdb::string_t &value) {
		return value.GetSize() > kMaxInlinedBoundBytes;
	}
	template <class T>
	static bool TooLong(const T &) {
		return false;
	}

	//! The smallest and largest value are found by their row, in the order WalkLeaf takes them (a later equal
	//! value does not replace an earlier one), and included as Values of the column's type.
	template <class T>
	static bool WalkTyped(duckdb::Vector &vector, duckdb::idx_t count, ColumnAccumulator &acc) {
		duckdb::UnifiedVectorFormat format;
		vector.ToUnifiedFormat(count, format);
		auto data = duckdb::UnifiedVectorFormat::GetData<T>(format);
		duckdb::optional_idx min_row, max_row;
		for (duckdb::idx_t row = 0; row < count; row++) {
			auto index = format.sel->get_index(row);
			acc.value_count++;
			if (!format.validity.RowIsValid(index)) {
				acc.null_count++;
				continue;
			}
			auto &value = data[index];
			if (IsNan(value)) {
				acc.contains_nan = true;
				continue;
			}
			if (TooLong(value)) {
				WalkLeaf(vector.GetValue(row), acc); // (its prefix bounds)
				continue;
			}
			if (!min_row.IsValid() || duckdb::LessThan::Operation(value, data[format.sel->get_index(min_row.GetIndex())])) {
				min_row = row;
			}
			if (!max_row.IsValid() ||
			    duckdb::GreaterThan::Operation(value, data[format.sel->get_index(max_row.GetIndex())])) {
				max_row = row;
			}
		}
		if (min_row.IsValid()) {
			Include(vector.GetValue(min_row.GetIndex()), vector.GetValue(max_row.GetIndex()), acc);
		}
		return true;
	}

	static void Include(const Value &lower, const Value &upper, ColumnAccumulator &acc) {
		if (!acc.has_bounds) {
			acc.min = lower;
			acc.max = upper;
			acc.has_bounds = true;
			return;
		}
		if (lower < acc.min) {
			acc.min = lower;
		}
		if (upper > acc.max) {
			acc.max = upper;
		}
	}

	std::map<int64_t, ColumnAccumulator> accumulators;
};

} // namespace

bool IsNanValue(const Value &value) {
	switch (value.type().id()) {
	case LogicalTypeId::FLOAT:
		return Value::IsNan(value.GetValue<float>());
	case LogicalTypeId::DOUBLE:
		return Value::IsNan(value.GetValue<double>());
	default:
		return false;
	}
}

std::vector<FileColumnStatsRecord> InlinedRowsColumnStats(const std::vector<LakeColumn> &columns,
                                                          duckdb::ColumnDataCollection &rows) {
	InlinedStatsWalker walker;
	for (auto &chunk : rows.Chunks()) {
		for (duckdb::idx_t col = 0; col < columns.size() && col < chunk.ColumnCount(); col++) {
			if (walker.WalkVector(chunk.data[col], chunk.size(), columns[col])) {
				continue;
			}
			for (duckdb::idx_t row = 0; row < chunk.size(); row++) {
				walker.Walk(chunk.GetValue(col, row), columns[col]);
			}
		}
	}
	return walker.Records();
}

} // namespace inlake

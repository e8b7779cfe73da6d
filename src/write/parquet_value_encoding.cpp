#include "write/parquet_value_encoding.hpp"

#include "duckdb/common/types/interval.hpp"
#include "duckdb/common/vector_operations/unary_executor.hpp"
#include "duckdb/common/vector_operations/vector_operations.hpp"
#include "duckdb/planner/expression.hpp"

#include <limits>

namespace inlake {
using namespace duckdb; // NOLINT

LogicalType ParquetStorageType(const LogicalType &type) {
	switch (type.id()) {
	case LogicalTypeId::HUGEINT:
	case LogicalTypeId::UHUGEINT:
	case LogicalTypeId::TIME_TZ:
	case LogicalTypeId::INTERVAL:
		return LogicalType::VARCHAR;
	case LogicalTypeId::TIMESTAMP_SEC:
	case LogicalTypeId::TIMESTAMP_MS:
		return LogicalType::TIMESTAMP;
	case LogicalTypeId::STRUCT: {
		child_list_t<LogicalType> children;
		for (auto &child : StructType::GetChildTypes(type)) {
			children.emplace_back(child.first, ParquetStorageType(child.second));
		}
		return LogicalType::STRUCT(std::move(children));
	}
	case LogicalTypeId::LIST:
		return LogicalType::LIST(ParquetStorageType(ListType::GetChildType(type)));
	case LogicalTypeId::MAP:
		return LogicalType::MAP(ParquetStorageType(MapType::KeyType(type)), ParquetStorageType(MapType::ValueType(type)));
	default:
		return type;
	}
}

bool HasParquetStorageEncoding(const LogicalType &type) {
	return ParquetStorageType(type) != type;
}

namespace {

std::string IntervalText(const interval_t &value) {
	auto text = std::to_string(value.months) + " months " + std::to_string(value.days) + " days ";
	if (value.micros == std::numeric_limits<int64_t>::min()) {
		// the parser reads units as signed 64-bit numbers: the smallest one is written in two steps
		return text + std::to_string(value.micros + 1) + " microseconds -1 microseconds";
	}
	return text + std::to_string(value.micros) + " microseconds";
}

void EncodeIntervals(Vector &source, Vector &result, idx_t count) {
	UnaryExecutor::Execute<interval_t, string_t>(source, result, count, [&](interval_t value) {
		return StringVector::AddString(result, IntervalText(value));
	});
}

void EncodeStruct(Vector &source, Vector &result, idx_t count) {
	source.Flatten(count);
	auto &source_children = StructVector::GetEntries(source);
	auto &result_children = StructVector::GetEntries(result);
	for (idx_t i = 0; i < source_children.size(); i++) {
		EncodeForParquet(*source_children[i], *result_children[i], count);
	}
	FlatVector::SetValidity(result, FlatVector::Validity(source));
}

void EncodeList(Vector &source, Vector &result, idx_t count) {
	source.Flatten(count);
	auto child_count = ListVector::GetListSize(source);
	auto source_entries = FlatVector::GetData<list_entry_t>(source);
	auto result_entries = FlatVector::GetData<list_entry_t>(result);
	std::copy(source_entries, source_entries + count, result_entries);
	FlatVector::SetValidity(result, FlatVector::Validity(source));
	ListVector::Reserve(result, child_count);
	EncodeForParquet(ListVector::GetEntry(source), ListVector::GetEntry(result), child_count);
	ListVector::SetListSize(result, child_count);
}

} // namespace

void EncodeForParquet(Vector &source, Vector &result, idx_t count) {
	auto &type = source.GetType();
	if (!HasParquetStorageEncoding(type)) {
		result.Reference(source);
		return;
	}
	result.SetVectorType(VectorType::FLAT_VECTOR);
	switch (type.id()) {
	case LogicalTypeId::INTERVAL:
		EncodeIntervals(source, result, count);
		break;
	case LogicalTypeId::STRUCT:
		EncodeStruct(source, result, count);
		break;
	case LogicalTypeId::LIST:
	case LogicalTypeId::MAP:
		EncodeList(source, result, count);
		break;
	default: // HUGEINT, UHUGEINT, TIMETZ: DuckDB's text form is exact; TIMESTAMP_S/_MS: microseconds are
		VectorOperations::DefaultCast(source, result, count);
		break;
	}
}

} // namespace inlake

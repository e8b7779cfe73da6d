#include "read/partition_filter.hpp"

#include "common/partition_transform.hpp"

#include "duckdb/common/types/date.hpp"
#include "duckdb/common/types/interval.hpp"
#include "duckdb/common/types/string_type.hpp"
#include "duckdb/common/types/timestamp.hpp"
#include "duckdb/planner/filter/conjunction_filter.hpp"
#include "duckdb/planner/filter/constant_filter.hpp"
#include "duckdb/planner/filter/dynamic_filter.hpp"
#include "duckdb/planner/filter/null_filter.hpp"
#include "duckdb/common/value_operations/value_operations.hpp"
#include "duckdb/planner/filter/in_filter.hpp"
#include "duckdb/planner/filter/optional_filter.hpp"
#include "duckdb/storage/statistics/base_statistics.hpp"
#include "duckdb/storage/statistics/numeric_stats.hpp"
#include "duckdb/storage/statistics/string_stats.hpp"

#include <cerrno>
#include <cstdlib>

namespace inlake {

using namespace duckdb; // NOLINT

namespace {

//! A key of the file on the filtered column, parsed
struct ParsedKey {
	PartitionTransform transform;
	bool has_value = false;
	std::string text;
};

bool ParseInteger(const std::string &text, int64_t &result) {
	if (text.empty()) {
		return false;
	}
	errno = 0;
	char *end = nullptr;
	auto number = strtoll(text.c_str(), &end, 10);
	if (errno != 0 || !end || *end != '\0') {
		return false;
	}
	result = number;
	return true;
}

//! Half-open range [lo, hi) of microseconds since the epoch (UTC)
struct MicrosRange {
	bool known = false;
	int64_t lo = 0;
	int64_t hi = 0;

	void Intersect(int64_t other_lo, int64_t other_hi) {
		if (!known) {
			known = true;
			lo = other_lo;
			hi = other_hi;
			return;
		}
		lo = MaxValue(lo, other_lo);
		hi = MinValue(hi, other_hi);
	}
};

bool DaysToMicros(int64_t days, int64_t &micros) {
	return !__builtin_mul_overflow(days, Interval::MICROS_PER_DAY, &micros);
}

bool DayOf(int64_t year, int64_t month, int64_t day, int64_t &days) {
	if (year < NumericLimits<int32_t>::Minimum() || year > NumericLimits<int32_t>::Maximum()) {
		return false;
	}
	date_t date;
	if (!Date::TryFromDate(int32_t(year), int32_t(month), int32_t(day), date)) {
		return false;
	}
	days = date.days;
	return true;
}

//! The micros range of a calendar year, month (1..12) or day; false when out of range
bool CalendarRange(int64_t year, int64_t month, int64_t day, bool with_month, bool with_day, int64_t &lo,
                   int64_t &hi) {
	int64_t first;
	int64_t next;
	if (!with_month) {
		if (!DayOf(year, 1, 1, first) || !DayOf(year + 1, 1, 1, next)) {
			return false;
		}
	} else if (!with_day) {
		if (!DayOf(year, month, 1, first) ||
		    !DayOf(month == 12 ? year + 1 : year, month == 12 ? 1 : month + 1, 1, next)) {
			return false;
		}
	} else {
		if (!DayOf(year, month, day, first)) {
			return false;
		}
		next = first + 1;
	}
	return DaysToMicros(first, lo) && DaysToMicros(next, hi);
}

int64_t FloorDivide(int64_t value, int64_t divisor) {
	auto quotient = value / divisor;
	return (value % divisor != 0 && value < 0) ? quotient - 1 : quotient;
}

//! The range the file's calendar keys imply for the source column (known false: none)
MicrosRange CalendarBounds(const std::vector<ParsedKey> &keys) {
	MicrosRange range;
	bool have[4] = {false, false, false, false}; // year, month, day, hour
	int64_t number[4] = {0, 0, 0, 0};
	for (auto &key : keys) {
		int64_t value;
		if (!key.has_value || !ParseInteger(key.text, value)) {
			continue;
		}
		int64_t lo, hi;
		switch (key.transform.kind) {
		case PartitionTransformKind::YEAR:
			have[0] = true;
			number[0] = value;
			break;
		case PartitionTransformKind::MONTH:
			have[1] = value >= 1 && value <= 12;
			number[1] = value;
			break;
		case PartitionTransformKind::DAY:
			have[2] = value >= 1 && value <= 31;
			number[2] = value;
			break;
		case PartitionTransformKind::HOUR:
			have[3] = value >= 0 && value <= 23;
			number[3] = value;
			break;
		case PartitionTransformKind::EPOCH_YEAR:
			if (CalendarRange(1970 + value, 1, 1, false, false, lo, hi)) {
				range.Intersect(lo, hi);
			}
			break;
		case PartitionTransformKind::EPOCH_MONTH:
			if (value > NumericLimits<int32_t>::Maximum() || value < NumericLimits<int32_t>::Minimum()) {
				break;
			}
			if (CalendarRange(1970 + FloorDivide(value, 12), value - FloorDivide(value, 12) * 12 + 1, 1, true, false,
			                  lo, hi)) {
				range.Intersect(lo, hi);
			}
			break;
		case PartitionTransformKind::EPOCH_DAY:
			if (DaysToMicros(value, lo) && DaysToMicros(value + 1, hi)) {
				range.Intersect(lo, hi);
			}
			break;
		case PartitionTransformKind::EPOCH_HOUR:
			if (!__builtin_mul_overflow(value, Interval::MICROS_PER_HOUR, &lo) &&
			    !__builtin_add_overflow(lo, Interval::MICROS_PER_HOUR, &hi)) {
				range.Intersect(lo, hi);
			}
			break;
		default:
			break;
		}
	}
	if (have[0]) {
		int64_t lo, hi;
		if (CalendarRange(number[0], number[1], number[2], have[1], have[1] && have[2], lo, hi)) {
			if (have[1] && have[2] && have[3]) {
				lo += number[3] * Interval::MICROS_PER_HOUR;
				hi = lo + Interval::MICROS_PER_HOUR;
			}
			range.Intersect(lo, hi);
		}
	}
	if (range.known && range.lo >= range.hi) {
		range.known = false; // contradictory keys (a damaged catalog): no bounds
	}
	return range;
}

//! [lo, hi) as the inclusive min and max of a temporal column type; false when they do not fit
bool TemporalMinMax(const LogicalType &type, const MicrosRange &range, Value &min_value, Value &max_value) {
	int64_t lo = range.lo;
	int64_t last = range.hi - 1;
	switch (type.id()) {
	case LogicalTypeId::DATE: {
		auto first_day = FloorDivide(lo, Interval::MICROS_PER_DAY);
		auto last_day = FloorDivide(last, Interval::MICROS_PER_DAY);
		if (first_day < NumericLimits<int32_t>::Minimum() || last_day > NumericLimits<int32_t>::Maximum()) {
			return false;
		}
		min_value = Value::DATE(date_t(int32_t(first_day)));
		max_value = Value::DATE(date_t(int32_t(last_day)));
		break;
	}
	case LogicalTypeId::TIMESTAMP:
		min_value = Value::TIMESTAMP(timestamp_t(lo));
		max_value = Value::TIMESTAMP(timestamp_t(last));
		break;
	case LogicalTypeId::TIMESTAMP_TZ:
		min_value = Value::TIMESTAMPTZ(timestamp_tz_t(lo));
		max_value = Value::TIMESTAMPTZ(timestamp_tz_t(last));
		break;
	case LogicalTypeId::TIMESTAMP_NS: {
		int64_t lo_ns, hi_ns;
		if (__builtin_mul_overflow(lo, int64_t(1000), &lo_ns) ||
		    __builtin_mul_overflow(range.hi, int64_t(1000), &hi_ns)) {
			return false;
		}
		min_value = Value::TIMESTAMPNS(timestamp_ns_t(lo_ns));
		max_value = Value::TIMESTAMPNS(timestamp_ns_t(hi_ns - 1));
		break;
	}
	case LogicalTypeId::TIMESTAMP_MS:
		min_value = Value::TIMESTAMPMS(timestamp_ms_t(FloorDivide(lo, Interval::MICROS_PER_MSEC)));
		max_value = Value::TIMESTAMPMS(timestamp_ms_t(FloorDivide(last, Interval::MICROS_PER_MSEC)));
		break;
	case LogicalTypeId::TIMESTAMP_SEC:
		min_value = Value::TIMESTAMPSEC(timestamp_sec_t(FloorDivide(lo, Interval::MICROS_PER_SEC)));
		max_value = Value::TIMESTAMPSEC(timestamp_sec_t(FloorDivide(last, Interval::MICROS_PER_SEC)));
		break;
	default:
		return false;
	}
	return true;
}

//! Sets min/max on stats of the column's type; false when its statistics cannot hold them
bool SetMinMax(BaseStatistics &stats, const Value &min_value, const Value &max_value) {
	auto &type = stats.GetType();
	if (min_value.type() != type || max_value.type() != type) {
		return false;
	}
	switch (stats.GetStatsType()) {
	case StatisticsType::NUMERIC_STATS:
		NumericStats::SetMin(stats, min_value);
		NumericStats::SetMax(stats, max_value);
		return true;
	case StatisticsType::STRING_STATS: {
		if (type.id() != LogicalTypeId::VARCHAR) {
			return false; // a BLOB's text form is not its bytes
		}
		auto &min_text = StringValue::Get(min_value);
		auto &max_text = StringValue::Get(max_value);
		StringStats::SetMin(stats, string_t(min_text.c_str(), NumericCast<uint32_t>(min_text.size())));
		StringStats::SetMax(stats, string_t(max_text.c_str(), NumericCast<uint32_t>(max_text.size())));
		return true;
	}
	default:
		return false;
	}
}

//! The bounds every row of the file holds for a column with these keys; false when they say nothing
bool BuildPartitionStats(const LogicalType &type, const std::vector<ParsedKey> &keys,
                         unique_ptr<BaseStatistics> &result) {
	bool not_null = false;
	bool all_null = false;
	for (auto &key : keys) {
		if (key.has_value) {
			not_null = true;
		}
		if (key.transform.kind != PartitionTransformKind::IDENTITY) {
			continue;
		}
		if (!key.has_value) {
			all_null = true;
		}
	}
	if (all_null && not_null) {
		return false; // contradictory keys (a damaged catalog)
	}
	auto stats = BaseStatistics::CreateUnknown(type);
	if (all_null) {
		stats.Set(StatsInfo::CANNOT_HAVE_VALID_VALUES);
		result = stats.ToUnique();
		return true;
	}
	bool bounded = false;
	auto range = CalendarBounds(keys);
	Value min_value;
	Value max_value;
	if (range.known && TemporalMinMax(type, range, min_value, max_value)) {
		bounded = SetMinMax(stats, min_value, max_value);
	}
	if (!bounded && !not_null) {
		return false;
	}
	stats.Set(not_null ? StatsInfo::CANNOT_HAVE_NULL_VALUES : StatsInfo::CAN_HAVE_NULL_AND_VALID_VALUES);
	result = stats.ToUnique();
	return true;
}

//! True when the filter rejects the value every row of the file holds (an identity key; NULL: all rows NULL)
bool ValueExcluded(const TableFilter &filter, const Value &value) {
	switch (filter.filter_type) {
	case TableFilterType::CONSTANT_COMPARISON: {
		auto &constant = filter.Cast<ConstantFilter>();
		if (value.IsNull()) {
			return true; // a comparison with NULL is never true
		}
		switch (constant.comparison_type) {
		case ExpressionType::COMPARE_EQUAL:
		case ExpressionType::COMPARE_NOTEQUAL:
		case ExpressionType::COMPARE_GREATERTHAN:
		case ExpressionType::COMPARE_GREATERTHANOREQUALTO:
		case ExpressionType::COMPARE_LESSTHAN:
		case ExpressionType::COMPARE_LESSTHANOREQUALTO:
			return !constant.constant.IsNull() && !constant.Compare(value);
		default:
			return false;
		}
	}
	case TableFilterType::IN_FILTER:
		if (value.IsNull()) {
			return true;
		}
		for (auto &candidate : filter.Cast<InFilter>().values) {
			if (candidate.IsNull() || ValueOperations::Equals(value, candidate)) {
				return false;
			}
		}
		return true;
	case TableFilterType::IS_NULL:
		return !value.IsNull();
	case TableFilterType::IS_NOT_NULL:
		return value.IsNull();
	case TableFilterType::OPTIONAL_FILTER: {
		auto &child = filter.Cast<OptionalFilter>().child_filter;
		return child && ValueExcluded(*child, value);
	}
	case TableFilterType::DYNAMIC_FILTER: {
		auto &data = filter.Cast<DynamicFilter>().filter_data;
		if (!data) {
			return false;
		}
		lock_guard<mutex> guard(data->lock);
		return data->initialized && data->filter && ValueExcluded(*data->filter, value);
	}
	case TableFilterType::CONJUNCTION_AND:
		for (auto &child : filter.Cast<ConjunctionAndFilter>().child_filters) {
			if (ValueExcluded(*child, value)) {
				return true;
			}
		}
		return false;
	case TableFilterType::CONJUNCTION_OR: {
		auto &children = filter.Cast<ConjunctionOrFilter>().child_filters;
		for (auto &child : children) {
			if (!ValueExcluded(*child, value)) {
				return false;
			}
		}
		return !children.empty();
	}
	default:
		return false;
	}
}

//! Whether a value of the column falls into bucket `bucket` of the transform
bool InBucket(const PartitionTransform &transform, const Value &value, const std::string &bucket) {
	auto computed = ComputePartitionValue(transform, value);
	return !computed.has_value || computed.text == bucket;
}

//! True when no value the filter accepts hashes to the file's bucket
bool BucketExcludes(const TableFilter &filter, const PartitionTransform &transform, const std::string &bucket) {
	switch (filter.filter_type) {
	case TableFilterType::CONSTANT_COMPARISON: {
		auto &constant = filter.Cast<ConstantFilter>();
		return constant.comparison_type == ExpressionType::COMPARE_EQUAL && !constant.constant.IsNull() &&
		       !InBucket(transform, constant.constant, bucket);
	}
	case TableFilterType::IN_FILTER: {
		for (auto &value : filter.Cast<InFilter>().values) {
			if (value.IsNull() || InBucket(transform, value, bucket)) {
				return false;
			}
		}
		return true;
	}
	case TableFilterType::OPTIONAL_FILTER: {
		auto &child = filter.Cast<OptionalFilter>().child_filter;
		return child && BucketExcludes(*child, transform, bucket);
	}
	case TableFilterType::CONJUNCTION_AND:
		for (auto &child : filter.Cast<ConjunctionAndFilter>().child_filters) {
			if (BucketExcludes(*child, transform, bucket)) {
				return true;
			}
		}
		return false;
	case TableFilterType::CONJUNCTION_OR: {
		auto &children = filter.Cast<ConjunctionOrFilter>().child_filters;
		for (auto &child : children) {
			if (!BucketExcludes(*child, transform, bucket)) {
				return false;
			}
		}
		return !children.empty();
	}
	default:
		return false;
	}
}

//! Narrows [lo, hi] by the integer comparisons of an AND of constant filters (x >= 7 AND x <= 8: what DuckDB
//! makes of a dense IN list)
void NarrowIntegerRange(const TableFilter &filter, bool &has_lo, int64_t &lo, bool &has_hi, int64_t &hi) {
	if (filter.filter_type == TableFilterType::CONJUNCTION_AND) {
		for (auto &child : filter.Cast<ConjunctionAndFilter>().child_filters) {
			NarrowIntegerRange(*child, has_lo, lo, has_hi, hi);
		}
		return;
	}
	if (filter.filter_type != TableFilterType::CONSTANT_COMPARISON) {
		return;
	}
	auto &constant = filter.Cast<ConstantFilter>();
	Value number;
	std::string error;
	if (constant.constant.IsNull() || !constant.constant.type().IsIntegral() ||
	    !constant.constant.DefaultTryCastAs(LogicalType::BIGINT, number, &error)) {
		return;
	}
	auto value = number.GetValue<int64_t>();
	auto raise_lo = [&](int64_t bound) {
		lo = has_lo ? MaxValue(lo, bound) : bound;
		has_lo = true;
	};
	auto lower_hi = [&](int64_t bound) {
		hi = has_hi ? MinValue(hi, bound) : bound;
		has_hi = true;
	};
	switch (constant.comparison_type) {
	case ExpressionType::COMPARE_EQUAL:
		raise_lo(value);
		lower_hi(value);
		break;
	case ExpressionType::COMPARE_GREATERTHANOREQUALTO:
		raise_lo(value);
		break;
	case ExpressionType::COMPARE_GREATERTHAN:
		if (value < NumericLimits<int64_t>::Maximum()) {
			raise_lo(value + 1);
		}
		break;
	case ExpressionType::COMPARE_LESSTHANOREQUALTO:
		lower_hi(value);
		break;
	case ExpressionType::COMPARE_LESSTHAN:
		if (value > NumericLimits<int64_t>::Minimum()) {
			lower_hi(value - 1);
		}
		break;
	default:
		break;
	}
}

//! A short integer range (at most this many values) is checked value by value against a bucket
constexpr int64_t kMaxBucketRange = 256;

//! True when the filter bounds an integer column to a short range none of whose values hashes to the bucket
bool BucketRangeExcludes(const TableFilter &filter, const LogicalType &type, const PartitionTransform &transform,
                         const std::string &bucket) {
	if (!type.IsIntegral()) {
		return false;
	}
	bool has_lo = false;
	bool has_hi = false;
	int64_t lo = 0;
	int64_t hi = 0;
	NarrowIntegerRange(filter, has_lo, lo, has_hi, hi);
	if (!has_lo || !has_hi || hi < lo || hi - lo >= kMaxBucketRange) {
		return false;
	}
	for (auto value = lo; value <= hi; value++) {
		Value typed;
		std::string error;
		if (!Value::BIGINT(value).DefaultTryCastAs(type, typed, &error)) {
			continue; // outside the column's type: no row holds it
		}
		if (InBucket(transform, typed, bucket)) {
			return false;
		}
	}
	return true;
}

bool FilterExcludes(const TableFilter &filter, BaseStatistics &stats) {
	auto result = filter.CheckStatistics(stats);
	return result == FilterPropagateResult::FILTER_ALWAYS_FALSE ||
	       result == FilterPropagateResult::FILTER_FALSE_OR_NULL;
}

} // namespace

bool PartitionsExcludeFile(const LakeScanSpec &spec, const ScanDataFile &file, const vector<column_t> &column_ids,
                           const TableFilterSet &filters) {
	if (file.partition_values.empty()) {
		return false;
	}
	for (auto &entry : filters.filters) {
		if (entry.first >= column_ids.size()) {
			continue;
		}
		auto column_index = column_ids[entry.first];
		if (IsVirtualColumn(column_index) || column_index >= spec.columns.size()) {
			continue;
		}
		auto &column = spec.columns[column_index];
		std::vector<ParsedKey> keys;
		for (auto &value : file.partition_values) {
			if (value.column_id != column.column_id) {
				continue;
			}
			ParsedKey key;
			try {
				key.transform = PartitionTransform::Parse(value.transform);
			} catch (std::exception &) {
				continue; // unknown transform: says nothing
			}
			key.has_value = value.has_value;
			key.text = value.value;
			keys.push_back(std::move(key));
		}
		if (keys.empty()) {
			continue;
		}
		unique_ptr<BaseStatistics> stats;
		if (BuildPartitionStats(column.type, keys, stats) && FilterExcludes(*entry.second, *stats)) {
			return true;
		}
		for (auto &key : keys) {
			if (key.transform.kind == PartitionTransformKind::IDENTITY) {
				Value exact(column.type); // NULL: every row is NULL
				std::string error;
				if ((!key.has_value || (Value(key.text).DefaultTryCastAs(column.type, exact, &error) &&
				                        !exact.IsNull())) &&
				    ValueExcluded(*entry.second, exact)) {
					return true;
				}
			}
			if (key.transform.kind == PartitionTransformKind::BUCKET && key.has_value &&
			    column.type.id() != LogicalTypeId::DECIMAL &&
			    (BucketExcludes(*entry.second, key.transform, key.text) ||
			     BucketRangeExcludes(*entry.second, column.type, key.transform, key.text))) {
				return true;
			}
		}
	}
	return false;
}

} // namespace inlake

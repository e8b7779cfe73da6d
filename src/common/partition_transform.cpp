#include "common/partition_transform.hpp"

#include "duckdb/common/exception.hpp"
#include "duckdb/common/exception/binder_exception.hpp"
#include "duckdb/common/string_util.hpp"
#include "duckdb/common/types/date.hpp"
#include "duckdb/common/types/time.hpp"
#include "duckdb/common/types/timestamp.hpp"
#include "duckdb/common/types/uuid.hpp"

#include <cmath>
#include <cstring>

namespace inlake {
using namespace duckdb; // NOLINT

namespace {

struct NamedKind {
	const char *name;
	PartitionTransformKind kind;
};

const NamedKind kKinds[] = {{"identity", PartitionTransformKind::IDENTITY},
                            {"year", PartitionTransformKind::YEAR},
                            {"month", PartitionTransformKind::MONTH},
                            {"day", PartitionTransformKind::DAY},
                            {"hour", PartitionTransformKind::HOUR},
                            {"epoch_year", PartitionTransformKind::EPOCH_YEAR},
                            {"epoch_month", PartitionTransformKind::EPOCH_MONTH},
                            {"epoch_day", PartitionTransformKind::EPOCH_DAY},
                            {"epoch_hour", PartitionTransformKind::EPOCH_HOUR}};

bool IsTemporal(const LogicalType &type) {
	switch (type.id()) {
	case LogicalTypeId::DATE:
	case LogicalTypeId::TIMESTAMP:
	case LogicalTypeId::TIMESTAMP_TZ:
	case LogicalTypeId::TIMESTAMP_SEC:
	case LogicalTypeId::TIMESTAMP_MS:
	case LogicalTypeId::TIMESTAMP_NS:
		return true;
	default:
		return false;
	}
}

int64_t FloorDiv(int64_t value, int64_t divisor) {
	auto quotient = value / divisor;
	return (value % divisor != 0 && value < 0) ? quotient - 1 : quotient;
}

//! Microseconds since the epoch of a timestamp-family or DATE value at `index` of `data`; false when it has no
//! calendar value (infinity, or out of the microsecond range).
bool TemporalMicros(const LogicalType &type, const_data_ptr_t data, idx_t index, int64_t &micros, bool &is_date,
                    int32_t &days) {
	is_date = false;
	switch (type.id()) {
	case LogicalTypeId::DATE: {
		auto date = reinterpret_cast<const date_t *>(data)[index];
		if (!Date::IsFinite(date)) {
			return false;
		}
		is_date = true;
		days = date.days;
		micros = int64_t(date.days) * Interval::MICROS_PER_DAY;
		return true;
	}
	case LogicalTypeId::TIMESTAMP:
	case LogicalTypeId::TIMESTAMP_TZ:
	case LogicalTypeId::TIMESTAMP_SEC:
	case LogicalTypeId::TIMESTAMP_MS:
	case LogicalTypeId::TIMESTAMP_NS: {
		auto raw = reinterpret_cast<const int64_t *>(data)[index];
		if (!Timestamp::IsFinite(timestamp_t(raw))) {
			return false;
		}
		if (type.id() == LogicalTypeId::TIMESTAMP_SEC) {
			if (raw > NumericLimits<int64_t>::Maximum() / Interval::MICROS_PER_SEC ||
			    raw < NumericLimits<int64_t>::Minimum() / Interval::MICROS_PER_SEC) {
				return false;
			}
			raw *= Interval::MICROS_PER_SEC;
		} else if (type.id() == LogicalTypeId::TIMESTAMP_MS) {
			if (raw > NumericLimits<int64_t>::Maximum() / Interval::MICROS_PER_MSEC ||
			    raw < NumericLimits<int64_t>::Minimum() / Interval::MICROS_PER_MSEC) {
				return false;
			}
			raw *= Interval::MICROS_PER_MSEC;
		} else if (type.id() == LogicalTypeId::TIMESTAMP_NS) {
			raw = FloorDiv(raw, 1000);
		}
		micros = raw;
		if (!Timestamp::IsFinite(timestamp_t(micros))) {
			return false;
		}
		days = int32_t(FloorDiv(micros, Interval::MICROS_PER_DAY));
		return true;
	}
	default:
		return false;
	}
}

bool CalendarValue(PartitionTransformKind kind, const LogicalType &type, const_data_ptr_t data, idx_t index,
                   int64_t &result) {
	int64_t micros;
	bool is_date;
	int32_t days;
	if (!TemporalMicros(type, data, index, micros, is_date, days)) {
		return false;
	}
	int32_t year, month, day;
	Date::Convert(date_t(days), year, month, day);
	switch (kind) {
	case PartitionTransformKind::YEAR:
		result = year;
		return true;
	case PartitionTransformKind::MONTH:
		result = month;
		return true;
	case PartitionTransformKind::DAY:
		result = day;
		return true;
	case PartitionTransformKind::HOUR:
		result = FloorDiv(micros, Interval::MICROS_PER_HOUR) - int64_t(days) * 24;
		return true;
	case PartitionTransformKind::EPOCH_YEAR:
		result = int64_t(year) - 1970;
		return true;
	case PartitionTransformKind::EPOCH_MONTH:
		result = (int64_t(year) - 1970) * 12 + (month - 1);
		return true;
	case PartitionTransformKind::EPOCH_DAY:
		result = days;
		return true;
	case PartitionTransformKind::EPOCH_HOUR:
		result = FloorDiv(micros, Interval::MICROS_PER_HOUR);
		return true;
	default:
		throw InternalException("inlake: not a calendar partition transform");
	}
}

void AppendLong(std::string &bytes, int64_t value) {
	auto bits = uint64_t(value);
	for (int i = 0; i < 8; i++) {
		bytes.push_back(char((bits >> (8 * i)) & 0xFF));
	}
}

//! The shortest big-endian two's complement form of a 128-bit value.
void AppendMinimalBigEndian(std::string &bytes, hugeint_t value) {
	uint8_t full[16];
	auto upper = uint64_t(value.upper);
	auto lower = value.lower;
	for (int i = 0; i < 8; i++) {
		full[i] = uint8_t(upper >> (56 - 8 * i));
		full[8 + i] = uint8_t(lower >> (56 - 8 * i));
	}
	int start = 0;
	while (start < 15) {
		bool redundant = (full[start] == 0x00 && !(full[start + 1] & 0x80)) ||
		                 (full[start] == 0xFF && (full[start + 1] & 0x80));
		if (!redundant) {
			break;
		}
		start++;
	}
	bytes.append(reinterpret_cast<const char *>(full + start), size_t(16 - start));
}

//! Iceberg's bytes of a non-NULL value for bucket(N).
std::string BucketBytes(const Value &value) {
	std::string bytes;
	auto &type = value.type();
	switch (type.id()) {
	case LogicalTypeId::BOOLEAN:
		AppendLong(bytes, value.GetValue<bool>() ? 1 : 0);
		break;
	case LogicalTypeId::TINYINT:
	case LogicalTypeId::SMALLINT:
	case LogicalTypeId::INTEGER:
	case LogicalTypeId::BIGINT:
	case LogicalTypeId::UTINYINT:
	case LogicalTypeId::USMALLINT:
	case LogicalTypeId::UINTEGER:
		AppendLong(bytes, value.GetValue<int64_t>());
		break;
	case LogicalTypeId::UBIGINT:
		AppendLong(bytes, int64_t(value.GetValue<uint64_t>()));
		break;
	case LogicalTypeId::HUGEINT:
		AppendMinimalBigEndian(bytes, value.GetValue<hugeint_t>());
		break;
	case LogicalTypeId::UHUGEINT: {
		auto unsigned_value = value.GetValue<uhugeint_t>();
		hugeint_t as_signed;
		as_signed.lower = unsigned_value.lower;
		as_signed.upper = int64_t(unsigned_value.upper);
		AppendMinimalBigEndian(bytes, as_signed);
		break;
	}
	case LogicalTypeId::DECIMAL: {
		hugeint_t unscaled;
		switch (type.InternalType()) {
		case PhysicalType::INT16:
			unscaled = hugeint_t(value.GetValueUnsafe<int16_t>());
			break;
		case PhysicalType::INT32:
			unscaled = hugeint_t(value.GetValueUnsafe<int32_t>());
			break;
		case PhysicalType::INT64:
			unscaled = hugeint_t(value.GetValueUnsafe<int64_t>());
			break;
		default:
			unscaled = value.GetValueUnsafe<hugeint_t>();
			break;
		}
		AppendMinimalBigEndian(bytes, unscaled);
		break;
	}
	case LogicalTypeId::FLOAT:
	case LogicalTypeId::DOUBLE: {
		auto number = value.GetValue<double>();
		if (number == 0) {
			number = 0; // -0.0 and 0.0 are one value
		} else if (std::isnan(number)) {
			number = std::numeric_limits<double>::quiet_NaN();
		}
		int64_t bits;
		memcpy(&bits, &number, sizeof(bits));
		AppendLong(bytes, bits);
		break;
	}
	case LogicalTypeId::DATE:
		AppendLong(bytes, value.GetValue<date_t>().days);
		break;
	case LogicalTypeId::TIME:
		AppendLong(bytes, value.GetValue<dtime_t>().micros);
		break;
	case LogicalTypeId::TIMESTAMP:
	case LogicalTypeId::TIMESTAMP_TZ:
	case LogicalTypeId::TIMESTAMP_SEC:
	case LogicalTypeId::TIMESTAMP_MS:
	case LogicalTypeId::TIMESTAMP_NS:
		AppendLong(bytes, value.DefaultCastAs(LogicalType::TIMESTAMP).GetValue<timestamp_t>().value);
		break;
	case LogicalTypeId::UUID: {
		auto uuid = value.GetValue<hugeint_t>();
		// DuckDB stores a UUID with its top bit flipped (to order as text): undo it
		uuid.upper ^= (int64_t(1) << 63);
		uint8_t full[16];
		for (int i = 0; i < 8; i++) {
			full[i] = uint8_t(uint64_t(uuid.upper) >> (56 - 8 * i));
			full[8 + i] = uint8_t(uuid.lower >> (56 - 8 * i));
		}
		bytes.append(reinterpret_cast<const char *>(full), 16);
		break;
	}
	case LogicalTypeId::BLOB:
	case LogicalTypeId::VARCHAR: {
		auto &text = StringValue::Get(value);
		bytes.append(text.data(), text.size());
		break;
	}
	default:
		// any other type: its text form
		bytes = value.ToString();
		break;
	}
	return bytes;
}

std::string ValueText(const Value &value) {
	return value.ToString();
}

bool IsHiveSafe(char c) {
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_' ||
	       c == '.';
}

std::string HiveEscape(const std::string &text) {
	static const char *hex = "0123456789ABCDEF";
	std::string escaped;
	for (auto c : text) {
		if (IsHiveSafe(c)) {
			escaped.push_back(c);
		} else {
			escaped.push_back('%');
			escaped.push_back(hex[(uint8_t(c) >> 4) & 0xF]);
			escaped.push_back(hex[uint8_t(c) & 0xF]);
		}
	}
	if (escaped.empty() || escaped == "." || escaped == "..") {
		escaped = "%" + escaped; // never an empty, current or parent folder name
	}
	// one path segment stays well below file systems' 255-byte limit: the catalog, not the folder, holds the value
	constexpr size_t kMaxSegment = 120;
	if (escaped.size() > kMaxSegment) {
		auto hash = Murmur3Hash32(reinterpret_cast<const uint8_t *>(text.data()), text.size());
		escaped = escaped.substr(0, kMaxSegment - 9) + "~" + StringUtil::Format("%08x", hash);
	}
	return escaped;
}

} // namespace

PartitionTransform PartitionTransform::Parse(const std::string &text) {
	PartitionTransform result;
	auto lowered = StringUtil::Lower(text);
	for (auto &named : kKinds) {
		if (lowered == named.name) {
			result.kind = named.kind;
			return result;
		}
	}
	if (StringUtil::StartsWith(lowered, "bucket(") && StringUtil::EndsWith(lowered, ")")) {
		auto number = lowered.substr(7, lowered.size() - 8);
		char *end = nullptr;
		auto count = strtoll(number.c_str(), &end, 10);
		if (!number.empty() && end && *end == '\0' && count >= 1 && count <= NumericLimits<int32_t>::Maximum()) {
			result.kind = PartitionTransformKind::BUCKET;
			result.bucket_count = count;
			return result;
		}
	}
	throw IOException("The DuckLake catalog names a partition transform inlake does not know: \"%s\"", text);
}

std::string PartitionTransform::Name() const {
	if (kind == PartitionTransformKind::BUCKET) {
		return "bucket";
	}
	for (auto &named : kKinds) {
		if (named.kind == kind) {
			return kind == PartitionTransformKind::IDENTITY ? std::string() : std::string(named.name);
		}
	}
	return std::string();
}

std::string PartitionTransform::ToString() const {
	if (kind == PartitionTransformKind::BUCKET) {
		return "bucket(" + std::to_string(bucket_count) + ")";
	}
	return kind == PartitionTransformKind::IDENTITY ? "identity" : Name();
}

bool PartitionTransform::IsEpoch() const {
	return kind == PartitionTransformKind::EPOCH_YEAR || kind == PartitionTransformKind::EPOCH_MONTH ||
	       kind == PartitionTransformKind::EPOCH_DAY || kind == PartitionTransformKind::EPOCH_HOUR;
}

void PartitionTransform::CheckType(const std::string &column_name, const LogicalType &type) const {
	if (type.IsNested()) {
		throw BinderException("Cannot partition by column \"%s\": its type %s is nested; partition keys must be "
		                      "plain values",
		                      column_name, type.ToString());
	}
	switch (kind) {
	case PartitionTransformKind::IDENTITY:
	case PartitionTransformKind::BUCKET:
		return;
	case PartitionTransformKind::HOUR:
	case PartitionTransformKind::EPOCH_HOUR:
		if (IsTemporal(type) && type.id() != LogicalTypeId::DATE) {
			return;
		}
		throw BinderException("Cannot partition by %s(%s): %s needs a TIMESTAMP column, \"%s\" is %s", Name(),
		                      column_name, Name(), column_name, type.ToString());
	default:
		if (IsTemporal(type)) {
			return;
		}
		throw BinderException("Cannot partition by %s(%s): %s needs a DATE or TIMESTAMP column, \"%s\" is %s",
		                      Name(), column_name, Name(), column_name, type.ToString());
	}
}

uint32_t Murmur3Hash32(const uint8_t *data, size_t size) {
	const uint32_t c1 = 0xcc9e2d51;
	const uint32_t c2 = 0x1b873593;
	uint32_t hash = 0;
	auto rotl = [](uint32_t x, int r) { return (x << r) | (x >> (32 - r)); };
	size_t blocks = size / 4;
	for (size_t i = 0; i < blocks; i++) {
		uint32_t k = uint32_t(data[4 * i]) | (uint32_t(data[4 * i + 1]) << 8) | (uint32_t(data[4 * i + 2]) << 16) |
		             (uint32_t(data[4 * i + 3]) << 24);
		k *= c1;
		k = rotl(k, 15);
		k *= c2;
		hash ^= k;
		hash = rotl(hash, 13);
		hash = hash * 5 + 0xe6546b64;
	}
	auto tail = data + blocks * 4;
	uint32_t k = 0;
	switch (size & 3) {
	case 3:
		k ^= uint32_t(tail[2]) << 16;
		// fall through
	case 2:
		k ^= uint32_t(tail[1]) << 8;
		// fall through
	case 1:
		k ^= uint32_t(tail[0]);
		k *= c1;
		k = rotl(k, 15);
		k *= c2;
		hash ^= k;
	}
	hash ^= uint32_t(size);
	hash ^= hash >> 16;
	hash *= 0x85ebca6b;
	hash ^= hash >> 13;
	hash *= 0xc2b2ae35;
	hash ^= hash >> 16;
	return hash;
}

PartitionValueText ComputePartitionValue(const PartitionTransform &transform, const Value &value) {
	PartitionValueText result;
	if (value.IsNull()) {
		return result;
	}
	switch (transform.kind) {
	case PartitionTransformKind::IDENTITY:
		result.has_value = true;
		result.text = ValueText(value);
		return result;
	case PartitionTransformKind::BUCKET: {
		auto bytes = BucketBytes(value);
		auto hash = Murmur3Hash32(reinterpret_cast<const uint8_t *>(bytes.data()), bytes.size());
		result.has_value = true;
		result.text = std::to_string(int64_t(hash & 0x7FFFFFFF) % transform.bucket_count);
		return result;
	}
	default: {
		Vector single(value);
		std::vector<PartitionValueText> out;
		ComputePartitionValues(transform, single, 1, out);
		return out[0];
	}
	}
}

namespace {

//! Identity values of the common types without a Value per row; false for other types.
template <class T>
void IntegerTexts(const UnifiedVectorFormat &format, idx_t count, std::vector<PartitionValueText> &out) {
	auto data = UnifiedVectorFormat::GetData<T>(format);
	for (idx_t row = 0; row < count; row++) {
		auto index = format.sel->get_index(row);
		if (format.validity.RowIsValid(index)) {
			out[row].has_value = true;
			out[row].text = std::to_string(data[index]);
		}
	}
}

bool FastIdentityTexts(const LogicalType &type, const UnifiedVectorFormat &format, idx_t count,
                       std::vector<PartitionValueText> &out) {
	switch (type.id()) {
	case LogicalTypeId::TINYINT:
		IntegerTexts<int8_t>(format, count, out);
		return true;
	case LogicalTypeId::SMALLINT:
		IntegerTexts<int16_t>(format, count, out);
		return true;
	case LogicalTypeId::INTEGER:
		IntegerTexts<int32_t>(format, count, out);
		return true;
	case LogicalTypeId::BIGINT:
		IntegerTexts<int64_t>(format, count, out);
		return true;
	case LogicalTypeId::UTINYINT:
		IntegerTexts<uint8_t>(format, count, out);
		return true;
	case LogicalTypeId::USMALLINT:
		IntegerTexts<uint16_t>(format, count, out);
		return true;
	case LogicalTypeId::UINTEGER:
		IntegerTexts<uint32_t>(format, count, out);
		return true;
	case LogicalTypeId::UBIGINT:
		IntegerTexts<uint64_t>(format, count, out);
		return true;
	case LogicalTypeId::VARCHAR: {
		if (type.HasAlias()) {
			return false;
		}
		auto data = UnifiedVectorFormat::GetData<string_t>(format);
		for (idx_t row = 0; row < count; row++) {
			auto index = format.sel->get_index(row);
			if (format.validity.RowIsValid(index)) {
				out[row].has_value = true;
				out[row].text = data[index].GetString();
			}
		}
		return true;
	}
	default:
		return false;
	}
}

} // namespace

void ComputePartitionValues(const PartitionTransform &transform, Vector &input, idx_t count,
                            std::vector<PartitionValueText> &out) {
	out.assign(count, PartitionValueText());
	UnifiedVectorFormat format;
	input.ToUnifiedFormat(count, format);
	if (transform.kind == PartitionTransformKind::IDENTITY && FastIdentityTexts(input.GetType(), format, count, out)) {
		return;
	}
	bool calendar = transform.kind != PartitionTransformKind::IDENTITY && transform.kind != PartitionTransformKind::BUCKET;
	for (idx_t row = 0; row < count; row++) {
		auto index = format.sel->get_index(row);
		if (!format.validity.RowIsValid(index)) {
			continue;
		}
		if (calendar) {
			int64_t number;
			if (CalendarValue(transform.kind, input.GetType(), format.data, index, number)) {
				out[row].has_value = true;
				out[row].text = std::to_string(number);
			}
			continue;
		}
		out[row] = ComputePartitionValue(transform, input.GetValue(row));
	}
}

std::string HivePartitionFolder(const std::string &name, const PartitionValueText &value) {
	return HiveEscape(name) + "=" + (value.has_value ? HiveEscape(value.text) : "__HIVE_DEFAULT_PARTITION__") + "/";
}

} // namespace inlake

//===----------------------------------------------------------------------===//
// Partition transforms: what a partition key computes from a column value.
//
//  * identity: the value itself (any non-nested type), as its text.
//  * year / month / day / hour (DATE and timestamps; hour timestamps only):
//    the calendar number (2026, 12, 6, 23), computed in UTC for TIMESTAMPTZ.
//  * epoch_year / epoch_month / epoch_day / epoch_hour (format 1.1): whole
//    years, months, days, hours since 1970-01-01 00:00 UTC (floor).
//  * bucket(N), N >= 1: (murmur3_32(bytes) & INT32_MAX) % N over Apache
//    Iceberg's byte forms: integers, DATE (days), TIME and timestamps
//    (microseconds) as 8-byte little-endian longs; text and BLOB as their
//    bytes; UUID as 16 big-endian bytes; DECIMAL as the unscaled value's
//    shortest big-endian two's complement; BOOLEAN as 0/1 long; floating
//    point as the 8-byte little-endian bits of the DOUBLE (0.0 for -0.0).
// A timestamp without a calendar value (infinity) gives NULL.
//===----------------------------------------------------------------------===//
#pragma once

#include "duckdb/common/types.hpp"
#include "duckdb/common/types/value.hpp"
#include "duckdb/common/types/vector.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace inlake {

enum class PartitionTransformKind {
	IDENTITY,
	YEAR,
	MONTH,
	DAY,
	HOUR,
	BUCKET,
	EPOCH_YEAR,
	EPOCH_MONTH,
	EPOCH_DAY,
	EPOCH_HOUR
};

struct PartitionTransform {
	PartitionTransformKind kind = PartitionTransformKind::IDENTITY;
	int64_t bucket_count = 0;

	//! Parses the catalog's form (identity, year, bucket(16), epoch_day, ...); throws an IOException naming a
	//! transform inlake does not know (a damaged or newer catalog).
	static PartitionTransform Parse(const std::string &text);
	//! The catalog's form
	std::string ToString() const;
	//! The transform's name in SQL and Hive folders (identity: empty)
	std::string Name() const;
	bool IsEpoch() const;
	//! Throws a BinderException naming the column when the transform cannot apply to its type.
	void CheckType(const std::string &column_name, const duckdb::LogicalType &type) const;
	//! Whether the transform needs a format 1.1 lake (the epoch_* transforms)
	bool NeedsFormat11() const {
		return IsEpoch();
	}
};

//! One computed key value: has_value false for NULL.
struct PartitionValueText {
	bool has_value = false;
	std::string text;

	bool operator==(const PartitionValueText &other) const {
		return has_value == other.has_value && text == other.text;
	}
	bool operator<(const PartitionValueText &other) const {
		return has_value != other.has_value ? has_value < other.has_value : text < other.text;
	}
};

//! The key's value for each of the first `count` rows of `input` (a column of the source type).
void ComputePartitionValues(const PartitionTransform &transform, duckdb::Vector &input, duckdb::idx_t count,
                            std::vector<PartitionValueText> &out);

//! The key's value of one value of the source type.
PartitionValueText ComputePartitionValue(const PartitionTransform &transform, const duckdb::Value &value);

//! MurmurHash3 x86 32-bit, seed 0 (what bucket(N) hashes with).
uint32_t Murmur3Hash32(const uint8_t *data, size_t size);

//! A Hive folder `name=value/` with both parts escaped so that any value is one safe path segment (NULL:
//! __HIVE_DEFAULT_PARTITION__).
std::string HivePartitionFolder(const std::string &name, const PartitionValueText &value);

} // namespace inlake

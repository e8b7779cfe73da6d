// Units for common/partition_transform: Murmur3Hash32 against Apache Iceberg's published hash values (spec
// Appendix B: 32-bit hash requirements; the same numbers are asserted by pyiceberg, iceberg-rust and iceberg-cpp),
// bucket(N) through ComputePartitionValue on DuckDB values, the calendar and epoch transforms at their edges (the
// last microsecond before the epoch, 1 BC, infinity) and HivePartitionFolder's escaping.
#include "common/partition_transform.hpp"

#include "duckdb/common/types/date.hpp"
#include "duckdb/common/types/time.hpp"
#include "duckdb/common/types/timestamp.hpp"
#include "duckdb/common/types/uuid.hpp"

#include <gtest/gtest.h>

#include <cstring>

using namespace inlake;
using duckdb::LogicalType;
using duckdb::Value;

namespace {

int32_t HashLong(int64_t value) {
	uint8_t bytes[8];
	for (int i = 0; i < 8; i++) {
		bytes[i] = uint8_t(uint64_t(value) >> (8 * i));
	}
	return int32_t(Murmur3Hash32(bytes, 8));
}

int32_t HashBytes(const std::vector<uint8_t> &bytes) {
	return int32_t(Murmur3Hash32(bytes.data(), bytes.size()));
}

int32_t HashText(const std::string &text) {
	return int32_t(Murmur3Hash32(reinterpret_cast<const uint8_t *>(text.data()), text.size()));
}

int64_t Bucket(int32_t hash, int64_t n) {
	return int64_t(hash & 0x7FFFFFFF) % n;
}

std::string Compute(const std::string &transform, const Value &value) {
	auto result = ComputePartitionValue(PartitionTransform::Parse(transform), value);
	return result.has_value ? result.text : "NULL";
}

} // namespace

TEST(Murmur3Hash32, IcebergAppendixBVectors) {
	EXPECT_EQ(HashLong(34), 2017239379);                            // int 34 (hashed as a long) and long 34
	EXPECT_EQ(HashBytes({0x05, 0x8c}), -500754589);                 // decimal(9,2) 14.20: unscaled 1420 = 0x058C
	EXPECT_EQ(HashLong(17486), -653330422);                         // date 2017-11-16 (days)
	EXPECT_EQ(HashLong(81068000000LL), -662762989);                 // time 22:31:08 (micros)
	EXPECT_EQ(HashLong(1510871468000000LL), -2047944441);           // timestamp 2017-11-16T22:31:08
	EXPECT_EQ(HashLong(1510871468000001LL), -1207196810);           // ... .000001
	EXPECT_EQ(HashText("iceberg"), 1210000089);                     // string
	EXPECT_EQ(HashBytes({0xf7, 0x9c, 0x3e, 0x09, 0x67, 0x7c, 0x4b, 0xbd, 0xa4, 0x79, 0x3f, 0x34, 0x9c, 0xb7, 0x85,
	                     0xe7}),
	          1488055340);                                          // uuid f79c3e09-677c-4bbd-a479-3f349cb785e7
	EXPECT_EQ(HashBytes({0x00, 0x01, 0x02, 0x03}), -188683207);     // binary / fixed
	EXPECT_EQ(HashLong(1), 1392991556);                             // boolean true (pyiceberg) = long 1
	EXPECT_EQ(HashText(""), 0);                                     // seed 0, no bytes
}

TEST(PartitionBucket, DuckDBValuesUseIcebergBytes) {
	// the expected buckets are (hash & INT_MAX) % N of the Appendix B hashes above
	EXPECT_EQ(Compute("bucket(100)", Value::INTEGER(34)), std::to_string(Bucket(2017239379, 100))); // 79
	EXPECT_EQ(Compute("bucket(100)", Value::BIGINT(34)), "79");
	EXPECT_EQ(Compute("bucket(100)", Value::TINYINT(34)), "79");
	EXPECT_EQ(Compute("bucket(100)", Value::UTINYINT(34)), "79");
	EXPECT_EQ(Compute("bucket(16)", Value("iceberg")), std::to_string(Bucket(1210000089, 16))); // 9
	EXPECT_EQ(Compute("bucket(100)", Value::DATE(duckdb::Date::FromDate(2017, 11, 16))),
	          std::to_string(Bucket(-653330422, 100)));
	EXPECT_EQ(Compute("bucket(100)", Value::TIME(duckdb::Time::FromTime(22, 31, 8, 0))),
	          std::to_string(Bucket(-662762989, 100)));
	auto ts = duckdb::Timestamp::FromDatetime(duckdb::Date::FromDate(2017, 11, 16), duckdb::Time::FromTime(22, 31, 8, 0));
	EXPECT_EQ(Compute("bucket(100)", Value::TIMESTAMP(ts)), std::to_string(Bucket(-2047944441, 100)));
	EXPECT_EQ(Compute("bucket(100)", Value::TIMESTAMPTZ(duckdb::timestamp_tz_t(ts.value))),
	          std::to_string(Bucket(-2047944441, 100)));
	// TIMESTAMP_NS hashes its microseconds
	EXPECT_EQ(Compute("bucket(100)", Value::TIMESTAMPNS(duckdb::timestamp_ns_t(ts.value * 1000 + 1001))),
	          std::to_string(Bucket(-1207196810, 100)));
	EXPECT_EQ(Compute("bucket(100)", Value::DECIMAL(int32_t(1420), 9, 2)), std::to_string(Bucket(-500754589, 100)));
	EXPECT_EQ(Compute("bucket(100)", Value::UUID("f79c3e09-677c-4bbd-a479-3f349cb785e7")),
	          std::to_string(Bucket(1488055340, 100)));
	EXPECT_EQ(Compute("bucket(100)", Value::BLOB(std::string("\x00\x01\x02\x03", 4))),
	          std::to_string(Bucket(-188683207, 100)));
	EXPECT_EQ(Compute("bucket(100)", Value::BOOLEAN(true)), std::to_string(Bucket(1392991556, 100)));
	EXPECT_EQ(Compute("bucket(1)", Value::INTEGER(-123456)), "0");
	EXPECT_EQ(Compute("bucket(7)", Value(LogicalType::INTEGER)), "NULL");
}

TEST(PartitionCalendar, EdgesOfTheEpochAndTheCalendar) {
	// 1969-12-31 23:59:59.999999: the calendar says 1969/12/31 hour 23, the epoch counts say -1 of everything
	auto before = duckdb::Timestamp::FromEpochMicroSeconds(-1);
	auto v = Value::TIMESTAMP(before);
	EXPECT_EQ(Compute("year", v), "1969");
	EXPECT_EQ(Compute("month", v), "12");
	EXPECT_EQ(Compute("day", v), "31");
	EXPECT_EQ(Compute("hour", v), "23");
	EXPECT_EQ(Compute("epoch_year", v), "-1");
	EXPECT_EQ(Compute("epoch_month", v), "-1");
	EXPECT_EQ(Compute("epoch_day", v), "-1");
	EXPECT_EQ(Compute("epoch_hour", v), "-1");
	auto epoch = Value::TIMESTAMP(duckdb::Timestamp::FromEpochMicroSeconds(0));
	EXPECT_EQ(Compute("epoch_hour", epoch), "0");
	EXPECT_EQ(Compute("hour", epoch), "0");
	// one nanosecond before the epoch
	auto ns = Value::TIMESTAMPNS(duckdb::timestamp_ns_t(-1));
	EXPECT_EQ(Compute("year", ns), "1969");
	EXPECT_EQ(Compute("epoch_hour", ns), "-1");
	// 1 BC is the astronomical year 0; its first day is 719528 days before the epoch
	auto bc = Value::DATE(duckdb::Date::FromDate(0, 1, 1));
	EXPECT_EQ(Compute("year", bc), "0");
	EXPECT_EQ(Compute("month", bc), "1");
	EXPECT_EQ(Compute("day", bc), "1");
	EXPECT_EQ(Compute("epoch_day", bc), "-719528");
	EXPECT_EQ(Compute("epoch_year", bc), "-1970");
	EXPECT_EQ(Compute("epoch_month", bc), "-23640");
	// infinities have no calendar value: a NULL key
	EXPECT_EQ(Compute("year", Value::DATE(duckdb::date_t::infinity())), "NULL");
	EXPECT_EQ(Compute("day", Value::DATE(duckdb::date_t::ninfinity())), "NULL");
	EXPECT_EQ(Compute("hour", Value::TIMESTAMP(duckdb::timestamp_t::infinity())), "NULL");
	EXPECT_EQ(Compute("epoch_day", Value::TIMESTAMP(duckdb::timestamp_t::ninfinity())), "NULL");
	EXPECT_EQ(Compute("month", Value::TIMESTAMPTZ(duckdb::timestamp_tz_t(duckdb::timestamp_t::infinity().value))),
	          "NULL");
	// identity keeps the text
	EXPECT_EQ(Compute("identity", Value::TIMESTAMP(duckdb::timestamp_t::infinity())), "infinity");
	EXPECT_EQ(Compute("identity", Value(LogicalType::VARCHAR)), "NULL");
}

TEST(PartitionTransform, ParseAndPrint) {
	EXPECT_EQ(PartitionTransform::Parse("bucket(16)").ToString(), "bucket(16)");
	EXPECT_EQ(PartitionTransform::Parse("IDENTITY").ToString(), "identity");
	EXPECT_EQ(PartitionTransform::Parse("epoch_hour").ToString(), "epoch_hour");
	EXPECT_TRUE(PartitionTransform::Parse("epoch_day").NeedsFormat11());
	EXPECT_FALSE(PartitionTransform::Parse("day").NeedsFormat11());
	EXPECT_THROW(PartitionTransform::Parse("bucket(0)"), std::exception);
	EXPECT_THROW(PartitionTransform::Parse("bucket(-1)"), std::exception);
	EXPECT_THROW(PartitionTransform::Parse("bucket(x)"), std::exception);
	EXPECT_THROW(PartitionTransform::Parse("truncate(4)"), std::exception);
}

TEST(HivePartitionFolder, EveryValueIsOneSafeSegment) {
	auto folder = [](const std::string &name, const std::string &value) {
		PartitionValueText text;
		text.has_value = true;
		text.text = value;
		return HivePartitionFolder(name, text);
	};
	EXPECT_EQ(folder("g", "abc-1_2.3"), "g=abc-1_2.3/");
	EXPECT_EQ(folder("g", "a/b"), "g=a%2Fb/");
	EXPECT_EQ(folder("g", "x=y"), "g=x%3Dy/");
	EXPECT_EQ(folder("g", "100%"), "g=100%25/");
	EXPECT_EQ(folder("g", "with space"), "g=with%20space/");
	EXPECT_EQ(folder("g", "\\"), "g=%5C/");
	EXPECT_EQ(folder("g", "."), "g=%./");
	EXPECT_EQ(folder("g", ".."), "g=%../");
	EXPECT_EQ(folder("g", ""), "g=%/");
	EXPECT_EQ(folder("g", "\xC3\xBC"), "g=%C3%BC/");
	EXPECT_EQ(folder("a b", "1"), "a%20b=1/");
	PartitionValueText null_value;
	EXPECT_EQ(HivePartitionFolder("g", null_value), "g=__HIVE_DEFAULT_PARTITION__/");
	// long values are cut to a bounded segment, and two long values differing only at the end stay apart
	auto long_a = folder("g", std::string(1000, 'a') + "1");
	auto long_b = folder("g", std::string(1000, 'a') + "2");
	EXPECT_LT(long_a.size(), 255u);
	EXPECT_NE(long_a, long_b);
	// no value gives a separator, a parent or a current folder
	for (auto &value : {std::string("../.."), std::string("/"), std::string("./"), std::string(300, '/')}) {
		auto segment = folder("g", value);
		auto inner = segment.substr(0, segment.size() - 1);
		EXPECT_EQ(inner.find('/'), std::string::npos) << value;
		EXPECT_NE(inner, "g=..");
	}
}

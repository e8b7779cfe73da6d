// Tests of the headroom a table's widened bounds get (src/transaction/bound_headroom): a 32nd of the range past the
// new bound, on the type's own scale, never past what the type holds, only for integer and date/time types.
#include "transaction/bound_headroom.hpp"

#include <gtest/gtest.h>

using duckdb::LogicalType;
using inlake::BoundWithHeadroom;

TEST(BoundHeadroomTest, IntegersMoveAThirtySecondOfTheRange) {
	EXPECT_EQ(BoundWithHeadroom(LogicalType::BIGINT, "3200", "0", false), "3300");
	EXPECT_EQ(BoundWithHeadroom(LogicalType::BIGINT, "-3200", "0", true), "-3300");
	EXPECT_EQ(BoundWithHeadroom(LogicalType::INTEGER, "40", "10", false), "40"); // (less than 32 apart: exact)
}

TEST(BoundHeadroomTest, ABoundTheTypeCannotHoldStaysUnpadded) {
	EXPECT_EQ(BoundWithHeadroom(LogicalType::TINYINT, "127", "-128", false), "127");
	EXPECT_EQ(BoundWithHeadroom(LogicalType::TINYINT, "120", "-128", false), "127");
	EXPECT_EQ(BoundWithHeadroom(LogicalType::TINYINT, "125", "-128", false), "125");
	EXPECT_EQ(BoundWithHeadroom(LogicalType::UBIGINT, "18446744073709551610", "0", false), "18446744073709551610");
	EXPECT_EQ(BoundWithHeadroom(LogicalType::BIGINT, "-9223372036854775808", "0", true), "-9223372036854775808");
}

TEST(BoundHeadroomTest, DatesAndTimesMoveOnTheirOwnScale) {
	EXPECT_EQ(BoundWithHeadroom(LogicalType::DATE, "2020-02-02", "2020-01-01", false), "2020-02-03");
	EXPECT_EQ(BoundWithHeadroom(LogicalType::TIMESTAMP, "2020-01-02 00:00:00", "2020-01-01 00:00:00", false),
	          "2020-01-02 00:45:00");
	EXPECT_EQ(BoundWithHeadroom(LogicalType::TIMESTAMP_TZ, "2020-01-01 00:00:00+00", "2020-01-02 00:00:00+00", true),
	          "2019-12-31 23:15:00+00");
	// infinities and the ends of the range stay as they are
	EXPECT_EQ(BoundWithHeadroom(LogicalType::DATE, "infinity", "2020-01-01", false), "infinity");
	EXPECT_EQ(BoundWithHeadroom(LogicalType::TIMESTAMP, "2020-01-01 00:00:00", "-infinity", false),
	          "2020-01-01 00:00:00");
	EXPECT_EQ(BoundWithHeadroom(LogicalType::TIMESTAMP, "294247-01-10 04:00:54.775806", "1970-01-01 00:00:00", false),
	          "294247-01-10 04:00:54.775806");
}

TEST(BoundHeadroomTest, OtherTypesKeepTheBound) {
	EXPECT_EQ(BoundWithHeadroom(LogicalType::VARCHAR, "zz", "a", false), "zz");
	EXPECT_EQ(BoundWithHeadroom(LogicalType::DOUBLE, "1000.5", "0", false), "1000.5");
	EXPECT_EQ(BoundWithHeadroom(LogicalType::DECIMAL(9, 2), "1000.50", "0.00", false), "1000.50");
	EXPECT_EQ(BoundWithHeadroom(LogicalType::BIGINT, "not a number", "0", false), "not a number");
}

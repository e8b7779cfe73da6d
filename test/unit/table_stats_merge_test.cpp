// Tests of ParseStatValue (transaction/table_stats_merge), which remembers its last casts: the answer depends on
// the text and the type, a failed cast stays failed.
#include "transaction/table_stats_merge.hpp"

#include "duckdb.hpp"

#include <gtest/gtest.h>

using namespace duckdb;

namespace {

TEST(ParseStatValueTest, TheSameTextReadsByItsType) {
	for (int round = 0; round < 3; round++) {
		Value value;
		ASSERT_TRUE(inlake::ParseStatValue("abc", LogicalType::VARCHAR, value));
		EXPECT_EQ(value, Value("abc"));
		EXPECT_FALSE(inlake::ParseStatValue("abc", LogicalType::INTEGER, value));
		ASSERT_TRUE(inlake::ParseStatValue("7", LogicalType::INTEGER, value));
		EXPECT_EQ(value, Value::INTEGER(7));
		ASSERT_TRUE(inlake::ParseStatValue("7", LogicalType::DOUBLE, value));
		EXPECT_EQ(value.type(), LogicalType::DOUBLE);
		ASSERT_TRUE(inlake::ParseStatValue("1.50", LogicalType::DECIMAL(9, 2), value));
		EXPECT_EQ(value.type(), LogicalType::DECIMAL(9, 2));
		ASSERT_TRUE(inlake::ParseStatValue("1.5", LogicalType::DECIMAL(9, 1), value));
		EXPECT_EQ(value.type(), LogicalType::DECIMAL(9, 1));
	}
	// more texts than it remembers: each still reads as itself
	for (int i = 0; i < 100; i++) {
		Value value;
		ASSERT_TRUE(inlake::ParseStatValue(std::to_string(i % 40), LogicalType::BIGINT, value));
		EXPECT_EQ(value, Value::BIGINT(i % 40));
	}
}

} // namespace

// PendingRowIds: every id is taken once, by the first Take; Contains, InRange and Remaining see only ids not taken.
// Both lookups are covered: ids that form one run without gaps (an index by offset) and ids with gaps (a binary
// search), with ids outside the set, duplicates and unsorted input.
#include "transaction/pending_row_ids.hpp"

#include <gtest/gtest.h>

using inlake::PendingRowIds;

namespace {

void CheckTakesEachOnce(PendingRowIds &ids, const std::vector<int64_t> &members, const std::vector<int64_t> &others) {
	for (auto id : others) {
		EXPECT_FALSE(ids.Contains(id)) << id;
		EXPECT_FALSE(ids.Take(id)) << id;
	}
	for (auto id : members) {
		EXPECT_TRUE(ids.Contains(id)) << id;
		EXPECT_TRUE(ids.Take(id)) << id;
		EXPECT_FALSE(ids.Contains(id)) << id;
		EXPECT_FALSE(ids.Take(id)) << id;
	}
	EXPECT_TRUE(ids.Empty());
	EXPECT_TRUE(ids.Remaining().empty());
}

} // namespace

TEST(PendingRowIds, ContiguousIds) {
	PendingRowIds ids({7, 5, 6, 5, 8, 9});
	EXPECT_EQ(ids.Remaining(), (std::vector<int64_t> {5, 6, 7, 8, 9}));
	EXPECT_EQ(ids.InRange(6, 8), (std::vector<int64_t> {6, 7}));
	EXPECT_TRUE(ids.Take(7));
	EXPECT_EQ(ids.InRange(6, 9), (std::vector<int64_t> {6, 8}));
	EXPECT_EQ(ids.Remaining(), (std::vector<int64_t> {5, 6, 8, 9}));
	CheckTakesEachOnce(ids, {5, 6, 8, 9}, {4, 7, 10, -1, INT64_MIN, INT64_MAX});
}

TEST(PendingRowIds, IdsWithGaps) {
	PendingRowIds ids({100, 3, 50, 3, -2});
	EXPECT_EQ(ids.Remaining(), (std::vector<int64_t> {-2, 3, 50, 100}));
	EXPECT_EQ(ids.InRange(0, 100), (std::vector<int64_t> {3, 50}));
	CheckTakesEachOnce(ids, {50, -2, 100, 3}, {4, 49, 51, 99, 101, 0, INT64_MAX});
}

TEST(PendingRowIds, SingleAndNoIds) {
	PendingRowIds one({42});
	CheckTakesEachOnce(one, {42}, {41, 43});
	PendingRowIds none({});
	EXPECT_TRUE(none.Empty());
	EXPECT_FALSE(none.Contains(0));
	EXPECT_FALSE(none.Take(0));
	EXPECT_TRUE(none.InRange(INT64_MIN, INT64_MAX).empty());
}

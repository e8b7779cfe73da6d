// RowIdSet's range operations against a plain std::set: CountInRange and EraseRange over ranges that start and end
// inside a 64-bit word, span words and 2^16-id blocks, reach blocks that were never made, and touch nothing; Count()
// and Sorted() agree with the model afterwards.
#include "write/row_id_set.hpp"

#include <gtest/gtest.h>

#include <random>
#include <set>

using inlake::RowIdSet;

namespace {

void AddAll(RowIdSet &set, const std::vector<int64_t> &ids) {
	duckdb::Vector vector(duckdb::LogicalType::BIGINT, ids.size());
	auto data = duckdb::FlatVector::GetData<int64_t>(vector);
	std::copy(ids.begin(), ids.end(), data);
	set.Insert(vector, ids.size());
}

duckdb::idx_t ModelCount(const std::set<int64_t> &model, int64_t begin, int64_t end) {
	return duckdb::idx_t(std::distance(model.lower_bound(begin), model.lower_bound(end)));
}

} // namespace

TEST(RowIdSet, RangesAgreeWithAPlainSet) {
	std::mt19937_64 random(42);
	for (int round = 0; round < 40; round++) {
		RowIdSet set;
		std::set<int64_t> model;
		std::vector<int64_t> ids;
		// ids in a few dense runs and some scattered ones, across three blocks and a far one
		for (int i = 0; i < 2000; i++) {
			auto id = int64_t(random() % 200000);
			if (i % 3 == 0) {
				id = int64_t(65530 + random() % 20); // around the first block boundary
			}
			ids.push_back(id);
			model.insert(id);
		}
		ids.push_back(int64_t(1) << 40);
		model.insert(int64_t(1) << 40);
		for (size_t start = 0; start < ids.size(); start += STANDARD_VECTOR_SIZE) {
			std::vector<int64_t> part(ids.begin() + start,
			                          ids.begin() + std::min(ids.size(), start + STANDARD_VECTOR_SIZE));
			AddAll(set, part);
		}
		ASSERT_EQ(set.Count(), model.size());
		for (int check = 0; check < 50; check++) {
			auto begin = int64_t(random() % 210000) - 5000;
			auto end = begin + int64_t(random() % 70000);
			ASSERT_EQ(set.CountInRange(begin, end), ModelCount(model, std::max<int64_t>(begin, 0), end))
			    << begin << ".." << end;
		}
		// erase a few ranges, including an empty one, one inside a single word and one past every block
		std::vector<std::pair<int64_t, int64_t>> erased {{65531, 65533}, {100, 100}, {130, 190},
		                                                 {int64_t(random() % 100000), int64_t(120000)},
		                                                 {300000, 400000}};
		for (auto &range : erased) {
			set.EraseRange(range.first, range.second);
			model.erase(model.lower_bound(range.first), model.lower_bound(range.second));
			ASSERT_EQ(set.Count(), model.size());
		}
		ASSERT_EQ(set.Sorted(), std::vector<int64_t>(model.begin(), model.end()));
		ASSERT_EQ(set.CountInRange(0, int64_t(1) << 41), model.size());
	}
}

TEST(RowIdSet, AWholeRangeIsCountedAndErased) {
	RowIdSet set;
	std::vector<int64_t> ids;
	for (int64_t id = 1000; id < 300000; id++) {
		ids.push_back(id);
	}
	for (size_t start = 0; start < ids.size(); start += STANDARD_VECTOR_SIZE) {
		std::vector<int64_t> part(ids.begin() + start, ids.begin() + std::min(ids.size(), start + STANDARD_VECTOR_SIZE));
		AddAll(set, part);
	}
	EXPECT_EQ(set.CountInRange(1000, 300000), 299000u);
	EXPECT_EQ(set.CountInRange(999, 300001), 299000u);
	EXPECT_EQ(set.CountInRange(1000, 299999), 298999u);
	set.EraseRange(1000, 200000);
	EXPECT_EQ(set.Count(), 100000u);
	EXPECT_EQ(set.CountInRange(0, 200000), 0u);
	EXPECT_EQ(set.Sorted().front(), 200000);
}

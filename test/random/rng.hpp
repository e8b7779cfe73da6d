//===----------------------------------------------------------------------===//
// Rng: the one source of randomness of the random harnesses.
//
// Contract: the sequence depends only on the seed (SplitMix64, no standard
// library distributions, whose output differs between implementations), so a
// seed reproduces the same statements on every machine and build.
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace inlake_random {

class Rng {
public:
	explicit Rng(uint64_t seed) : state(seed * 0x9E3779B97F4A7C15ULL + 0x2545F4914F6CDD1DULL) {
	}

	uint64_t Next() {
		uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
		z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
		z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
		return z ^ (z >> 31);
	}
	//! Uniform in [0, n); n must be positive.
	uint64_t Below(uint64_t n) {
		return Next() % n;
	}
	//! Uniform in [lo, hi], both inclusive.
	int64_t Range(int64_t lo, int64_t hi) {
		return lo + static_cast<int64_t>(Below(static_cast<uint64_t>(hi - lo) + 1));
	}
	//! True with probability percent / 100.
	bool Percent(int percent) {
		return static_cast<int>(Below(100)) < percent;
	}
	template <class T>
	const T &Pick(const std::vector<T> &items) {
		return items[Below(items.size())];
	}
	//! An independent generator for a sub-task (keeps the parent's sequence stable).
	Rng Fork() {
		return Rng(Next());
	}

private:
	uint64_t state;
};

} // namespace inlake_random

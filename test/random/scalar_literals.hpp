//===----------------------------------------------------------------------===//
// Scalar literals: one random, typed SQL literal of a scalar column type.
//
// Contract: the result is a deterministic SQL expression of exactly the given
// type (a string cast like '...'::TYPE, or an expression over constants such
// as repeat()), never NULL (callers add NULLs), biased towards the type's edge
// values (min/max, NaN and -NaN, +-inf, -0.0, infinity dates, empty and very long
// strings, ...). Value ranges of known defects are left out when their feature
// is excluded (hugeint, timetz, interval, nul).
//===----------------------------------------------------------------------===//
#pragma once

#include "column_type.hpp"
#include "features.hpp"
#include "rng.hpp"

#include <string>

namespace inlake_random {

std::string ScalarLiteral(const ColumnType &type, Rng &rng, const FeatureSet &features);

//! 'text' with single quotes doubled.
std::string QuoteString(const std::string &text);

} // namespace inlake_random

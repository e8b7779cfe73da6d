//===----------------------------------------------------------------------===//
// Filter constants: the values a WHERE condition compares a column with.
//
// Contract: FilterConstant returns a deterministic SQL constant expression
// for a comparison with a column of `type`: often NULL (bare or typed), a
// value of the type (ScalarLiteral/Literal, biased to its edges), or an edge
// constant of the type's family. For numeric columns the family takes in
// other numeric types too: negative numbers, zero, -0.0, NaN and -NaN
// ('-nan'::DOUBLE), +-infinity, the min/max of every integer type, the
// tiniest and hugest doubles and floats, halves next to the integer limits.
// Temporal columns get +-infinity and their type's min/max, VARCHAR/BLOB/UUID
// their extreme values, INTERVAL equal values of other spellings (30 days vs
// 1 month). Constants never need a runtime cast of the column that could fail
// (a failing constant fails both sides alike while binding). Value ranges of
// known defects are left out when their feature is excluded (timestamp-s-inf,
// timestamp-ms-inf, hugeint).
//===----------------------------------------------------------------------===//
#pragma once

#include "column_type.hpp"
#include "features.hpp"
#include "rng.hpp"

#include <string>
#include <vector>

namespace inlake_random {

std::string FilterConstant(const ColumnType &type, Rng &rng, const FeatureSet &features);

//! The edge constants of the type's family (empty for nested types, BOOLEAN and JSON).
std::vector<std::string> EdgeConstants(const ColumnType &type, const FeatureSet &features);

} // namespace inlake_random

//===----------------------------------------------------------------------===//
// Filter predicates: the WHERE conditions on one column that SELECT, UPDATE
// and DELETE statements select rows with.
//
// Contract: Predicate returns a deterministic boolean SQL condition on
// `column` (of `type`) that raises no error of its own (a constant that fails
// to cast fails both sides alike while binding). It compares with every
// operator: =, <>, !=, <, <=, >, >= (BOOLEAN and orderable scalars), IS
// [NOT] DISTINCT FROM, [NOT] BETWEEN, [NOT] IN (lists with NULLs), IS [NOT]
// NULL, sometimes under NOT (...), against FilterConstant values (NULL, NaN,
// -NaN, infinities, integer limits, ...). Comparisons of nested columns with a
// value need "nested-filter" (IS [NOT] NULL otherwise); IS NULL (also as IS
// NOT DISTINCT FROM NULL) on INTERVAL/TIMETZ columns needs "is-null-interval".
//===----------------------------------------------------------------------===//
#pragma once

#include "column_type.hpp"
#include "features.hpp"
#include "rng.hpp"

#include <string>

namespace inlake_random {

std::string Predicate(const ColumnType &type, const std::string &column, Rng &rng, const FeatureSet &features);

} // namespace inlake_random

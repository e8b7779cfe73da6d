//===----------------------------------------------------------------------===//
// Headroom for a table's widened bounds (ducklake_table_column_stats).
//
// The spec asks a table's min/max to be a lower and an upper bound, not the
// exact extremes. A column whose values grow with every commit (ids, event
// times) would otherwise rewrite its statistics row at every commit (one
// more catalog page per small commit, and on PostgreSQL a compare-and-set
// that concurrent writers collide on). So when a commit pushes a bound out,
// the bound moves a 32nd of the range further: a steadily growing column then
// rewrites its row about every 3% of growth instead, and the bounds stay
// within 3% of the range of the exact ones.
//
// Only for integer types, DATE, TIMESTAMP and TIMESTAMP WITH TIME ZONE
// (finite values; a padded bound the type cannot hold stays unpadded);
// other types keep the bound as it came.
//===----------------------------------------------------------------------===//
#pragma once

#include "duckdb/common/types.hpp"

#include <string>

namespace inlake {

//! `bound` (a new lower bound when `lower`, else upper) moved away from `other_end` by a 32nd of their
//! distance, as text of `type`; `bound` itself where the type has no headroom or the padded value does not fit.
std::string BoundWithHeadroom(const duckdb::LogicalType &type, const std::string &bound, const std::string &other_end,
                              bool lower);

} // namespace inlake

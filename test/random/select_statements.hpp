//===----------------------------------------------------------------------===//
// SELECT statements: filtered reads of one table whose results both sides
// must agree on.
//
// Contract: the result of the returned query depends only on the table's
// contents (rows ordered by the unique key k, or aggregates whose value does
// not depend on the scan order: count, min, max), so the lake's and the
// native side's results are compared row by row, every cell as text. The
// condition is a RowCondition (filter_predicates.hpp): every comparison
// operator against NULL, NaN, infinities and the limits of the types.
//===----------------------------------------------------------------------===//
#pragma once

#include "dml_statements.hpp"

#include <string>
#include <vector>

namespace inlake_random {

std::string SelectWhere(const TableModel &table, const std::vector<int64_t> &keys, DmlContext &ctx);

} // namespace inlake_random

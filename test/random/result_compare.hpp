//===----------------------------------------------------------------------===//
// Result comparison: whether two query results are the same, for the SELECT
// steps of the differential test.
//
// Contract: results are equal when they have the same column count and the
// same rows in the same order, every cell compared as its text (so -0.0/0.0
// and NaN/-NaN count, NULL differs from the string 'NULL'). The queries order
// their rows themselves (ORDER BY the unique key, or one aggregate row).
// Returns "" when equal, else a short readable diff (the first differing rows).
//===----------------------------------------------------------------------===//
#pragma once

#include "duckdb.hpp"

#include <string>

namespace inlake_random {

std::string CompareResults(duckdb::MaterializedQueryResult &expected, duckdb::MaterializedQueryResult &actual,
                           const std::string &expected_name, const std::string &actual_name);

} // namespace inlake_random

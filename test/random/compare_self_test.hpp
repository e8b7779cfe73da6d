//===----------------------------------------------------------------------===//
// Compare self-test: proves the table comparison can fail.
//
// Contract: builds pairs of native tables that differ only subtly (-0.0 vs
// 0.0, NaN vs NULL, trailing space, TIMETZ offset of the same instant, 2^53+1
// vs 2^53 in a HUGEINT, list order, duplicate counts, column type, column
// name) and one identical pair; returns the number of pairs judged wrongly
// (0 = the comparison sees every difference and no false one).
//===----------------------------------------------------------------------===//
#pragma once

namespace inlake_random {

int RunCompareSelfTest(bool verbose);

} // namespace inlake_random

//===----------------------------------------------------------------------===//
// Error policy: which lake errors are legitimate where the native side (or the
// workload's expectation) succeeds.
//
// Contract: a small, documented allow-list. Everything else counts: a
// statement must succeed on both sides or fail on both (error classes may
// differ), and an INTERNAL error always fails the run.
//===----------------------------------------------------------------------===//
#pragma once

#include <string>

namespace inlake_random {

//! True (and the README limit in `reason`) when the lake may refuse a statement with this message.
bool LegitimateLakeRefusal(const std::string &message, std::string &reason);

} // namespace inlake_random

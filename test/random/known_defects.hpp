//===----------------------------------------------------------------------===//
// Known-defect guards: state checks that let a run step around a known defect
// whose feature is excluded, where the generator alone cannot avoid it.
//
// Contract: each guard only reads the lake's catalog (never changes it) and
// says whether the next statement of a kind would run into the defect. The
// run then skips that statement and says so in its --verbose output.
//===----------------------------------------------------------------------===//
#pragma once

#include "sql_session.hpp"

#include <string>

namespace inlake_random {

//! Defect 1: a flush fails (INTERNAL) while a live data file has both a delete file and inlined deletions.
bool FlushWouldHitDefect1(SqlSession &lake, const std::string &metadata_catalog);

} // namespace inlake_random

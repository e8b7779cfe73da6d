//===----------------------------------------------------------------------===//
// Retention options: expire_older_than / delete_older_than are persisted as
// interval text; RetentionCutoff turns one into "now() minus that interval".
//===----------------------------------------------------------------------===//
#pragma once

#include "duckdb/common/types/timestamp.hpp"

#include <string>

namespace inlake {

class LakeCatalog;

//! When the global option `key` is set: sets `cutoff` to now() minus its interval and returns true.
bool RetentionCutoff(LakeCatalog &catalog, const std::string &key, duckdb::timestamp_tz_t &cutoff);

} // namespace inlake

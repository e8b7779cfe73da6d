//===----------------------------------------------------------------------===//
// Global lake options as maintenance reads them: expire_older_than /
// delete_older_than are persisted as interval text; RetentionCutoff turns one
// into "now() minus that interval". GlobalOption reads any option set at the
// lake (global) scope, such as compaction_schema.
//===----------------------------------------------------------------------===//
#pragma once

#include "duckdb/common/types/timestamp.hpp"

#include <string>

namespace inlake {

class LakeCatalog;

//! When the global option `key` is set: sets `cutoff` to now() minus its interval and returns true.
bool RetentionCutoff(LakeCatalog &catalog, const std::string &key, duckdb::timestamp_tz_t &cutoff);
//! now() minus `interval` (interval text such as '2 days').
duckdb::timestamp_tz_t CutoffBefore(const std::string &interval);
//! When the option `key` is set at the lake's global scope: sets `value` to its stored text and returns true.
bool GlobalOption(LakeCatalog &catalog, const std::string &key, std::string &value);

} // namespace inlake

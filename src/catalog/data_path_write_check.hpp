//===----------------------------------------------------------------------===//
// The write check of a new lake's data path.
//
// An ATTACH that creates a lake writes a small probe file into its data path
// and removes it again, through DuckDB's FileSystem of the attaching client
// (so that object storage sees its credentials), before the catalog is
// written: a missing bucket, a folder that cannot be written or a store that
// refuses removals fails the ATTACH with the data path named, instead of the
// first large insert after it. The probe is named kProbePrefix + a random
// uuid: never a lake file name (ducklake-*.parquet), which cleanup and orphan
// sweeps would consider. Attaching an existing lake, READ_ONLY or not, never
// writes a probe.
//===----------------------------------------------------------------------===//
#pragma once

#include <string>

namespace duckdb {
class FileSystem;
}

namespace inlake {

//! The name of a probe file in the data path, before its uuid.
extern const char *const kProbePrefix;

//! Writes and removes a probe file in the data path `location` (ending in '/'); throws an IOException naming
//! the lake and the data path when either fails.
void CheckDataPathWritable(duckdb::FileSystem &fs, const std::string &lake_name, const std::string &location);

} // namespace inlake

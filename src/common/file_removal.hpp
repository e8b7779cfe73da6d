//===----------------------------------------------------------------------===//
// Removing many files at once, through DuckDB's FileSystem.
//
// RemoveFiles removes each path it is given (a file already gone is fine:
// TryRemoveFile). On object storage (a URL path: s3://..., any scheme://) a
// removal is one round trip, so up to kMaxParallelRemovals of them run at
// once, on threads of their own; local files are removed one after another,
// where a thread would only add cost. Every path is tried even when one
// fails; the first failure is thrown once all have been tried.
//
// It removes what it is told to: deciding that a file is the lake's to remove
// is the caller's (file cleanup, orphan sweep, a rollback's own files).
//===----------------------------------------------------------------------===//
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace duckdb {
class FileSystem;
}

namespace inlake {

//! At most this many removals are in flight at once on object storage
constexpr size_t kMaxParallelRemovals = 16;

//! `fs` must be usable from several threads at once: DuckDB's file system of a client context is.
void RemoveFiles(duckdb::FileSystem &fs, const std::vector<std::string> &paths);

} // namespace inlake

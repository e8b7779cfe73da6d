//===----------------------------------------------------------------------===//
// File cleanup (ducklake_cleanup_old_files, CHECKPOINT with delete_older_than).
//
// CleanupOldFiles takes the files in ducklake_files_scheduled_for_deletion
// scheduled before a time (or all of them), deletes them from storage through
// DuckDB's FileSystem (several at once on object storage: common/file_removal;
// a file already gone is fine) and removes their rows, in one catalog write
// transaction. Only files named like the lake's own under
// its data path are ever removed: a row naming another file (a damaged
// catalog) goes, the file stays. A dry run only lists. Returns the full paths
// of the files removed (a relative scheduled path is relative to the lake's
// data path).
//===----------------------------------------------------------------------===//
#pragma once

#include "duckdb/common/types/timestamp.hpp"

#include <string>
#include <vector>

namespace duckdb {
class ClientContext;
}

namespace inlake {

class LakeCatalog;

struct CleanupRequest {
	bool cleanup_all = false;
	//! Files scheduled before this (ignored with cleanup_all)
	duckdb::timestamp_tz_t older_than;
	bool dry_run = false;
};

std::vector<std::string> CleanupOldFiles(duckdb::ClientContext &context, LakeCatalog &catalog,
                                         const CleanupRequest &request);

} // namespace inlake

//===----------------------------------------------------------------------===//
// Orphaned files (ducklake_delete_orphaned_files): Parquet files under the
// lake's data path that no row of the catalog names, left behind by writers
// that were killed before they committed or cleaned up.
//
// Only files named like the lake's own (ducklake-*.parquet) that lie under
// the lake's data path are considered. The folder is walked (never globbed:
// its name is the user's text), comparing canonical paths: a symbolic link
// that leads elsewhere is not followed, and a folder holding another lake's
// marker (a lake nested inside this one's data path) is left alone. A URL
// data path (s3://...) is listed with the file system's glob, refused when
// its text holds glob characters, and a listed file must start with it. The
// data path must be the lake's (LakeCatalog::CheckDataPathForFiles), so an
// attach from the wrong folder removes nothing. A file is an orphan only when
// nothing in the catalog names it: no data or delete file row of any snapshot
// (expired files leave the catalog only through ducklake_cleanup_old_files,
// which deletes them) and no row of ducklake_files_scheduled_for_deletion. Another process (or an open
// transaction of this one) may be about to commit a file it just wrote, so a
// file younger than the setting ducklake_orphaned_file_min_age (default one
// hour) is never removed, not even with cleanup_all (its age: the modification
// time the listing gave, as object storage lists it; else asked of the file).
// Orphans are removed several at once on object storage (common/file_removal).
// A dry run only lists.
//===----------------------------------------------------------------------===//
#pragma once

#include "maintenance/file_cleanup.hpp"

#include <string>
#include <vector>

namespace inlake {

//! Removes (or, for a dry run, lists) the orphaned files; returns their full paths.
std::vector<std::string> DeleteOrphanedFiles(duckdb::ClientContext &context, LakeCatalog &catalog,
                                             const CleanupRequest &request);

} // namespace inlake

//===----------------------------------------------------------------------===//
// The arguments both file-removing functions take (ducklake_cleanup_old_files,
// ducklake_delete_orphaned_files): older_than => ts | cleanup_all => true,
// and dry_run => bool. Giving both older_than and cleanup_all is an error
// naming the function; giving neither leaves `has_cutoff` false for the
// caller to decide (a default, or an error).
//===----------------------------------------------------------------------===//
#pragma once

#include "maintenance/file_cleanup.hpp"

#include "duckdb/function/table_function.hpp"

namespace inlake {

CleanupRequest ParseCleanupArguments(duckdb::TableFunctionBindInput &input, const char *function, bool &has_cutoff);
//! The named arguments ParseCleanupArguments reads, for registering the function.
void AddCleanupParameters(duckdb::TableFunction &function);

} // namespace inlake

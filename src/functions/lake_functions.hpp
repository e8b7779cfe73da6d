//===----------------------------------------------------------------------===//
// The lake's SQL functions (one file per function). Each is a table function
// whose first argument names the lake, registered as ducklake_<name>; the
// same function is also reachable as <lake>.<name>(...) without that first
// argument (see scoped_functions.hpp), e.g. my_lake.set_option(...).
//===----------------------------------------------------------------------===//
#pragma once

#include "duckdb/function/table_function.hpp"

#include <vector>

namespace duckdb {
class ExtensionLoader;
}

namespace inlake {

void RegisterLakeFunctions(duckdb::ExtensionLoader &loader);
//! Every ducklake_* table function taking the lake name as its first argument.
std::vector<duckdb::TableFunction> LakeFunctionList();

duckdb::TableFunction SnapshotsFunction();
duckdb::TableFunction TableInfoFunction();
duckdb::TableFunction SetOptionFunction();
duckdb::TableFunction ResetOptionFunction();
duckdb::TableFunction OptionsFunction();
duckdb::TableFunction FlushInlinedDataFunction();
duckdb::TableFunction ExpireSnapshotsFunction();
duckdb::TableFunction CleanupOldFilesFunction();
duckdb::TableFunction DeleteOrphanedFilesFunction();
//! ducklake_checkpoint: CHECKPOINT's maintenance sequence, reporting each step
duckdb::TableFunction CheckpointFunction();
duckdb::TableFunction CatalogTableFunction();
duckdb::TableFunction CurrentSnapshotFunction();
duckdb::TableFunction LastCommittedSnapshotFunction();
duckdb::TableFunction SetCommitMessageFunction();
duckdb::TableFunction SettingsFunction();
duckdb::TableFunction ListFilesFunction();
duckdb::TableFunction MergeAdjacentFilesFunction();
duckdb::TableFunction RewriteDataFilesFunction();
duckdb::TableFunction AddDataFilesFunction();
//! ducklake_table_insertions, _deletions and _changes
std::vector<duckdb::TableFunction> ChangeFeedFunctions();
//! The events function ducklake_table_changes reads (both kinds of event, each with its change type). It is not
//! registered with DuckDB, so users do not see it: a lake's schemas serve it by name (scoped_functions.hpp), and
//! ducklake_table_changes calls it as <lake>.main.<name>(...).
duckdb::TableFunction ChangeEventsFunction();
bool IsChangeEventsFunction(const std::string &name);

} // namespace inlake

//===----------------------------------------------------------------------===//
// Registration of every ducklake_* SQL function (one file per function).
//===----------------------------------------------------------------------===//
#pragma once

#include "duckdb/function/table_function.hpp"

namespace duckdb {
class ExtensionLoader;
}

namespace inlake {

void RegisterLakeFunctions(duckdb::ExtensionLoader &loader);

duckdb::TableFunction SnapshotsFunction();
duckdb::TableFunction TableInfoFunction();

} // namespace inlake

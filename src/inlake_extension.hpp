//===----------------------------------------------------------------------===//
// inlake: a DuckLake catalog for DuckDB 1.4.4, built around data inlining.
//
// LoadInlake registers everything the lake offers into one DuckDB database:
// the `ducklake:` attach prefix (storage extension), the ducklake_* table
// functions and the ducklake_* settings. The shell and the sqllogictest runner
// call the DatabaseInstance overload right after opening a database; the
// loadable extension calls the ExtensionLoader overload from its entry point.
//===----------------------------------------------------------------------===//
#pragma once

namespace duckdb {
class DatabaseInstance;
class ExtensionLoader;
} // namespace duckdb

namespace inlake {

void LoadInlake(duckdb::ExtensionLoader &loader);
void LoadInlake(duckdb::DatabaseInstance &db);

} // namespace inlake

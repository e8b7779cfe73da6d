// Entry point of the loadable extension inlake.duckdb_extension: `LOAD` in any
// DuckDB 1.4.4 client registers the ducklake: attach prefix and the lake's SQL
// functions, exactly as the inlake shell has them built in.
#include "inlake_extension.hpp"

#include "duckdb/main/extension/extension_loader.hpp"

extern "C" {
DUCKDB_CPP_EXTENSION_ENTRY(inlake, loader) {
	inlake::LoadInlake(loader);
}
}

// The entry the loader (inlake_loader.cpp) calls: the same as DuckDB's, under a name of its own.
extern "C" __attribute__((visibility("default"))) void inlake_load_into(duckdb::ExtensionLoader &loader) {
	inlake::LoadInlake(loader);
}

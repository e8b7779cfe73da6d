//===----------------------------------------------------------------------===//
// The arguments ducklake_merge_adjacent_files and ducklake_rewrite_data_files
// share: (lake [, table_name] [, schema => name]), resolved to the tables to
// compact in the calling transaction, and the result rows both return
// (schema_name, table_name, files_processed, files_created), one per table
// compacted.
//===----------------------------------------------------------------------===//
#pragma once

#include "maintenance/table_compaction.hpp"

#include "duckdb/function/table_function.hpp"

#include <vector>

namespace inlake {

class LakeCatalog;
class LakeTableEntry;
class LakeTransaction;

struct CompactionTargets {
	LakeCatalog *catalog = nullptr;
	LakeTransaction *transaction = nullptr;
	//! The named table, or every table of the named schema / the lake; tables with auto_compact = false and
	//! tables created by this transaction are left out
	std::vector<LakeTableEntry *> tables;
};

//! Resolves the lake, the optional table name (second argument) and `schema` (errors name a missing one).
CompactionTargets ResolveCompactionTargets(duckdb::ClientContext &context, duckdb::TableFunctionBindInput &input,
                                           const char *function);

//! A named size argument in bytes (an integer or a size string such as '10MB'), or `fallback` when left out.
int64_t NamedByteSize(duckdb::TableFunctionBindInput &input, const char *name, const char *function,
                      int64_t fallback);

//! Compacts every target table with `request`, returning the result rows.
std::vector<std::vector<duckdb::Value>> CompactTargets(duckdb::ClientContext &context, CompactionTargets &targets,
                                                       CompactionRequest &request);

//! The result columns, and the (lake VARCHAR, table_name VARCHAR...) signature with `schema`.
void SetCompactionResult(duckdb::vector<duckdb::LogicalType> &types, duckdb::vector<std::string> &names);
duckdb::TableFunction CompactionFunction(const char *name, duckdb::table_function_bind_t bind);

} // namespace inlake

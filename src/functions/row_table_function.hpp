//===----------------------------------------------------------------------===//
// Helpers for the lake's SQL table functions, which all compute a small
// result at bind time: RowsBindData holds the rows, EmitRows streams them
// out, LakeCatalogArgument resolves the lake named by the first argument.
//===----------------------------------------------------------------------===//
#pragma once

#include "duckdb/function/table_function.hpp"

#include <vector>

namespace inlake {

class LakeCatalog;

struct RowsBindData : public duckdb::TableFunctionData {
	std::vector<std::vector<duckdb::Value>> rows;
};

struct RowsScanState : public duckdb::GlobalTableFunctionState {
	duckdb::idx_t offset = 0;
};

duckdb::unique_ptr<duckdb::GlobalTableFunctionState> InitRowsScan(duckdb::ClientContext &context,
                                                                  duckdb::TableFunctionInitInput &input);
void EmitRows(duckdb::ClientContext &context, duckdb::TableFunctionInput &input, duckdb::DataChunk &output);

//! A named argument of the call, nullptr when it was left out or given as NULL.
const duckdb::Value *NamedArgument(duckdb::TableFunctionBindInput &input, const char *name);

//! The attached lake with this name; a clear error when it is missing or not a lake.
LakeCatalog &LakeCatalogArgument(duckdb::ClientContext &context, const duckdb::Value &name, const char *function);
//! Refuses to run a maintenance function that commits its own catalog changes (expiry, cleanup) inside an explicit
//! transaction: a ROLLBACK could not undo them.
void CheckNotInExplicitTransaction(duckdb::ClientContext &context, const char *function, const LakeCatalog &catalog);


} // namespace inlake

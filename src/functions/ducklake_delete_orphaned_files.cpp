// ducklake_delete_orphaned_files('lake', older_than => ts | cleanup_all => true [, dry_run => bool]):
// removes the lake's Parquet files under its data path that nothing in the catalog names and that were last
// modified before older_than (cleanup_all: any time), never one younger than ducklake_orphaned_file_min_age
// (see maintenance/orphan_files.hpp); returns their full paths (column path).
#include "catalog/lake_catalog.hpp"
#include "functions/cleanup_arguments.hpp"
#include "functions/lake_functions.hpp"
#include "functions/row_table_function.hpp"
#include "maintenance/orphan_files.hpp"

namespace inlake {
using duckdb::LogicalType;
using duckdb::Value;

static duckdb::unique_ptr<duckdb::FunctionData> DeleteOrphansBind(duckdb::ClientContext &context,
                                                                 duckdb::TableFunctionBindInput &input,
                                                                 duckdb::vector<LogicalType> &types,
                                                                 duckdb::vector<std::string> &names) {
	auto &catalog = LakeCatalogArgument(context, input.inputs[0], "ducklake_delete_orphaned_files");
	bool has_cutoff;
	auto request = ParseCleanupArguments(input, "ducklake_delete_orphaned_files", has_cutoff);
	if (!has_cutoff) {
		throw duckdb::InvalidInputException("ducklake_delete_orphaned_files: give older_than or cleanup_all => true");
	}
	if (!request.dry_run) {
		CheckNotInExplicitTransaction(context, "ducklake_delete_orphaned_files", catalog);
	}
	if (!request.dry_run) {
		catalog.CheckWritable("delete orphaned files");
	}
	names = {"path"};
	types = {LogicalType::VARCHAR};
	auto result = duckdb::make_uniq<RowsBindData>();
	for (auto &path : DeleteOrphanedFiles(context, catalog, request)) {
		result->rows.push_back({Value(path)});
	}
	return std::move(result);
}

duckdb::TableFunction DeleteOrphanedFilesFunction() {
	duckdb::TableFunction function("ducklake_delete_orphaned_files", {LogicalType::VARCHAR}, EmitRows,
	                               DeleteOrphansBind, InitRowsScan);
	AddCleanupParameters(function);
	return function;
}

} // namespace inlake

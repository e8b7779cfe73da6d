// ducklake_cleanup_old_files('lake', older_than => ts | cleanup_all => true [, dry_run => bool]):
// deletes the files scheduled for deletion before older_than (or all of them)
// from storage and from the schedule; returns their full paths (column path).
// Without older_than and cleanup_all it uses the lake's delete_older_than option.
#include "catalog/lake_catalog.hpp"
#include "functions/cleanup_arguments.hpp"
#include "functions/lake_functions.hpp"
#include "functions/row_table_function.hpp"
#include "maintenance/file_cleanup.hpp"
#include "maintenance/retention_option.hpp"

#include "duckdb/common/types/value.hpp"

namespace inlake {
using duckdb::LogicalType;
using duckdb::Value;

static CleanupRequest ParseRequest(duckdb::TableFunctionBindInput &input, LakeCatalog &catalog) {
	bool has_cutoff;
	auto request = ParseCleanupArguments(input, "ducklake_cleanup_old_files", has_cutoff);
	if (!has_cutoff && !RetentionCutoff(catalog, "delete_older_than", request.older_than)) {
		throw duckdb::InvalidInputException("ducklake_cleanup_old_files: give older_than or cleanup_all => true (or "
		                                    "set the lake's delete_older_than option)");
	}
	return request;
}

static duckdb::unique_ptr<duckdb::FunctionData> CleanupBind(duckdb::ClientContext &context,
                                                           duckdb::TableFunctionBindInput &input,
                                                           duckdb::vector<LogicalType> &types,
                                                           duckdb::vector<std::string> &names) {
	auto &catalog = LakeCatalogArgument(context, input.inputs[0], "ducklake_cleanup_old_files");
	auto request = ParseRequest(input, catalog);
	if (!request.dry_run) {
		CheckNotInExplicitTransaction(context, "ducklake_cleanup_old_files", catalog);
	}
	if (!request.dry_run) {
		catalog.CheckWritable("clean up files");
	}
	names = {"path"};
	types = {LogicalType::VARCHAR};
	auto result = duckdb::make_uniq<RowsBindData>();
	for (auto &path : CleanupOldFiles(context, catalog, request)) {
		result->rows.push_back({Value(path)});
	}
	return std::move(result);
}

duckdb::TableFunction CleanupOldFilesFunction() {
	duckdb::TableFunction function("ducklake_cleanup_old_files", {LogicalType::VARCHAR}, EmitRows, CleanupBind,
	                               InitRowsScan);
	AddCleanupParameters(function);
	return function;
}

} // namespace inlake

// ducklake_merge_adjacent_files('lake' [, 'table'] [, schema => s, max_compacted_files => n,
// min_file_size => bytes, max_file_size => bytes]): merges each table's small data files into files of about
// target_file_size, within the calling transaction (one snapshot); every snapshot reads the merged files
// exactly as it read the old ones (see maintenance/table_compaction.hpp). max_compacted_files bounds the number
// of files the whole call writes, over all tables; a table left unmerged shows up again in the next call.
#include "functions/compaction_arguments.hpp"
#include "functions/lake_functions.hpp"
#include "functions/row_table_function.hpp"

#include "duckdb/common/exception.hpp"

namespace inlake {
using duckdb::LogicalType;

static duckdb::unique_ptr<duckdb::FunctionData> MergeBind(duckdb::ClientContext &context,
                                                         duckdb::TableFunctionBindInput &input,
                                                         duckdb::vector<LogicalType> &types,
                                                         duckdb::vector<std::string> &names) {
	const char *function = "ducklake_merge_adjacent_files";
	auto targets = ResolveCompactionTargets(context, input, function);
	CompactionRequest request;
	request.mode = DeletedRows::KEEP_DELETED;
	request.min_file_size = NamedByteSize(input, "min_file_size", function, 0);
	request.max_file_size = NamedByteSize(input, "max_file_size", function, -1);
	if (request.max_file_size >= 0 && request.min_file_size > request.max_file_size) {
		// no file can be at least min_file_size and below max_file_size: refused instead of merging nothing
		throw duckdb::InvalidInputException("%s: min_file_size (%lld bytes) must not be larger than max_file_size "
		                                    "(%lld bytes)",
		                                    function, static_cast<long long>(request.min_file_size),
		                                    static_cast<long long>(request.max_file_size));
	}
	auto max_files = input.named_parameters.find("max_compacted_files");
	if (max_files != input.named_parameters.end()) {
		if (max_files->second.IsNull() || max_files->second.GetValue<int64_t>() < 1) {
			throw duckdb::InvalidInputException("%s: max_compacted_files must be at least 1, not %s", function,
			                                    max_files->second.ToString());
		}
		request.remaining_files = max_files->second.GetValue<int64_t>();
	}
	SetCompactionResult(types, names);
	auto result = duckdb::make_uniq<RowsBindData>();
	result->rows = CompactTargets(context, targets, request);
	return std::move(result);
}

duckdb::TableFunction MergeAdjacentFilesFunction() {
	auto function = CompactionFunction("ducklake_merge_adjacent_files", MergeBind);
	function.named_parameters["max_compacted_files"] = LogicalType::BIGINT;
	function.named_parameters["min_file_size"] = LogicalType::ANY;
	function.named_parameters["max_file_size"] = LogicalType::ANY;
	return function;
}

} // namespace inlake

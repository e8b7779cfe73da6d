// ducklake_rewrite_data_files('lake' [, 'table'] [, schema => s, delete_threshold => 0..1]): rewrites each data
// file whose deleted fraction is at least the threshold (default: the rewrite_delete_threshold option, else
// 0.95) without its deleted rows, within the calling transaction (one snapshot). Rows keep their row ids; time
// travel to before the rewrite reads the old files until their snapshots are expired (see
// maintenance/table_compaction.hpp).
#include "functions/compaction_arguments.hpp"
#include "functions/lake_functions.hpp"
#include "functions/row_table_function.hpp"
#include "transaction/lake_transaction.hpp"

#include "duckdb/common/exception.hpp"

namespace inlake {
using duckdb::LogicalType;
using duckdb::Value;

static constexpr double kDefaultDeleteThreshold = 0.95;

static double CheckedThreshold(const Value &value, const char *source) {
	Value converted;
	std::string error;
	if (value.IsNull() || !value.DefaultTryCastAs(LogicalType::DOUBLE, converted, &error)) {
		throw duckdb::InvalidInputException("ducklake_rewrite_data_files: %s must be a number between 0 and 1, not %s",
		                                    source, value.ToString());
	}
	auto threshold = converted.GetValue<double>();
	if (!(threshold >= 0 && threshold <= 1)) {
		throw duckdb::InvalidInputException("ducklake_rewrite_data_files: %s must be between 0 and 1, not %s", source,
		                                    value.ToString());
	}
	return threshold;
}

static duckdb::unique_ptr<duckdb::FunctionData> RewriteBind(duckdb::ClientContext &context,
                                                           duckdb::TableFunctionBindInput &input,
                                                           duckdb::vector<LogicalType> &types,
                                                           duckdb::vector<std::string> &names) {
	auto targets = ResolveCompactionTargets(context, input, "ducklake_rewrite_data_files");
	auto given = input.named_parameters.find("delete_threshold");
	bool has_given = given != input.named_parameters.end();
	double given_threshold = has_given ? CheckedThreshold(given->second, "delete_threshold") : 0;
	SetCompactionResult(types, names);
	auto result = duckdb::make_uniq<RowsBindData>();
	for (auto table : targets.tables) {
		CompactionRequest request;
		request.mode = DeletedRows::DROP_DELETED;
		request.delete_threshold = given_threshold;
		std::string option;
		if (!has_given) {
			request.delete_threshold =
			    targets.transaction->FindOption("rewrite_delete_threshold", table, option)
			        ? CheckedThreshold(Value(option), "the rewrite_delete_threshold option")
			        : kDefaultDeleteThreshold;
		}
		CompactionTargets one = targets;
		one.tables = {table};
		for (auto &row : CompactTargets(context, one, request)) {
			result->rows.push_back(std::move(row));
		}
	}
	return std::move(result);
}

duckdb::TableFunction RewriteDataFilesFunction() {
	auto function = CompactionFunction("ducklake_rewrite_data_files", RewriteBind);
	function.named_parameters["delete_threshold"] = LogicalType::ANY;
	return function;
}

} // namespace inlake

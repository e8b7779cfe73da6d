// ducklake_checkpoint('lake') (also lake.checkpoint()): runs CHECKPOINT's maintenance sequence (see
// maintenance/checkpoint_sequence.hpp) and returns one row per step, in the order they ran: step, ran (false:
// skipped, `detail` says why), count and unit (rows flushed, snapshots expired, files deleted, ...), detail.
// Each step commits on its own, so it is refused inside an explicit transaction.
#include "catalog/lake_catalog.hpp"
#include "functions/lake_functions.hpp"
#include "functions/row_table_function.hpp"
#include "maintenance/checkpoint_sequence.hpp"

namespace inlake {
using duckdb::LogicalType;
using duckdb::Value;

static duckdb::unique_ptr<duckdb::FunctionData> CheckpointBind(duckdb::ClientContext &context,
                                                              duckdb::TableFunctionBindInput &input,
                                                              duckdb::vector<LogicalType> &types,
                                                              duckdb::vector<std::string> &names) {
	auto &catalog = LakeCatalogArgument(context, input.inputs[0], "ducklake_checkpoint");
	CheckNotInExplicitTransaction(context, "ducklake_checkpoint", catalog);
	names = {"step", "ran", "count", "unit", "detail"};
	types = {LogicalType::VARCHAR, LogicalType::BOOLEAN, LogicalType::BIGINT, LogicalType::VARCHAR,
	         LogicalType::VARCHAR};
	auto result = duckdb::make_uniq<RowsBindData>();
	for (auto &step : RunCheckpointSequence(context, catalog)) {
		result->rows.push_back({Value(step.step), Value::BOOLEAN(step.ran), Value::BIGINT(step.count),
		                        Value(step.unit), Value(step.detail)});
	}
	return std::move(result);
}

duckdb::TableFunction CheckpointFunction() {
	return duckdb::TableFunction("ducklake_checkpoint", {LogicalType::VARCHAR}, EmitRows, CheckpointBind,
	                             InitRowsScan);
}

} // namespace inlake

// ducklake_current_snapshot('lake') / lake.current_snapshot(): the id of the snapshot the transaction reads
// (the latest committed one when it began). ducklake_last_committed_snapshot('lake') /
// lake.last_committed_snapshot(): the id of the snapshot this connection last committed to the lake, NULL
// before it committed one. One row, one column `id`.
#include "catalog/lake_catalog.hpp"
#include "functions/lake_functions.hpp"
#include "functions/row_table_function.hpp"
#include "transaction/lake_transaction.hpp"
#include "transaction/last_committed_snapshot.hpp"

namespace inlake {
using duckdb::LogicalType;
using duckdb::Value;

static duckdb::unique_ptr<duckdb::FunctionData> CurrentSnapshotBind(duckdb::ClientContext &context,
                                                                   duckdb::TableFunctionBindInput &input,
                                                                   duckdb::vector<LogicalType> &types,
                                                                   duckdb::vector<std::string> &names) {
	auto &catalog = LakeCatalogArgument(context, input.inputs[0], "ducklake_current_snapshot");
	names = {"id"};
	types = {LogicalType::BIGINT};
	auto result = duckdb::make_uniq<RowsBindData>();
	auto &transaction = LakeTransaction::Get(context, catalog);
	result->rows.push_back({Value::BIGINT(transaction.Snapshot().snapshot_id)});
	return std::move(result);
}

static duckdb::unique_ptr<duckdb::FunctionData> LastCommittedSnapshotBind(duckdb::ClientContext &context,
                                                                         duckdb::TableFunctionBindInput &input,
                                                                         duckdb::vector<LogicalType> &types,
                                                                         duckdb::vector<std::string> &names) {
	auto &catalog = LakeCatalogArgument(context, input.inputs[0], "ducklake_last_committed_snapshot");
	names = {"id"};
	types = {LogicalType::BIGINT};
	auto result = duckdb::make_uniq<RowsBindData>();
	int64_t snapshot_id;
	result->rows.push_back(
	    {LastCommittedSnapshot(context, catalog, snapshot_id) ? Value::BIGINT(snapshot_id) : Value(LogicalType::BIGINT)});
	return std::move(result);
}

duckdb::TableFunction CurrentSnapshotFunction() {
	return duckdb::TableFunction("ducklake_current_snapshot", {LogicalType::VARCHAR}, EmitRows, CurrentSnapshotBind,
	                             InitRowsScan);
}

duckdb::TableFunction LastCommittedSnapshotFunction() {
	return duckdb::TableFunction("ducklake_last_committed_snapshot", {LogicalType::VARCHAR}, EmitRows,
	                             LastCommittedSnapshotBind, InitRowsScan);
}

} // namespace inlake

// CALL ducklake_set_commit_message('lake', author, message [, extra_info => text]): the author, message and
// extra information of the snapshot the calling transaction creates when it commits (ducklake_snapshots shows
// them). NULL leaves a field empty. Part of the transaction: a ROLLBACK drops it, and a transaction that
// changes nothing creates no snapshot to carry it.
#include "catalog/lake_catalog.hpp"
#include "functions/lake_functions.hpp"
#include "functions/row_table_function.hpp"
#include "transaction/lake_transaction.hpp"

#include "duckdb/main/client_context.hpp"

namespace inlake {
using duckdb::LogicalType;
using duckdb::Value;

static duckdb::unique_ptr<duckdb::FunctionData> SetCommitMessageBind(duckdb::ClientContext &context,
                                                                    duckdb::TableFunctionBindInput &input,
                                                                    duckdb::vector<LogicalType> &types,
                                                                    duckdb::vector<std::string> &names) {
	auto &catalog = LakeCatalogArgument(context, input.inputs[0], "ducklake_set_commit_message");
	if (context.transaction.IsAutoCommit()) {
		// its own transaction would commit nothing: the message would silently go nowhere
		throw duckdb::InvalidInputException("ducklake_set_commit_message describes the snapshot of the transaction "
		                                    "it is called in: call it between BEGIN and COMMIT");
	}
	SnapshotChangesRecord message;
	message.has_author = !input.inputs[1].IsNull();
	message.author = message.has_author ? input.inputs[1].ToString() : std::string();
	message.has_commit_message = !input.inputs[2].IsNull();
	message.commit_message = message.has_commit_message ? input.inputs[2].ToString() : std::string();
	auto extra = NamedArgument(input, "extra_info");
	message.has_commit_extra_info = extra != nullptr;
	message.commit_extra_info = extra ? extra->ToString() : std::string();
	LakeTransaction::Get(context, catalog).SetCommitMessage(message);
	names = {"Success"};
	types = {LogicalType::BOOLEAN};
	auto result = duckdb::make_uniq<RowsBindData>();
	result->rows.push_back({Value::BOOLEAN(true)});
	return std::move(result);
}

duckdb::TableFunction SetCommitMessageFunction() {
	duckdb::TableFunction function("ducklake_set_commit_message",
	                               {LogicalType::VARCHAR, LogicalType::VARCHAR, LogicalType::VARCHAR}, EmitRows,
	                               SetCommitMessageBind, InitRowsScan);
	function.named_parameters["extra_info"] = LogicalType::VARCHAR;
	return function;
}

} // namespace inlake

#include "fs_calls_function.hpp"

#include "counting_file_system.hpp"

#include "duckdb/function/table_function.hpp"
#include "duckdb/main/extension/extension_loader.hpp"

namespace inlake_test {

using namespace duckdb; // NOLINT

namespace {

struct FileCallsInfo : public TableFunctionInfo {
	explicit FileCallsInfo(std::shared_ptr<FileCallCounts> counts_p) : counts(std::move(counts_p)) {
	}
	std::shared_ptr<FileCallCounts> counts;
};

struct FileCallsBindData : public TableFunctionData {
	std::shared_ptr<FileCallCounts> counts;
};

struct FileCallsState : public GlobalTableFunctionState {
	std::vector<std::pair<std::pair<std::string, std::string>, int64_t>> rows;
	idx_t offset = 0;
};

unique_ptr<FunctionData> FileCallsBind(ClientContext &context, TableFunctionBindInput &input,
                                       vector<LogicalType> &return_types, vector<string> &names) {
	names = {"path", "op", "calls"};
	return_types = {LogicalType::VARCHAR, LogicalType::VARCHAR, LogicalType::BIGINT};
	auto result = make_uniq<FileCallsBindData>();
	result->counts = input.info->Cast<FileCallsInfo>().counts;
	return std::move(result);
}

unique_ptr<GlobalTableFunctionState> FileCallsInit(ClientContext &context, TableFunctionInitInput &input) {
	auto result = make_uniq<FileCallsState>();
	for (auto &entry : input.bind_data->Cast<FileCallsBindData>().counts->Take()) {
		result->rows.emplace_back(entry.first, entry.second);
	}
	return std::move(result);
}

void FileCallsScan(ClientContext &context, TableFunctionInput &input, DataChunk &output) {
	auto &state = input.global_state->Cast<FileCallsState>();
	idx_t count = 0;
	while (state.offset < state.rows.size() && count < STANDARD_VECTOR_SIZE) {
		auto &row = state.rows[state.offset++];
		output.SetValue(0, count, Value(row.first.first));
		output.SetValue(1, count, Value(row.first.second));
		output.SetValue(2, count, Value::BIGINT(row.second));
		count++;
	}
	output.SetCardinality(count);
}

} // namespace

void RegisterFileCallsFunction(DatabaseInstance &db, std::shared_ptr<FileCallCounts> counts) {
	TableFunction function("inlake_test_fs_calls", {}, FileCallsScan, FileCallsBind, FileCallsInit);
	function.function_info = make_shared_ptr<FileCallsInfo>(std::move(counts));
	ExtensionLoader loader(db, "inlake_test");
	loader.RegisterFunction(function);
}

} // namespace inlake_test

// The DuckLake SQL functions inlake does not have yet. Each is registered under its name so that a call gets a
// clear error naming it, instead of DuckDB's autoloader trying to download the upstream ducklake extension (it
// knows these names) and failing on the network.
#include "functions/lake_functions.hpp"

#include "duckdb/common/exception.hpp"

namespace inlake {

namespace {

const char *const kNotYetSupported[] = {"ducklake_merge_adjacent_files", "ducklake_rewrite_data_files"};

duckdb::unique_ptr<duckdb::FunctionData> RefuseBind(duckdb::ClientContext &, duckdb::TableFunctionBindInput &input,
                                                    duckdb::vector<duckdb::LogicalType> &,
                                                    duckdb::vector<std::string> &) {
	throw duckdb::NotImplementedException("%s is not supported by inlake (yet)", input.table_function.name);
}

void NeverCalled(duckdb::ClientContext &, duckdb::TableFunctionInput &, duckdb::DataChunk &) {
}

} // namespace

std::vector<duckdb::TableFunction> UnsupportedLakeFunctions() {
	std::vector<duckdb::TableFunction> functions;
	for (auto name : kNotYetSupported) {
		duckdb::TableFunction function(name, {}, NeverCalled, RefuseBind);
		function.varargs = duckdb::LogicalType::ANY;
		function.named_parameters["schema"] = duckdb::LogicalType::ANY;
		function.named_parameters["snapshot_version"] = duckdb::LogicalType::ANY;
		function.named_parameters["snapshot_time"] = duckdb::LogicalType::ANY;
		function.named_parameters["extra_info"] = duckdb::LogicalType::ANY;
		functions.push_back(std::move(function));
	}
	return functions;
}

} // namespace inlake

#include "functions/cleanup_arguments.hpp"

#include "functions/row_table_function.hpp"

namespace inlake {

CleanupRequest ParseCleanupArguments(duckdb::TableFunctionBindInput &input, const char *function, bool &has_cutoff) {
	CleanupRequest request;
	auto older_than = NamedArgument(input, "older_than");
	if (older_than) {
		request.older_than = older_than->GetValue<duckdb::timestamp_tz_t>();
	}
	if (auto value = NamedArgument(input, "cleanup_all")) {
		request.cleanup_all = value->GetValue<bool>();
	}
	if (auto value = NamedArgument(input, "dry_run")) {
		request.dry_run = value->GetValue<bool>();
	}
	if (older_than && request.cleanup_all) {
		throw duckdb::InvalidInputException("%s: give either older_than or cleanup_all => true, not both", function);
	}
	has_cutoff = older_than || request.cleanup_all;
	return request;
}

void AddCleanupParameters(duckdb::TableFunction &function) {
	function.named_parameters["older_than"] = duckdb::LogicalType::TIMESTAMP_TZ;
	function.named_parameters["cleanup_all"] = duckdb::LogicalType::BOOLEAN;
	function.named_parameters["dry_run"] = duckdb::LogicalType::BOOLEAN;
}

} // namespace inlake

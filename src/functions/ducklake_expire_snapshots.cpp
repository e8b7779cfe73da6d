// ducklake_expire_snapshots('lake', older_than => ts | versions => [ids] [, dry_run => bool]):
// expires the snapshots (never the latest) and everything only they could
// see (see maintenance/snapshot_expiry.hpp); returns the expired snapshot ids.
// Without older_than and versions it uses the lake's expire_older_than option.
#include "catalog/lake_catalog.hpp"
#include "functions/lake_functions.hpp"
#include "functions/row_table_function.hpp"
#include "maintenance/retention_option.hpp"
#include "maintenance/snapshot_expiry.hpp"

#include "duckdb/common/types/value.hpp"

namespace inlake {
using duckdb::LogicalType;
using duckdb::Value;

static ExpiryRequest ParseRequest(duckdb::TableFunctionBindInput &input, LakeCatalog &catalog) {
	ExpiryRequest request;
	if (auto value = NamedArgument(input, "older_than")) {
		request.has_older_than = true;
		request.older_than = value->GetValue<duckdb::timestamp_tz_t>();
	}
	if (auto value = NamedArgument(input, "versions")) {
		request.has_versions = true;
		// taken as it is (the parameter is ANY): a cast to BIGINT[] would round [1.5] to snapshot 2 and expire it
		auto &type = value->type();
		bool integers = type.id() == duckdb::LogicalTypeId::LIST &&
		                (duckdb::ListType::GetChildType(type).IsIntegral() ||
		                 duckdb::ListType::GetChildType(type).id() == duckdb::LogicalTypeId::SQLNULL);
		if (!integers) {
			throw duckdb::InvalidInputException("ducklake_expire_snapshots: versions takes a list of snapshot ids such "
			                                    "as [2, 3] (see ducklake_snapshots('%s')), not %s (%s)",
			                                    catalog.GetName(), value->ToString(), type.ToString());
		}
		for (auto &child : duckdb::ListValue::GetChildren(*value)) {
			if (child.IsNull()) {
				throw duckdb::InvalidInputException("ducklake_expire_snapshots: versions holds NULL, which names no "
				                                    "snapshot (see ducklake_snapshots('%s'))",
				                                    catalog.GetName());
			}
			auto id = child.GetValue<int64_t>();
			if (id < 0) {
				throw duckdb::InvalidInputException("ducklake_expire_snapshots: versions are snapshot ids (0 or more, "
				                                    "see ducklake_snapshots('%s')), not %lld",
				                                    catalog.GetName(), static_cast<long long>(id));
			}
			request.versions.push_back(id);
		}
	}
	if (auto value = NamedArgument(input, "dry_run")) {
		request.dry_run = value->GetValue<bool>();
	}
	if (request.has_older_than && request.has_versions) {
		throw duckdb::InvalidInputException("ducklake_expire_snapshots: give either older_than or versions, not both");
	}
	if (!request.has_older_than && !request.has_versions) {
		request.has_older_than = RetentionCutoff(catalog, "expire_older_than", request.older_than);
		if (!request.has_older_than) {
			throw duckdb::InvalidInputException("ducklake_expire_snapshots: give older_than or versions (or set "
			                                    "the lake's expire_older_than option)");
		}
	}
	return request;
}

static duckdb::unique_ptr<duckdb::FunctionData> ExpireBind(duckdb::ClientContext &context,
                                                          duckdb::TableFunctionBindInput &input,
                                                          duckdb::vector<LogicalType> &types,
                                                          duckdb::vector<std::string> &names) {
	auto &catalog = LakeCatalogArgument(context, input.inputs[0], "ducklake_expire_snapshots");
	auto request = ParseRequest(input, catalog);
	if (!request.dry_run) {
		CheckNotInExplicitTransaction(context, "ducklake_expire_snapshots", catalog);
	}
	if (!request.dry_run) {
		catalog.CheckWritable("expire snapshots");
	}
	names = {"snapshot_id"};
	types = {LogicalType::BIGINT};
	auto result = duckdb::make_uniq<RowsBindData>();
	for (auto id : ExpireSnapshots(catalog, request).expired) {
		result->rows.push_back({Value::BIGINT(id)});
	}
	return std::move(result);
}

duckdb::TableFunction ExpireSnapshotsFunction() {
	duckdb::TableFunction function("ducklake_expire_snapshots", {LogicalType::VARCHAR}, EmitRows, ExpireBind,
	                               InitRowsScan);
	function.named_parameters["older_than"] = LogicalType::TIMESTAMP_TZ;
	function.named_parameters["versions"] = LogicalType::ANY;
	function.named_parameters["dry_run"] = LogicalType::BOOLEAN;
	return function;
}

} // namespace inlake

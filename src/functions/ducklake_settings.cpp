// ducklake_settings('lake') / lake.settings(): one row describing the attached lake: its catalog backend and
// database (a PostgreSQL password shown as ***), data path, format version, whether it is read-only or pinned
// to a snapshot, and the lake-wide inlining limit and target file size in effect for this transaction (a
// schema or table may set its own: ducklake_options).
#include "catalog/lake_catalog.hpp"
#include "functions/lake_functions.hpp"
#include "functions/row_table_function.hpp"
#include "transaction/lake_transaction.hpp"

#include "duckdb/main/client_context.hpp"

namespace inlake {
using duckdb::LogicalType;
using duckdb::Value;

static const char *BackendName(CatalogBackend backend) {
	switch (backend) {
	case CatalogBackend::SQLITE:
		return "sqlite";
	case CatalogBackend::POSTGRES:
		return "postgres";
	default:
		return "duckdb";
	}
}

//! The lake-wide inlining limit: the global option, else the ATTACH option, else the DuckDB setting, else 10.
static int64_t LakeInliningRowLimit(duckdb::ClientContext &context, LakeTransaction &transaction,
                                    const LakeOptions &options) {
	std::string value;
	if (transaction.FindOption("data_inlining_row_limit", nullptr, value)) {
		return std::stoll(value);
	}
	if (options.data_inlining_row_limit.IsValid()) {
		return int64_t(options.data_inlining_row_limit.GetIndex());
	}
	return DefaultInliningRowLimitSetting(context);
}

static duckdb::unique_ptr<duckdb::FunctionData> SettingsBind(duckdb::ClientContext &context,
                                                            duckdb::TableFunctionBindInput &input,
                                                            duckdb::vector<LogicalType> &types,
                                                            duckdb::vector<std::string> &names) {
	auto &catalog = LakeCatalogArgument(context, input.inputs[0], "ducklake_settings");
	auto &options = catalog.Options();
	auto &transaction = LakeTransaction::Get(context, catalog);
	names = {"catalog_backend", "metadata_path", "data_path",           "format_version",
	         "read_only",       "snapshot_version", "data_inlining_row_limit", "target_file_size"};
	types = {LogicalType::VARCHAR, LogicalType::VARCHAR, LogicalType::VARCHAR, LogicalType::VARCHAR,
	         LogicalType::BOOLEAN, LogicalType::BIGINT,  LogicalType::BIGINT,  LogicalType::BIGINT};
	std::string target;
	auto target_file_size =
	    transaction.FindOption("target_file_size", nullptr, target) ? std::stoll(target) : options.target_file_size;
	auto result = duckdb::make_uniq<RowsBindData>();
	result->rows.push_back({Value(BackendName(options.backend)), Value(catalog.Store().DisplayName()),
	                        Value(catalog.DataPath()), Value(catalog.FormatVersion()),
	                        Value::BOOLEAN(options.read_only || options.snapshot_version >= 0), // pinned: read-only too
	                        options.snapshot_version >= 0 ? Value::BIGINT(options.snapshot_version)
	                                                      : Value(LogicalType::BIGINT),
	                        Value::BIGINT(LakeInliningRowLimit(context, transaction, options)),
	                        Value::BIGINT(target_file_size)});
	return std::move(result);
}

duckdb::TableFunction SettingsFunction() {
	return duckdb::TableFunction("ducklake_settings", {LogicalType::VARCHAR}, EmitRows, SettingsBind, InitRowsScan);
}

} // namespace inlake

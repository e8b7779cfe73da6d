// ducklake_list_files('lake', 'table' [, schema => 'main', snapshot_version => n, snapshot_time => t]) /
// lake.list_files(...): the table's committed data files at the transaction's snapshot (or the one named), each
// with its live delete file. Inlined rows live in the catalog, not in a file, and are not listed.
#include "catalog/lake_catalog.hpp"
#include "catalog/lake_catalog_set.hpp"
#include "catalog/lake_schema_entry.hpp"
#include "common/lake_paths.hpp"
#include "functions/lake_functions.hpp"
#include "functions/row_table_function.hpp"
#include "transaction/lake_transaction.hpp"

#include "duckdb/planner/tableref/bound_at_clause.hpp"

namespace inlake {
using duckdb::LogicalType;
using duckdb::Value;

//! The table named by the call, at the snapshot it names (`snapshot` set) or at the transaction's.
static LakeTableEntry &FindTable(LakeTransaction &transaction, duckdb::TableFunctionBindInput &input,
                                 SnapshotRecord &snapshot, bool &at_snapshot) {
	auto schema = NamedArgument(input, "schema");
	if (input.inputs[1].IsNull() || (schema && schema->IsNull())) {
		throw duckdb::InvalidInputException("ducklake_list_files: the %s must not be NULL",
		                                    input.inputs[1].IsNull() ? "table name" : "schema");
	}
	auto schema_name = schema ? schema->ToString() : "main";
	auto table_name = input.inputs[1].ToString();
	auto version = NamedArgument(input, "snapshot_version");
	auto time = NamedArgument(input, "snapshot_time");
	if (version && time) {
		throw duckdb::InvalidInputException("ducklake_list_files: give snapshot_version or snapshot_time, not both");
	}
	at_snapshot = version || time;
	duckdb::optional_ptr<LakeTableEntry> table;
	if (at_snapshot) {
		snapshot = transaction.ResolveAtClause(duckdb::BoundAtClause(version ? "VERSION" : "TIMESTAMP",
		                                                             version ? *version : *time));
		auto schema_then = transaction.CatalogSetAt(snapshot).GetSchema(schema_name);
		table = schema_then ? schema_then->GetCommittedTable(table_name) : nullptr;
	} else {
		auto schema_now = transaction.LookupSchema(schema_name);
		table = schema_now ? transaction.LookupTable(*schema_now, table_name) : nullptr;
	}
	if (!table) {
		throw duckdb::CatalogException("ducklake_list_files: lake \"%s\" has no table \"%s\".\"%s\"%s",
		                               transaction.GetCatalog().GetName(), schema_name, table_name,
		                               at_snapshot ? " at snapshot " + std::to_string(snapshot.snapshot_id) : "");
	}
	return *table;
}

//! An encrypted file's key as the catalog stores it (base64), NULL for a file that is not encrypted.
static Value KeyOrNull(const std::string &encryption_key) {
	return encryption_key.empty() ? Value(LogicalType::VARCHAR) : Value(encryption_key);
}

static duckdb::unique_ptr<duckdb::FunctionData> ListFilesBind(duckdb::ClientContext &context,
                                                             duckdb::TableFunctionBindInput &input,
                                                             duckdb::vector<LogicalType> &types,
                                                             duckdb::vector<std::string> &names) {
	auto &catalog = LakeCatalogArgument(context, input.inputs[0], "ducklake_list_files");
	auto &transaction = LakeTransaction::Get(context, catalog);
	SnapshotRecord snapshot;
	bool at_snapshot = false;
	auto &table = FindTable(transaction, input, snapshot, at_snapshot);
	names = {"data_file",   "data_file_size_bytes",   "data_file_footer_size",   "data_file_encryption_key",
	         "delete_file", "delete_file_size_bytes", "delete_file_footer_size", "delete_file_encryption_key"};
	types = {LogicalType::VARCHAR, LogicalType::BIGINT, LogicalType::BIGINT, LogicalType::VARCHAR,
	         LogicalType::VARCHAR, LogicalType::BIGINT, LogicalType::BIGINT, LogicalType::VARCHAR};
	std::vector<DataFileRecord> files;
	if (at_snapshot) {
		files = catalog.Store().LoadDataFiles(table.TableId(), snapshot.snapshot_id);
	} else if (!IsLocalId(table.TableId())) {
		files = transaction.CommittedFiles(table);
	}
	auto folder = transaction.TableDataPath(table);
	auto result = duckdb::make_uniq<RowsBindData>();
	for (auto &file : files) {
		auto &deletes = file.delete_file;
		bool has_deletes = deletes.delete_file_id >= 0;
		result->rows.push_back(
		    {Value(ResolveLakePath(folder, file.path, file.path_is_relative)), Value::BIGINT(file.file_size_bytes),
		     Value::BIGINT(file.footer_size), KeyOrNull(file.encryption_key),
		     has_deletes ? Value(ResolveLakePath(folder, deletes.path, deletes.path_is_relative))
		                 : Value(LogicalType::VARCHAR),
		     has_deletes ? Value::BIGINT(deletes.file_size_bytes) : Value(LogicalType::BIGINT),
		     Value(LogicalType::BIGINT), has_deletes ? KeyOrNull(deletes.encryption_key) : Value(LogicalType::VARCHAR)});
	}
	return std::move(result);
}

duckdb::TableFunction ListFilesFunction() {
	duckdb::TableFunction function("ducklake_list_files", {LogicalType::VARCHAR, LogicalType::VARCHAR}, EmitRows,
	                               ListFilesBind, InitRowsScan);
	function.named_parameters["schema"] = LogicalType::VARCHAR;
	function.named_parameters["snapshot_version"] = LogicalType::BIGINT;
	function.named_parameters["snapshot_time"] = LogicalType::TIMESTAMP_TZ;
	return function;
}

} // namespace inlake

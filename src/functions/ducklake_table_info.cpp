// ducklake_table_info('lake'): one row per table visible to the calling
// transaction, with the number and total size of its live data files.
#include "catalog/lake_catalog.hpp"
#include "functions/lake_functions.hpp"
#include "functions/row_table_function.hpp"
#include "transaction/lake_transaction.hpp"

namespace inlake {
using duckdb::LogicalType;
using duckdb::Value;

static duckdb::unique_ptr<duckdb::FunctionData> TableInfoBind(duckdb::ClientContext &context,
                                                             duckdb::TableFunctionBindInput &input,
                                                             duckdb::vector<LogicalType> &types,
                                                             duckdb::vector<std::string> &names) {
	auto &catalog = LakeCatalogArgument(context, input.inputs[0], "ducklake_table_info");
	names = {"table_name",      "schema_id",         "table_id",
	         "table_uuid",      "file_count",        "file_size_bytes",
	         "delete_file_count", "delete_file_size_bytes"};
	types = {LogicalType::VARCHAR, LogicalType::BIGINT, LogicalType::BIGINT, LogicalType::UUID,
	         LogicalType::BIGINT,  LogicalType::BIGINT, LogicalType::BIGINT, LogicalType::BIGINT};
	auto result = duckdb::make_uniq<RowsBindData>();
	auto &transaction = LakeTransaction::Get(context, catalog);
	transaction.ScanSchemas([&](LakeSchemaEntry &schema) {
		transaction.ScanTables(schema, [&](LakeTableEntry &table) {
			auto spec = transaction.BuildScanSpec(table, -1);
			spec->ListDeferredFiles(PartitionListingFilter()); // every file: no filter
			int64_t file_size = 0;
			for (auto &file : spec->files) {
				file_size += file.file_size_bytes;
			}
			int64_t delete_files = 0, delete_size = 0;
			if (!IsLocalId(table.TableId())) {
				for (auto &file : transaction.CommittedFiles(table)) {
					auto local = transaction.changes.table_changes.find(table.TableId());
					bool replaced = local != transaction.changes.table_changes.end() &&
					                local->second.delete_files.count(file.data_file_id);
					if (replaced && local->second.EndsDataFile(file.data_file_id)) {
						continue; // every row deleted: the file ends at commit, no delete file
					}
					if (replaced) {
						delete_files++;
						delete_size += local->second.delete_files[file.data_file_id].file.file_size_bytes;
					} else if (file.delete_file.delete_file_id >= 0) {
						delete_files++;
						delete_size += file.delete_file.file_size_bytes;
					}
				}
			}
			auto &record = table.Record();
			result->rows.push_back({Value(record.table_name), Value::BIGINT(schema.SchemaId()),
			                        Value::BIGINT(record.table_id), Value::UUID(record.table_uuid),
			                        Value::BIGINT(int64_t(spec->files.size())), Value::BIGINT(file_size),
			                        Value::BIGINT(delete_files), Value::BIGINT(delete_size)});
		});
	});
	return std::move(result);
}

duckdb::TableFunction TableInfoFunction() {
	return duckdb::TableFunction("ducklake_table_info", {LogicalType::VARCHAR}, EmitRows, TableInfoBind,
	                             InitRowsScan);
}

} // namespace inlake

#include "read/lake_scan.hpp"

#include "read/lake_file_list.hpp"
#include "read/lake_multi_file_reader.hpp"
#include "read/row_set_scan.hpp"
#include "read/scan_statistics.hpp"

#include "duckdb/catalog/catalog.hpp"
#include "duckdb/catalog/catalog_entry/table_catalog_entry.hpp"
#include "duckdb/catalog/catalog_entry/table_function_catalog_entry.hpp"
#include "duckdb/common/multi_file/multi_file_function.hpp"
#include "duckdb/parser/tableref/table_function_ref.hpp"

namespace inlake {

using namespace duckdb;

//! DuckDB's Parquet scan, as registered in the system catalog
static TableFunction GetParquetScan(ClientContext &context) {
	auto &entry = Catalog::GetEntry<TableFunctionCatalogEntry>(context, SYSTEM_CATALOG, DEFAULT_SCHEMA, "read_parquet");
	return entry.functions.GetFunctionByOffset(0);
}

virtual_column_map_t LakeVirtualColumns() {
	virtual_column_map_t result;
	result.insert(make_pair(COLUMN_IDENTIFIER_ROW_ID, TableColumn("rowid", LogicalType::BIGINT)));
	result.insert(make_pair(LAKE_SNAPSHOT_ID_COLUMN, TableColumn("snapshot_id", LogicalType::BIGINT)));
	result.insert(make_pair(MultiFileReader::COLUMN_IDENTIFIER_FILENAME, TableColumn("filename", LogicalType::VARCHAR)));
	result.insert(make_pair(MultiFileReader::COLUMN_IDENTIFIER_FILE_ROW_NUMBER,
	                        TableColumn("file_row_number", LogicalType::BIGINT)));
	result.insert(
	    make_pair(MultiFileReader::COLUMN_IDENTIFIER_FILE_INDEX, TableColumn("file_index", LogicalType::UBIGINT)));
	return result;
}

static virtual_column_map_t LakeScanVirtualColumns(ClientContext &context, optional_ptr<FunctionData> bind_data_p) {
	auto &bind_data = bind_data_p->Cast<MultiFileBindData>();
	virtual_column_map_t result;
	MultiFileReader::GetVirtualColumns(context, bind_data.reader_bind, result);
	bind_data.interface->GetVirtualColumns(context, bind_data, result);
	for (auto &entry : LakeVirtualColumns()) {
		result.insert(entry);
	}
	bind_data.virtual_columns = result;
	return result;
}

static BindInfo LakeScanBindInfo(const optional_ptr<FunctionData> bind_data_p) {
	auto &bind_data = bind_data_p->Cast<MultiFileBindData>();
	auto &spec = bind_data.file_list->Cast<LakeFileList>().UnlistedSpec();
	if (spec->table) {
		return BindInfo(*spec->table);
	}
	return BindInfo(ScanType::EXTERNAL);
}

static unique_ptr<BaseStatistics> LakeScanStatistics(ClientContext &context, const FunctionData *bind_data_p,
                                                     column_t column_index) {
	auto &bind_data = bind_data_p->Cast<MultiFileBindData>();
	return LakeScanColumnStatistics(*bind_data.file_list->Cast<LakeFileList>().GetSpec(), column_index);
}

static vector<column_t> LakeScanRowIdColumns(ClientContext &context, optional_ptr<FunctionData> bind_data) {
	return {COLUMN_IDENTIFIER_ROW_ID};
}

//! The Parquet scan with our MultiFileReader and the lake's virtual columns
static TableFunction MakeScanFunction(ClientContext &context, const std::shared_ptr<LakeScanSpec> &spec) {
	auto function = GetParquetScan(context);
	function.name = "inlake_scan";
	function.function_info = make_shared_ptr<LakeScanFunctionInfo>(spec);
	function.get_multi_file_reader = LakeMultiFileReader::CreateInstance;
	function.get_virtual_columns = LakeScanVirtualColumns;
	function.get_bind_info = LakeScanBindInfo;
	function.get_row_id_columns = LakeScanRowIdColumns;
	// row ids are not (file, position) pairs here: no late materialization joins
	function.late_materialization = false;
	// Parquet's partition stats ignore deletes and row sets; its statistics and
	// (de)serialization assume a plain list of files: ours cover files and row sets
	function.get_partition_stats = nullptr;
	function.statistics = LakeScanStatistics;
	function.serialize = nullptr;
	function.deserialize = nullptr;
	return function;
}

TableFunction GetLakeScanFunction(ClientContext &context, std::shared_ptr<LakeScanSpec> spec,
                                  unique_ptr<FunctionData> &bind_data) {
	if (spec->files.empty() && !spec->FilesDeferred()) {
		return GetRowSetScanFunction(std::move(spec), bind_data);
	}
	return GetMultiFileLakeScanFunction(context, std::move(spec), bind_data);
}

TableFunction GetMultiFileLakeScanFunction(ClientContext &context, std::shared_ptr<LakeScanSpec> spec,
                                           unique_ptr<FunctionData> &bind_data) {
	auto function = MakeScanFunction(context, spec);
	// the paths are not used: the file list comes from the spec
	vector<Value> inputs {Value::LIST(LogicalType::VARCHAR, vector<Value>())};
	named_parameter_map_t named_parameters;
	vector<LogicalType> input_table_types;
	vector<string> input_table_names;
	TableFunctionRef ref;
	TableFunctionBindInput input(inputs, named_parameters, input_table_types, input_table_names,
	                             function.function_info.get(), nullptr, function, ref);
	vector<LogicalType> return_types;
	vector<string> names;
	bind_data = function.bind(context, input, return_types, names);
	return function;
}

} // namespace inlake

//===----------------------------------------------------------------------===//
// LakeMultiFileReader: the MultiFileReader that turns DuckDB's Parquet scan
// (read_parquet's machinery) into the scan of a lake table.
//
//  * CreateFileList: a LakeFileList over the spec's sources (the paths given
//    to the bind are ignored).
//  * Bind: the table's columns from the spec, matched by field id, so no file
//    is opened at bind time.
//  * CreateReader: DuckDB's Parquet reader for data files, with a
//    PositionDeleteFilter for the file's deleted positions (a small file on
//    object storage is fetched whole first: read/small_file_prefetch.hpp); a
//    RowSetReader for row set pseudo-files.
//  * Virtual columns: rowid = row_id_start + file_row_number (or the embedded
//    row id column), snapshot_id = the file's begin snapshot (or the embedded
//    snapshot column); row sets carry both as columns.
//
// The spec reaches the reader through the scan function's function_info
// (LakeScanFunctionInfo), since DuckDB creates the reader from the function.
//===----------------------------------------------------------------------===//
#pragma once

#include "read/lake_scan.hpp"

#include "duckdb/common/multi_file/multi_file_reader.hpp"

namespace inlake {

struct LakeScanFunctionInfo : public duckdb::TableFunctionInfo {
	explicit LakeScanFunctionInfo(std::shared_ptr<LakeScanSpec> spec_p) : spec(std::move(spec_p)) {
	}
	std::shared_ptr<LakeScanSpec> spec;
};

class LakeMultiFileReader : public duckdb::MultiFileReader {
public:
	explicit LakeMultiFileReader(std::shared_ptr<LakeScanSpec> spec);

	//! get_multi_file_reader callback of the scan function
	static duckdb::unique_ptr<duckdb::MultiFileReader> CreateInstance(const duckdb::TableFunction &function);

	duckdb::shared_ptr<duckdb::MultiFileList> CreateFileList(duckdb::ClientContext &context,
	                                                         const duckdb::vector<duckdb::string> &paths,
	                                                         const duckdb::FileGlobInput &glob_input) override;
	bool Bind(duckdb::MultiFileOptions &options, duckdb::MultiFileList &files,
	          duckdb::vector<duckdb::LogicalType> &return_types, duckdb::vector<duckdb::string> &names,
	          duckdb::MultiFileReaderBindData &bind_data) override;
	void BindOptions(duckdb::MultiFileOptions &options, duckdb::MultiFileList &files,
	                 duckdb::vector<duckdb::LogicalType> &return_types, duckdb::vector<duckdb::string> &names,
	                 duckdb::MultiFileReaderBindData &bind_data) override;

	duckdb::shared_ptr<duckdb::BaseFileReader> CreateReader(duckdb::ClientContext &context,
	                                                        duckdb::GlobalTableFunctionState &gstate,
	                                                        const duckdb::OpenFileInfo &file, duckdb::idx_t file_idx,
	                                                        const duckdb::MultiFileBindData &bind_data) override;
	duckdb::shared_ptr<duckdb::BaseFileReader> CreateReader(duckdb::ClientContext &context,
	                                                        const duckdb::OpenFileInfo &file,
	                                                        duckdb::BaseFileReaderOptions &options,
	                                                        const duckdb::MultiFileOptions &file_options,
	                                                        duckdb::MultiFileReaderInterface &interface) override;

	duckdb::unique_ptr<duckdb::Expression> GetConstantVirtualColumn(duckdb::MultiFileReaderData &reader_data,
	                                                                duckdb::idx_t column_id,
	                                                                const duckdb::LogicalType &type) override;
	duckdb::unique_ptr<duckdb::Expression> GetVirtualColumnExpression(
	    duckdb::ClientContext &context, duckdb::MultiFileReaderData &reader_data,
	    const duckdb::vector<duckdb::MultiFileColumnDefinition> &local_columns, duckdb::idx_t &column_id,
	    const duckdb::LogicalType &type, duckdb::MultiFileLocalIndex local_index,
	    duckdb::optional_ptr<duckdb::MultiFileColumnDefinition> &global_column_reference) override;

	//! The mapping DuckDB builds, except that for a flushed file holding rows the snapshot being read does not see,
	//! the casts run before a pushed-down filter are TRY_CASTs (see the .cpp)
	duckdb::ReaderInitializeType
	CreateMapping(duckdb::ClientContext &context, duckdb::MultiFileReaderData &reader_data,
	              const duckdb::vector<duckdb::MultiFileColumnDefinition> &global_columns,
	              const duckdb::vector<duckdb::ColumnIndex> &global_column_ids,
	              duckdb::optional_ptr<duckdb::TableFilterSet> filters, duckdb::MultiFileList &multi_file_list,
	              const duckdb::MultiFileReaderBindData &bind_data, const duckdb::virtual_column_map_t &virtual_columns,
	              duckdb::MultiFileColumnMappingMode mapping_mode) override;

	duckdb::unique_ptr<duckdb::MultiFileReader> Copy() const override;

private:
	//! The reader for a row set pseudo-file; nullptr for data files
	duckdb::shared_ptr<duckdb::BaseFileReader> TryCreateRowSetReader(const duckdb::OpenFileInfo &file);
	//! Attaches the deletes of a data file to its reader
	void AttachDeletes(duckdb::BaseFileReader &reader, const duckdb::OpenFileInfo &file);
	//! The row id expression of a data file without embedded row ids
	duckdb::unique_ptr<duckdb::Expression> ComputedRowId(duckdb::ClientContext &context, const ScanDataFile &file,
	                                                     const duckdb::LogicalType &type,
	                                                     duckdb::MultiFileLocalIndex local_index);

	std::shared_ptr<LakeScanSpec> spec;
	duckdb::unique_ptr<duckdb::MultiFileColumnDefinition> row_id_column;
	duckdb::unique_ptr<duckdb::MultiFileColumnDefinition> snapshot_id_column;
};

} // namespace inlake

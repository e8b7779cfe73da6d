//===----------------------------------------------------------------------===//
// ParquetCopyBinding: DuckDB's Parquet copy function, bound once for a lake
// table's columns, and the files written through it.
//
// Contract:
//  * The binding sets what every lake data file carries: a Parquet field id
//    per column (nested children too, and the hidden row-id/snapshot columns
//    when requested), the compression, row group size and Parquet version of
//    the options. Columns DuckDB cannot write exactly are written in their
//    storage type (write/parquet_value_encoding.hpp): `types` are the table's,
//    `storage_types` what the bound function takes.
//  * StartFile creates ducklake-<uuidv7><suffix> in options.directory (the
//    folder is created first on a local file system) through DuckDB's
//    FileSystem; FinishFile finalizes it and turns DuckDB's statistics into a
//    WrittenDataFile. Either may be used from any thread, one file at a time.
//  * A ParquetOpenFile's state may outlive FinishFile: DuckDB's writer can
//    still prepare row groups (PrepareBatch) after its file is closed.
//  * The row group byte limit (parquet_row_group_size_bytes) is not given to
//    DuckDB's writer, whose binder refuses ROW_GROUP_SIZE_BYTES while
//    insertion order is preserved: the callers cut row groups themselves
//    (SplitRowGroups) and write each with PrepareBatch/FlushBatch.
//===----------------------------------------------------------------------===//
#pragma once

#include "write/nested_value_counter.hpp"
#include "write/parquet_field_ids.hpp"
#include "write/parquet_file_writer.hpp"

#include "duckdb/function/copy_function.hpp"

namespace inlake {

struct ParquetCopyBinding {
	ParquetCopyBinding(duckdb::ClientContext &context, const ParquetWriteOptions &options);

	duckdb::CopyFunction function;
	duckdb::unique_ptr<duckdb::FunctionData> bind_data;
	//! Appended columns (the table's, then hidden BIGINTs) and the types they are written as
	duckdb::vector<duckdb::LogicalType> types;
	duckdb::vector<duckdb::LogicalType> storage_types;
	bool needs_encoding = false;
	std::vector<ParquetStatsPath> stats_paths;
	//! Rows per row group the bound function writes
	duckdb::idx_t row_group_size = 0;
	//! Bytes (in memory) at which a row group is closed (0: no limit; see SplitRowGroups)
	duckdb::idx_t row_group_size_bytes = 0;
	std::string directory;
	std::string file_suffix;
	//! Every file gets its own key (then StartParquetFile binds `copy_options` with the key per file)
	bool encrypt = false;
	duckdb::case_insensitive_map_t<duckdb::vector<duckdb::Value>> copy_options;
	duckdb::vector<std::string> names;
};

struct ParquetOpenFile {
	std::string path;
	//! The name inside the directory
	std::string name;
	duckdb::unique_ptr<duckdb::GlobalFunctionData> state;
	duckdb::unique_ptr<duckdb::CopyFunctionFileStatistics> stats;
	bool finished = false;
	//! The file's key (catalog text) and its own binding, when encrypted
	std::string encryption_key;
	duckdb::unique_ptr<duckdb::FunctionData> encrypted_bind_data;
};

//! Creates the next file (and the directory when `check_directory` is set).
ParquetOpenFile StartParquetFile(duckdb::ClientContext &context, ParquetCopyBinding &binding, bool check_directory);
//! Finalizes `file` and describes it; `nested_counts` are the NestedValueCounter's counts of its rows.
WrittenDataFile FinishParquetFile(duckdb::ClientContext &context, ParquetCopyBinding &binding, ParquetOpenFile &file,
                                  const std::unordered_map<int64_t, NestedCounts> &nested_counts);
//! Writes `source`'s columns into `result` (of binding.storage_types), encoding what needs it.
void EncodeChunkForParquet(duckdb::DataChunk &source, duckdb::DataChunk &result);
//! `rows` cut into row groups for a byte limit of `max_bytes` (0: none): a row group ends with the chunk that
//! makes its rows reach the limit in memory, as DuckDB's Parquet writer cuts them for ROW_GROUP_SIZE_BYTES.
std::vector<duckdb::unique_ptr<duckdb::ColumnDataCollection>>
SplitRowGroups(duckdb::ClientContext &context, duckdb::unique_ptr<duckdb::ColumnDataCollection> rows,
               duckdb::idx_t max_bytes);
//! Removes the given files, ignoring failures (for writes that are abandoned).
void RemoveFilesQuietly(duckdb::ClientContext &context, const std::vector<std::string> &paths);

} // namespace inlake

//===----------------------------------------------------------------------===//
// ParquetFileWriter: writes DataChunks into one or more Parquet files through
// DuckDB's own Parquet copy function (never a writer of our own).
//
// Contract:
//  * Files are created in `directory` as ducklake-<uuidv7>.parquet, through
//    DuckDB's FileSystem (so any file system the client has works).
//  * Every column is written with its LakeColumn::column_id as Parquet field
//    id (nested children too).
//  * Row groups end at `row_group_size` rows, or once their rows take
//    `row_group_size_bytes` in memory when that is set.
//  * When `target_file_size` bytes is reached the current file is closed and
//    the next Append continues in a new file.
//  * Optional hidden columns (for flushes that keep row ids and snapshots):
//    when `write_row_id_and_snapshot` is set, each appended chunk carries two
//    extra trailing BIGINT columns (row id, snapshot id) that are written as
//    _ducklake_internal_row_id (field id 2147483540) and
//    _ducklake_internal_snapshot_id (field id 2147483539); with only
//    `write_row_id`, one extra trailing BIGINT column (row id) written as
//    _ducklake_internal_row_id (rows an UPDATE rewrote keep their ids).
//  * Finish() closes the last file and returns one WrittenDataFile per file,
//    with the statistics DuckDB's writer collected. A writer that received no
//    rows returns no files and leaves nothing on disk.
//  * Not thread-safe: use one writer per thread.
//===----------------------------------------------------------------------===//
#pragma once

#include "common/lake_column.hpp"
#include "common/partition_key.hpp"

#include "duckdb/common/types/data_chunk.hpp"

#include <memory>
#include <string>
#include <vector>

namespace duckdb {
class ClientContext;
}

namespace inlake {

struct WrittenColumnStats {
	int64_t column_id = -1;
	int64_t value_count = 0;
	int64_t null_count = 0;
	int64_t column_size_bytes = 0;
	bool has_min_max = false;
	//! min/max as DuckDB's string form of the column's type (Value::ToString)
	std::string min_value;
	std::string max_value;
	bool contains_nan = false;
};

struct WrittenDataFile {
	//! Full path as written (directory + file name)
	std::string path;
	//! The path relative to the table's folder as the catalog records it: the file name (ducklake-<uuidv7>.parquet),
	//! after the Hive partition folders for a partitioned file (`year=2026/ducklake-<uuidv7>.parquet`)
	std::string file_name;
	int64_t record_count = 0;
	int64_t file_size_bytes = 0;
	int64_t footer_size = 0;
	//! The file's format as ducklake_delete_file.format records it: "parquet", or "puffin" for a deletion vector
	//! file (write/puffin_writer.hpp)
	std::string format = "parquet";
	//! Row groups in the file (-1: not counted; format 1.1 records it)
	int64_t row_group_count = -1;
	//! The smallest _ducklake_internal_row_id in the file, from the writer's statistics (-1: the file has no such
	//! column, or its statistics did not say)
	int64_t min_row_id = -1;
	//! Stats per top-level column and per nested leaf column, by column id
	std::vector<WrittenColumnStats> column_stats;
	//! The partition spec the file was written under (-1: none; possibly a transaction-local id) and its rows'
	//! key values (PartitionedFileWriter)
	int64_t partition_id = -1;
	std::vector<FilePartitionValue> partition_values;
	//! The file's key as ducklake_data_file/ducklake_delete_file.encryption_key records it (base64 text,
	//! common/file_encryption_key.hpp); empty: not encrypted
	std::string encryption_key;
};

struct ParquetWriteOptions {
	//! Folder the files go to; must end with the separator '/'
	std::string directory;
	std::vector<LakeColumn> columns;
	int64_t target_file_size = 512LL * 1024 * 1024;
	bool write_row_id_and_snapshot = false;
	bool write_row_id = false;
	//! Parquet COMPRESSION option: snappy, zstd, gzip, lz4, brotli, uncompressed
	std::string compression = "snappy";
	//! ZSTD compression level (0: DuckDB's default); only valid with zstd
	int64_t compression_level = 0;
	//! Rows per row group (0: DuckDB's default, 122880)
	int64_t row_group_size = 0;
	//! A row group is also closed once its rows take this many bytes in memory (ColumnDataCollection::SizeInBytes,
	//! as DuckDB's ROW_GROUP_SIZE_BYTES counts them; 0: no limit)
	int64_t row_group_size_bytes = 0;
	//! A large insert writes on every thread, each its own files (the per_thread_output option)
	bool per_thread_output = false;
	//! Parquet PARQUET_VERSION option, "V1" or "V2" (empty: DuckDB's default)
	std::string parquet_version;
	//! File names are ducklake-<uuidv7><file_suffix> ("-delete.parquet" for delete files)
	std::string file_suffix = ".parquet";
	//! The table's partition spec (PartitionedFileWriter splits rows by it; ParquetFileWriter ignores it) and
	//! whether partitioned files go to Hive folders (the hive_file_pattern option)
	PartitionSpec partition;
	bool hive_file_pattern = true;
	//! Each file is encrypted under a new key of its own (the lake is ENCRYPTED: its ATTACH installed an AES engine
	//! that can encrypt, LakeCatalog::TakeEncryption)
	bool encrypt = false;
	//! The table's name, and the catalog cannot store a NUL character in text (PostgreSQL): a partition value
	//! holding one is refused
	std::string table_name;
	bool refuse_nul_partition_values = false;
};

class ParquetFileWriter {
public:
	ParquetFileWriter(duckdb::ClientContext &context, ParquetWriteOptions options);
	~ParquetFileWriter();

	//! Appends rows; the chunk's columns follow options.columns (plus the two
	//! hidden columns when requested).
	void Append(duckdb::DataChunk &chunk);
	//! Closes the current file and returns every file written.
	std::vector<WrittenDataFile> Finish();

private:
	struct State;
	std::unique_ptr<State> state;
};

} // namespace inlake

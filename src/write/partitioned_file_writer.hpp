//===----------------------------------------------------------------------===//
// PartitionedFileWriter: writes rows as data files of a (possibly
// partitioned) table, one ParquetFileWriter per partition value.
//
// Contract:
//  * options.partition empty: exactly a ParquetFileWriter (one stream of
//    files in options.directory).
//  * Otherwise every row goes to the writer of its key values (the spec's
//    transforms of its key columns, common/partition_transform.hpp), so each
//    file holds the rows of one partition value, split further by
//    target_file_size. With options.hive_file_pattern the files of a value
//    go to `key=value/` folders under options.directory (the folder names:
//    the column for identity keys, else the transform's name, made unique).
//  * Each returned file carries the spec's partition_id and its key values;
//    file_name is its path relative to options.directory (folders
//    included). Files come grouped by partition value, in the order the
//    values first appeared; within a value, in row order.
//  * At most partitioned_write_max_open_files (DuckDB's setting) files are
//    open at once: the rows of partitions beyond it wait in a buffer-managed
//    collection (spilled to disk under memory pressure) and are written, one
//    partition at a time, by Finish.
//  * A partition whose Hive folders would be too long for a path (many or
//    long key values) gets no folders: its files go to options.directory.
//  * Append can report each row's partition (an index into the order of first
//    appearance) so that a caller tracking rows (a flush) can match them to
//    the files: the files of partition p hold p's rows in append order.
//  * Not thread-safe.
//===----------------------------------------------------------------------===//
#pragma once

#include "common/partition_transform.hpp"
#include "write/parquet_file_writer.hpp"

#include "duckdb/common/types/column/column_data_collection.hpp"

#include <map>
#include <unordered_map>
#include <memory>
#include <vector>

namespace inlake {

class PartitionedFileWriter {
public:
	PartitionedFileWriter(duckdb::ClientContext &context, ParquetWriteOptions options);
	~PartitionedFileWriter();

	//! Appends rows whose columns follow options.columns (plus hidden columns as ParquetFileWriter takes them).
	//! `partition_of_row`, when given, receives each row's partition index.
	void Append(duckdb::DataChunk &chunk, std::vector<size_t> *partition_of_row = nullptr);
	//! Closes every file; the files of partition p come before those of p + 1.
	std::vector<WrittenDataFile> Finish();
	//! How many files each partition got (valid after Finish), by partition index
	const std::vector<size_t> &FilesPerPartition() const {
		return files_per_partition;
	}

private:
	struct Key {
		duckdb::idx_t column_index;
		int64_t column_id;
		PartitionTransform transform;
		std::string folder_name;
	};
	struct Partition {
		std::vector<PartitionValueText> values;
		//! The Hive folders of its files (empty: none, or too long)
		std::string folders;
		//! The partition's file being written, or (beyond the open-file limit) its rows waiting for Finish
		std::unique_ptr<ParquetFileWriter> writer;
		duckdb::unique_ptr<duckdb::ColumnDataCollection> buffer;
	};

	//! The index of the partition of these key values, added on first sight
	size_t PartitionFor(const std::vector<PartitionValueText> &values);
	std::unique_ptr<ParquetFileWriter> OpenWriter(const Partition &partition);
	//! Appends rows of one partition: to its writer, opened while fewer than max_open_writers are, else to its
	//! buffer
	void AppendTo(size_t index, duckdb::DataChunk &chunk);

	duckdb::ClientContext &context;
	ParquetWriteOptions options;
	std::vector<Key> keys;
	std::vector<Partition> partitions;
	//! Partition index by an encoding of its key values as one string
	std::unordered_map<std::string, size_t> partition_lookup;
	//! Per partition, the rows of the chunk being appended (kept to reuse their memory)
	std::vector<std::vector<duckdb::sel_t>> rows_of;
	std::vector<size_t> files_per_partition;
	//! At most this many files are open at once (DuckDB's partitioned_write_max_open_files, default 100)
	duckdb::idx_t max_open_writers = 100;
	duckdb::idx_t open_writers = 0;
};

//! Throws when a row of `chunk` (the table's columns first) would give a partition value holding a NUL character
//! (identity keys of VARCHAR columns): what a catalog that cannot store one in text (PostgreSQL) refuses, before the
//! row is inlined or written.
void RefuseNulPartitionValues(const std::string &table_name, const PartitionSpec &spec,
                              const std::vector<LakeColumn> &columns, duckdb::DataChunk &chunk);

//! The Hive folder names of a spec's keys: the column's name for identity keys, the transform's name otherwise;
//! a name taken by an earlier key gets the column's name appended (`year_ts`).
std::vector<std::string> PartitionFolderNames(const PartitionSpec &spec, const std::vector<LakeColumn> &columns);

} // namespace inlake

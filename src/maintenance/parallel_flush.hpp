//===----------------------------------------------------------------------===//
// The fast path of a flush of inlined data: one COPY on the catalog
// connection (see MetadataStore::OpenInlinedRows) writes the rows through the
// ordered lake copy (write/ordered_lake_copy.hpp), DuckDB preparing row groups
// on every thread, instead of rows streaming through ParquetFileWriter on one
// thread.
//
// Contract of TryParallelFlush:
//  * Writes every row of `sources` inserted at or before the transaction's
//    snapshot into files ducklake-<uuidv7>.parquet in the table's data path,
//    in the order the streaming flush writes them (`order_by`, or storage
//    order), split at the table's target_file_size, with the columns
//    `file_columns` (the table's, and the dropped columns older inlined rows
//    still hold; nested ones included) and their column ids as field ids.
//    The files carry the hidden row id and snapshot columns, except when the
//    rows come from one snapshot with contiguous row ids and no sort order:
//    then they are plain data files (FlushedDataFile::embedded_row_ids false).
//  * Rows deleted while inlined get a partial delete file per data file
//    (position, delete snapshot), as in the streaming flush.
//  * Appends the files to flush.files and sets flush.rows_flushed; returns
//    true (the streaming flush is for partitioned tables, which the caller
//    sends there). A failure removes every file it wrote.
//===----------------------------------------------------------------------===//
#pragma once

#include "metadata/metadata_records.hpp"

#include <string>
#include <vector>

namespace duckdb {
class ClientContext;
}

namespace inlake {

class LakeTableEntry;
class LakeTransaction;
struct TableFlush;
struct ParquetWriteOptions;

//! The options of a Parquet COPY (besides FORMAT and FIELD_IDS) that make DuckDB write a file as
//! ParquetFileWriter would: compression, row group size, Parquet version, no empty file.
std::string ParquetCopyOptionsSql(const ParquetWriteOptions &options);

bool TryParallelFlush(duckdb::ClientContext &context, LakeTransaction &transaction, LakeTableEntry &table,
                      const std::vector<LakeColumn> &file_columns, const std::vector<InlinedSource> &sources,
                      const std::vector<std::string> &order_by, TableFlush &flush);

} // namespace inlake

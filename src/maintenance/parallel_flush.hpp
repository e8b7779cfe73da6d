//===----------------------------------------------------------------------===//
// The fast path of a flush of inlined data: DuckDB writes the whole data
// file as one parallel COPY on the catalog connection (see
// MetadataStore::CopyInlinedRows), instead of rows streaming through
// ParquetFileWriter on one thread.
//
// Contract of TryParallelFlush:
//  * Writes every row of `sources` inserted at or before the transaction's
//    snapshot into ONE file ducklake-<uuidv7>.parquet in the table's data
//    path, in the order the streaming flush writes them (`order_by`, or
//    storage order), with the columns `file_columns` (the table's, and the
//    dropped columns older inlined rows still hold) and their column ids as
//    field ids; COPY's RETURN_STATS
//    become the file's statistics. The file carries the hidden row id and
//    snapshot columns, except when its rows come from one snapshot with
//    contiguous row ids and no sort order: then it is a plain data file
//    (FlushedDataFile::embedded_row_ids false).
//  * Rows deleted while inlined get a partial delete file (position, delete
//    snapshot), as in the streaming flush.
//  * Returns false, leaving nothing on disk and `flush` unchanged, when this
//    path does not apply: a table with nested columns (their value counts
//    come from ParquetFileWriter's counter), or a flush that outgrew the
//    target file size with more than one row group (DuckDB's COPY cannot
//    both split files and keep the row order). The caller then flushes with
//    the streaming writer.
//  * Appends the file to flush.files and sets flush.rows_flushed otherwise.
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

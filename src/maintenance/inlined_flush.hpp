//===----------------------------------------------------------------------===//
// Flushing inlined data to Parquet (ducklake_flush_inlined_data, CHECKPOINT).
//
// FlushTable writes, within the calling transaction:
//  * the table's inlined rows (every row inserted at or before the
//    transaction's snapshot, live or already deleted) into Parquet files that
//    keep each row's row id and insert snapshot in the hidden
//    _ducklake_internal_row_id / _ducklake_internal_snapshot_id columns, plus
//    one partial delete file per data file for the rows that were deleted
//    while inlined (each position with its delete snapshot);
//  * every data file's inlined deletions into one partial delete file per data
//    file, merged with the file's existing delete file.
// DuckDB writes the rows as one parallel COPY (maintenance/parallel_flush.hpp);
// when that path does not apply they stream from the catalog into
// ParquetFileWriter, which splits files at the target size. Nothing is visible to
// others until the transaction commits, as one snapshot (inline_flush:<id>);
// the commit removes the flushed rows from the catalog, and aborts with a
// conflict if another transaction deleted any of them in the meantime.
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>

namespace duckdb {
class ClientContext;
}

namespace inlake {

class LakeTableEntry;
class LakeTransaction;

//! Returns the number of inlined insert rows flushed (0: none; deletions may still have been flushed).
//! A flush that fails midway removes the files it wrote and registers nothing. `write_deletion_vectors`: 1
//! writes the delete files as Puffin deletion vectors, 0 as Parquet, -1 as the table's options and the
//! session's settings say (LakeTransaction::WriteDeletionVectors).
int64_t FlushTable(duckdb::ClientContext &context, LakeTransaction &transaction, LakeTableEntry &table,
                   int write_deletion_vectors = -1);
//! Takes every flush back out of the transaction and removes the files they wrote.
void DiscardFlushes(duckdb::ClientContext &context, LakeTransaction &transaction);

} // namespace inlake

//===----------------------------------------------------------------------===//
// The copy function a parallel INSERT or CREATE TABLE AS hands to DuckDB's
// PhysicalBatchCopyToFile: DuckDB's own Parquet writer with what a lake table
// needs around it. DuckDB's batch copy does the parallel work (it gathers the
// rows of each batch, prepares row groups on every thread and flushes them in
// insertion order); this function decides where each prepared row group goes.
//
// Contract:
//  * Row groups are written in insertion order. When the current file has
//    reached the table's target_file_size, the next row group starts a new
//    file (DuckDB's COPY cannot both rotate files and keep the order).
//  * Inlining: a batch of at most the table's inlining limit is held back
//    unprepared. While every row so far fits within the limit nothing is
//    written; if the statement ends so, the held-back rows are its inlined
//    rows. Otherwise they are written, in order, ahead of the next row group.
//  * NOT NULL columns are checked, columns DuckDB cannot write exactly are
//    encoded, and nested values counted, per batch on the preparing thread.
//  * The written files or held-back rows go to the InsertTarget at the end; a
//    failed statement leaves no file behind.
//===----------------------------------------------------------------------===//
#pragma once

#include "duckdb/function/copy_function.hpp"

namespace inlake {

class InsertTarget;

duckdb::CopyFunction OrderedLakeCopyFunction();
duckdb::unique_ptr<duckdb::FunctionData> OrderedLakeCopyBindData(duckdb::shared_ptr<InsertTarget> target);

} // namespace inlake

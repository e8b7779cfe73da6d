//===----------------------------------------------------------------------===//
// Copying the rows of several data files into one new data file (the work of
// ducklake_merge_adjacent_files and ducklake_rewrite_data_files).
//
// The sources share one ParquetLayout signature. One DuckDB COPY reads them
// all (read_parquet by field id, on every thread) and writes one file with
// the same columns, field ids and physical types, plus the hidden
// _ducklake_internal_row_id / _ducklake_internal_snapshot_id columns: every
// row keeps the row id and insert snapshot it had (a plain source's rows get
// row_id_start + position and its begin snapshot).
//
//  * KEEP_DELETED (merge): every row is copied, deleted ones too, in source
//    order; the rows that were deleted go to a partial delete file that
//    records the snapshot each was deleted in, so every snapshot reads the
//    new file exactly as it read the sources.
//  * DROP_DELETED (rewrite): the deleted rows are left out. The file is
//    registered from the rewrite's snapshot on (older snapshots read the
//    files it replaced), so its rows are older than the file itself:
//    partial_max < begin_snapshot marks such a file (rows moved here).
//
// Nothing is registered here: the caller commits the result, or removes the
// files it wrote (FileRewriteResult::WrittenPaths) when it does not.
//===----------------------------------------------------------------------===//
#pragma once

#include "maintenance/parquet_layout.hpp"
#include "transaction/local_changes.hpp"

#include <map>

namespace duckdb {
class ClientContext;
}

namespace inlake {

struct RewriteSource {
	//! Where the file is read (resolved path)
	std::string path;
	DataFileRecord record;
	//! Every deleted position at the transaction's snapshot, with the snapshot it was deleted in
	std::map<int64_t, int64_t> deletes;
};

enum class DeletedRows { KEEP_DELETED, DROP_DELETED };

struct RewriteRequest {
	std::vector<RewriteSource> sources;
	//! The sources' common layout (the first source's column names are written)
	ParquetLayout layout;
	DeletedRows deleted_rows = DeletedRows::KEEP_DELETED;
	//! Folder, compression and row group size of the new file (its columns come from `layout`)
	ParquetWriteOptions options;
	//! Folder of the partial delete file
	std::string delete_directory;
	//! The partial delete file is a Puffin file of deletion vectors (the table writes them)
	bool deletion_vectors = false;
	//! The table's current columns (the types its column statistics compare by)
	std::vector<LakeColumn> table_columns;
	//! Record the new file's row group count (format 1.1)
	bool count_row_groups = false;
};

//! Writes the new file (and its partial delete file); `result.file.record_count` 0 means no row was left and
//! nothing was written. Column statistics are the sources' (from the catalog), combined.
FlushedDataFile RewriteFiles(duckdb::ClientContext &context, const RewriteRequest &request);

} // namespace inlake

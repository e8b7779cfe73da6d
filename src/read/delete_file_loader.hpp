//===----------------------------------------------------------------------===//
// Reading and writing DuckLake position-delete files.
//
// A delete file is Parquet with file_path (field id 2147483546) and pos
// (field id 2147483545); a partial delete file adds
// _ducklake_internal_snapshot_id, the snapshot each position was deleted in,
// so that earlier snapshots stay readable. Reads go through DuckDB's
// read_parquet on a connection of their own (a scan is being bound on the
// caller's), writes through ParquetFileWriter.
//===----------------------------------------------------------------------===//
#pragma once

#include "write/parquet_file_writer.hpp"

#include <string>
#include <vector>

namespace duckdb {
class ClientContext;
class DatabaseInstance;
} // namespace duckdb

namespace inlake {

//! Positions of the delete file that apply at `snapshot_id` (all positions when the file is not partial).
std::vector<int64_t> ReadDeleteFilePositions(duckdb::DatabaseInstance &db, const std::string &path, bool partial,
                                             int64_t snapshot_id);

//! Writes a (non-partial) delete file for `data_file_path` holding `positions` into `directory`.
WrittenDataFile WriteDeleteFile(duckdb::ClientContext &context, const std::string &directory,
                                const std::string &data_file_path, const std::vector<int64_t> &positions);

} // namespace inlake

//===----------------------------------------------------------------------===//
// Reading and writing DuckLake position-delete files.
//
// A delete file is Parquet with file_path (field id 2147483546) and pos
// (field id 2147483545); a partial delete file adds
// _ducklake_internal_snapshot_id, the snapshot each position was deleted in,
// so that earlier snapshots stay readable. Reads go through DuckDB's
// read_parquet on a connection of their own (a scan is being bound on the
// caller's), writes through ParquetFileWriter. A read given the file's size
// (and footer size) from the catalog asks storage nothing to open the file
// (read/known_file_read.hpp); 0 means unknown.
//
// A delete file of format "puffin" holds deletion vectors instead
// (write/puffin_writer.hpp, read/puffin_reader.hpp); the functions taking a
// DeleteFileRef read either format, and WriteDeleteFile writes one when
// asked to (common/deletion_vector.hpp: how its vectors keep the snapshots).
//===----------------------------------------------------------------------===//
#pragma once

#include "metadata/metadata_records.hpp"
#include "read/known_file_read.hpp"
#include "write/parquet_file_writer.hpp"

#include <map>
#include <string>
#include <vector>

namespace duckdb {
class ClientContext;
class DatabaseInstance;
} // namespace duckdb

namespace inlake {

//! Positions of the delete file `ref` (at `path`) that apply at `snapshot_id` (all positions when the file is
//! not partial).
std::vector<int64_t> ReadDeleteFilePositions(duckdb::DatabaseInstance &db, const std::string &path,
                                             const DataFileRecord::DeleteFileRef &ref, int64_t snapshot_id);

//! Writes a delete file for `data_file_path` holding `positions` (sorted) into `directory`. With
//! `snapshots` (one per position) it is a partial delete file recording when each position was deleted. With
//! `deletion_vector` it is a Puffin file of deletion vectors instead of Parquet; with `encrypt` (an encrypted lake)
//! an encrypted Parquet file (Puffin files cannot be encrypted: both together are refused).
WrittenDataFile WriteDeleteFile(duckdb::ClientContext &context, const std::string &directory,
                                const std::string &data_file_path, const std::vector<int64_t> &positions,
                                const std::vector<int64_t> &snapshots = {}, bool deletion_vector = false,
                                bool encrypt = false);

//! (position, delete snapshot) of every position in the delete file `ref` (at `path`); a non-partial file's
//! positions all carry the snapshot that registered the file.
std::vector<std::pair<int64_t, int64_t>> ReadDeletePositionsWithSnapshots(duckdb::DatabaseInstance &db,
                                                                         const std::string &path,
                                                                         const DataFileRecord::DeleteFileRef &ref);

//! The file `written` (its path as written).
StoredFile StoredFileOf(const WrittenDataFile &written);
//! The data file `record`, found at `path` (its path resolved).
StoredFile StoredFileOf(const DataFileRecord &record, const std::string &path);

//! The smallest row id a data file with embedded row ids holds.
int64_t ReadMinRowId(duckdb::DatabaseInstance &db, const StoredFile &file);

//! (row id, position) of every row of a data file with embedded row ids whose id is one of `row_ids`, in no
//! particular order (sorting millions of matches by position cost more than reading them). An id can occur more
//! than once: older versions of a row that an UPDATE rewrote keep it.
std::vector<std::pair<int64_t, int64_t>> ReadPositionsOfRowIds(duckdb::DatabaseInstance &db, const StoredFile &file,
                                                               const std::vector<int64_t> &row_ids);

//! The number of row groups of a Parquet file (from its footer).
int64_t ReadRowGroupCount(duckdb::DatabaseInstance &db, const StoredFile &file);

//! Positions (file row numbers) of a partial data file whose rows were inserted after `snapshot_id`.
std::vector<int64_t> ReadRowsAfterSnapshot(duckdb::DatabaseInstance &db, const StoredFile &file,
                                           int64_t snapshot_id);

} // namespace inlake

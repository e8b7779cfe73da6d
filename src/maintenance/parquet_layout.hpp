//===----------------------------------------------------------------------===//
// ParquetLayout: how a data file stores its columns, read from its footer.
//
// Compaction copies rows of several files into one, column by column, without
// decoding them into the table's current types (a file written before an
// ALTER keeps its older columns, a column inlake stores encoded stays
// encoded). Files can be copied into one file only when they store the same
// columns the same way: ReadParquetLayouts gives each file a signature that
// is equal exactly then. It covers every column's field id and physical
// layout (Parquet type and annotations, nested structure, child names) and
// leaves out top-level names (readers match columns by field id) and the
// hidden row id and snapshot columns (the copy computes those for every row).
//
// A file whose columns (or nested fields) lack field ids, or whose nesting is
// not the standard three-level form DuckDB writes, is not `mergeable`.
//===----------------------------------------------------------------------===//
#pragma once

#include "common/lake_column.hpp"
#include "read/known_file_read.hpp"

#include <set>
#include <string>
#include <vector>

namespace inlake {

class InternalConnection;

struct ParquetLayout {
	//! The stored top-level columns in file order, hidden ones left out: the name in the file, the type DuckDB
	//! reads it as, the field id as column_id, and nested fields as children (LIST: "element"; MAP: "key",
	//! "value"; STRUCT: its fields), each with its field id.
	std::vector<LakeColumn> columns;
	//! The file carries _ducklake_internal_row_id / _ducklake_internal_snapshot_id
	bool has_row_ids = false;
	bool has_snapshots = false;
	bool mergeable = true;
	//! Field ids of columns annotated as JSON (read as VARCHAR when the json extension is not loaded: their
	//! type is JSON regardless, so a copy keeps the annotation)
	std::set<int64_t> json_field_ids;
	//! Equal for two files exactly when their rows can be copied into one file column by column
	std::string signature;
};

//! The layout of each file (same order as `files`), from each file's footer (encrypted files read with their
//! keys) and one read of the column types per distinct signature. `connection` must read known files
//! (read/known_file_read.hpp). Throws an IOException naming the file that cannot be read.
std::vector<ParquetLayout> ReadParquetLayouts(InternalConnection &connection, const std::vector<StoredFile> &files);

} // namespace inlake

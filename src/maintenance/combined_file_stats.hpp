//===----------------------------------------------------------------------===//
// The column statistics of a file made of other files' rows: combined from
// the catalog statistics of the sources (ducklake_file_column_stats), which
// describe the values as the table reads them (a column stored encoded in
// Parquet has its real bounds there, not the encoded ones).
//
// A column gets statistics only when every source has them; bounds only when
// every source that holds a non-NULL value has bounds. Values are compared as
// the column's type. When rows were left out (a rewrite drops deleted rows)
// the bounds still hold; the counts then describe the sources and are only
// upper bounds (readers use them to decide whether NULLs may occur).
//===----------------------------------------------------------------------===//
#pragma once

#include "common/lake_column.hpp"
#include "metadata/metadata_records.hpp"
#include "write/parquet_file_writer.hpp"

#include <vector>

namespace inlake {

//! `columns`: the table's columns (types for comparing bounds; statistics of other column ids are dropped).
std::vector<WrittenColumnStats> CombineFileStats(const std::vector<LakeColumn> &columns,
                                                 const std::vector<const DataFileRecord *> &sources);

} // namespace inlake

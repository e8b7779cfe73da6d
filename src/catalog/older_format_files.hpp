//===----------------------------------------------------------------------===//
// What migrating an older catalog needs to know about its data files and the
// catalog tables cannot tell: which files carry their rows' ids in the file
// (_ducklake_internal_row_id). Before format 1.0 a file an UPDATE wrote held
// the ids of the rows it replaced that way, with nothing in the catalog to
// say so; format 1.0 marks such a file with partial_max (its begin snapshot,
// as inlake's own UPDATE writes it). Only the Parquet footers are read.
//===----------------------------------------------------------------------===//
#pragma once

#include "metadata/metadata_store.hpp"

#include "duckdb/main/database.hpp"

#include <string>
#include <vector>

namespace inlake {

//! The ids of the data files of an older catalog that embed row ids but have no partial_file_info;
//! `data_path` is the lake's data path (with its trailing '/'). Throws naming the problem when a file's
//! footer cannot be read.
std::vector<int64_t> DataFilesWithEmbeddedRowIds(duckdb::DatabaseInstance &db, MetadataStore &store,
                                                 const std::string &data_path);

} // namespace inlake

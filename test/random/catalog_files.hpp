//===----------------------------------------------------------------------===//
// Catalog files: the data and delete files a lake's catalog references, and the
// files actually under its data path.
//
// Contract: ReferencedFiles resolves every row of ducklake_data_file and
// ducklake_delete_file (live or ended: all rows) to an absolute path, relative
// paths through the table's and schema's paths and the lake's data_path, as the
// DuckLake spec says (a relative data_path from the catalog file's folder). MissingFiles lists the referenced paths that do not exist.
// FilesOnDisk lists the regular files under the data path.
//===----------------------------------------------------------------------===//
#pragma once

#include "sql_session.hpp"

#include <set>
#include <string>
#include <vector>

namespace inlake_random {

//! Throws std::runtime_error when the catalog cannot be read.
std::set<std::string> ReferencedFiles(SqlSession &lake, const std::string &metadata_catalog);
std::vector<std::string> MissingFiles(const std::set<std::string> &referenced);
std::set<std::string> FilesOnDisk(const std::string &data_path);

} // namespace inlake_random

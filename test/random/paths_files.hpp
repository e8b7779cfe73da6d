//===----------------------------------------------------------------------===//
// Paths files: the file-system side of the path workload. User files named
// like lake files, the inventory of everything outside the lake, and the
// files the lake's catalog names.
//
// Contract: PlantUserFile writes `ducklake-<uuid>.parquet` (random bytes, a
// random size) into a folder, creating it. ListFiles walks a folder without
// following symbolic links and lists every regular file with its size and
// every folder (size -1), leaving out the `excluded` folders (with what is
// under them) and files. DiffFiles describes how two listings differ ("" when
// they are equal). LakeFiles resolves the catalog's data and delete file rows
// (all snapshots) and the files scheduled for deletion against `data_path`
// (the harness's own absolute idea of the data path, not the recorded text).
//===----------------------------------------------------------------------===//
#pragma once

#include "rng.hpp"
#include "sql_session.hpp"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace inlake_random {

using FileSizes = std::map<std::string, int64_t>;

std::string LakeFileName(Rng &rng);
//! Writes a user file into `folder`; returns its path.
std::string PlantUserFile(Rng &rng, const std::string &folder);
FileSizes ListFiles(const std::string &folder, const std::vector<std::string> &excluded);
std::string DiffFiles(const FileSizes &before, const FileSizes &after);

struct LakeFileSet {
	//! Data and delete files of any snapshot.
	std::set<std::string> referenced;
	std::set<std::string> scheduled;
};
//! Throws std::runtime_error when the catalog cannot be read.
LakeFileSet LakeFiles(SqlSession &lake, const std::string &alias, const std::string &data_path);
//! The regular files under `folder` (recursive), normalised.
std::set<std::string> FilesUnder(const std::string &folder);

} // namespace inlake_random

//===----------------------------------------------------------------------===//
// Catalog paths: a schema's path is relative to the data path, a table's to
// its schema's, a file's to its table's, each only when its path_is_relative
// flag says so (otherwise it is a full path of its own).
//===----------------------------------------------------------------------===//
#pragma once

#include <string>

namespace inlake {

inline std::string ResolveLakePath(const std::string &base, const std::string &path, bool relative) {
	return relative ? base + path : path;
}

//! The folder a local file path lives in, with its trailing '/' ("" when it has none).
inline std::string ParentFolder(const std::string &path) {
	auto slash = path.find_last_of('/');
	return slash == std::string::npos ? std::string() : path.substr(0, slash + 1);
}

} // namespace inlake

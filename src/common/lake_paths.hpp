//===----------------------------------------------------------------------===//
// Catalog paths: a schema's path is relative to the data path, a table's to
// its schema's, a file's to its table's, each only when its path_is_relative
// flag says so (otherwise it is a full path of its own).
//
// Local paths are compared and stored only in one spelling: absolute, with
// "//", "/./" and "/../" folded (LexicallyNormal). Where a symbolic link may
// make two spellings name one file, CanonicalLocalPath asks the operating
// system. URLs (s3://..., anything with "scheme://") are kept as written: an
// object store's "a//b" is not "a/b".
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

//! `path` with a trailing '/' ("" stays "").
std::string WithTrailingSlash(const std::string &path);

//! True for a URL ("s3://bucket/x", "https://..."): a path with a scheme, which is never local. A file: URL is
//! local (see WithoutFileScheme).
bool IsUrlPath(const std::string &path);

//! A file: URL ("file:///x", "file://localhost/x") as the plain local path it names; anything else unchanged.
std::string WithoutFileScheme(const std::string &path);

//! An absolute local path (or file: URL) with "//", "/./" and "/../" folded (".." never climbs above "/"),
//! keeping a trailing '/' when it had one. A relative path or a URL comes back unchanged.
std::string LexicallyNormal(const std::string &path);

//! A local path made absolute against `base_folder` (absolute, ending in '/') when relative, then LexicallyNormal.
//! A URL comes back unchanged. "~" must have been expanded before (DuckDB's FileSystem::ExpandPath).
std::string AbsoluteLocalPath(const std::string &path, const std::string &base_folder);

//! True when `path` is `folder` itself or lies below it (both in one spelling; `folder` ends in '/').
bool PathIsUnder(const std::string &path, const std::string &folder);

//! The local path as the operating system resolves it (symbolic links followed, see realpath(3)); the part
//! that does not exist yet is appended to the longest existing prefix's canonical path. The input is absolute
//! and LexicallyNormal; a trailing '/' is kept.
std::string CanonicalLocalPath(const std::string &path);

} // namespace inlake

//===----------------------------------------------------------------------===//
// SQL names: how a statement template becomes the lake's or the native side's
// statement. The lake is attached as `l`; its tables are l.t1 and l.t2, the
// native tables t1 and t2 in the native database's default schema.
//===----------------------------------------------------------------------===//
#pragma once

#include <string>

namespace inlake_random {

extern const char *const LAKE_ALIAS;

std::string LakeSql(const std::string &sql);
std::string NativeSql(const std::string &sql);
//! Every occurrence of `from` in `text` replaced by `to`.
std::string ReplaceAll(std::string text, const std::string &from, const std::string &to);

} // namespace inlake_random

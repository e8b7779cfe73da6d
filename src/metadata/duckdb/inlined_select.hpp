//===----------------------------------------------------------------------===//
// The SELECT list that reads a table's current columns out of one of its
// inlined tables: the same name as is, a renamed or retyped column through
// its old name (cast), a column added later as its default (or NULL).
//===----------------------------------------------------------------------===//
#pragma once

#include "metadata/metadata_records.hpp"

#include <string>

namespace inlake {

std::string InlinedSelectList(const InlinedSource &source);

} // namespace inlake

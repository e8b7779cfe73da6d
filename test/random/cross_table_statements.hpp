//===----------------------------------------------------------------------===//
// Cross-table statements: a statement on one table that reads the other.
//
// Contract: returns a template over {t1} and {t2} that keeps `k` unique in the
// written table (rows copied over keep their key and are only inserted when
// the key is absent there). Columns are paired only when their types are
// equal, so no cast can fail on one row and not another.
//===----------------------------------------------------------------------===//
#pragma once

#include "dml_statements.hpp"

namespace inlake_random {

std::string CrossTableStatement(TableModel &target, const TableModel &source,
                                const std::vector<int64_t> &source_keys, DmlContext &ctx, std::string &label);

} // namespace inlake_random

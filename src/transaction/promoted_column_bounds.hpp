//===----------------------------------------------------------------------===//
// A table's bounds after ALTER TABLE ... ALTER c TYPE DOUBLE of a FLOAT
// column: ducklake_table_column_stats holds them as the FLOAT's text ("0.1"),
// which read as a DOUBLE is another value (0.1 is not 0.100000001490116...),
// so the bound would no longer bound. The commit of the type change rewrites
// them as the DOUBLE values they stand for (nested FLOAT fields included).
// The per-file statistics keep the FLOAT text (inlake's reader compares FLOAT
// files exactly; see README).
//===----------------------------------------------------------------------===//
#pragma once

#include "metadata/metadata_store.hpp"

namespace inlake {

//! Rewrites the bounds of table `table_id`'s columns that were FLOAT in `before` and are DOUBLE in `after`.
void RewritePromotedBounds(const std::vector<LakeColumn> &before, const std::vector<LakeColumn> &after,
                           int64_t table_id, MetadataWriteTxn &write);

} // namespace inlake

//===----------------------------------------------------------------------===//
// Committing a compaction (see maintenance/table_compaction.hpp): registers
// the new data files (and a merge's partial delete files), then
//  * merge: removes the replaced data files and every delete file of theirs
//    from the catalog and schedules them for deletion: the new files hold the
//    same rows with the same row ids and insert snapshots, and the deleted
//    ones with their delete snapshots, so every snapshot reads them as before;
//  * rewrite: ends the replaced files at this snapshot, where the new files
//    (without the deleted rows) begin; expiry removes the old ones later.
// The snapshot records compacted_table:<id>, which the change feed reads as
// "rows moved", not as deletions and insertions.
//
// A replaced file another transaction ended, removed or deleted rows from
// (delete file or inlined deletion) after this transaction's snapshot is a
// conflict; so is a compacted table this transaction also wrote to.
//===----------------------------------------------------------------------===//
#pragma once

#include "transaction/table_data_commit.hpp"

namespace inlake {

void CommitCompaction(TableCommitContext &context, TableCompaction &compaction, int64_t &next_file_id);

} // namespace inlake

//===----------------------------------------------------------------------===//
// Committing a flush of inlined data (see maintenance/inlined_flush.hpp):
// registers the flushed data files (begin_snapshot = their oldest row's
// snapshot, partial_max = the newest, so time travel keeps working), their
// partial delete files and the merged delete files, then removes the flushed
// rows and deletions from the catalog. Another transaction having deleted a
// flushed row, or replaced a flushed data file's delete file, after this
// transaction's snapshot is a conflict. The flush is committed before the
// transaction's other changes of the table, which may delete flushed rows:
// those deletions then go to the flushed files (flushed_rows.hpp).
//===----------------------------------------------------------------------===//
#pragma once

#include "transaction/table_data_commit.hpp"

namespace inlake {

//! The row of a partial delete file written for data file `data_file_id` (a flush's or a merge's), holding
//! `count` deletions made in snapshots min_snapshot..max_snapshot: it begins at the oldest of them.
DeleteFileRecord PartialDeleteRecord(int64_t table_id, int64_t data_file_id, const WrittenDataFile &file,
                                     int64_t count, int64_t min_snapshot, int64_t max_snapshot,
                                     int64_t &next_file_id);

void CommitFlush(TableCommitContext &context, TableFlush &flush, const std::vector<LakeColumn> &columns,
                 int64_t &next_file_id);

} // namespace inlake

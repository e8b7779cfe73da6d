//===----------------------------------------------------------------------===//
// When each deleted row of a committed data file was deleted.
//
// A delete file holds every earlier deletion of its data file too, and a
// plain one records only its own begin snapshot for all of them, so each
// position takes the earliest snapshot any delete file of the file's history
// gives it (or an inlined deletion). A flush writes these into partial
// delete files; a merge carries them into the merged file's.
//===----------------------------------------------------------------------===//
#pragma once

#include "metadata/metadata_records.hpp"

#include <map>
#include <string>
#include <vector>

namespace duckdb {
class ClientContext;
}

namespace inlake {

class LakeTransaction;

//! Records that `position` was deleted in `snapshot` unless an earlier deletion snapshot is known for it.
void MergeEarliestDelete(std::map<int64_t, int64_t> &deletes, int64_t position, int64_t snapshot);

//! position -> delete snapshot of every position of `file` deleted through a delete file that began at or before
//! the transaction's snapshot (inlined deletions are not included: merge them with MergeEarliestDelete).
std::map<int64_t, int64_t> DeleteFileDeletes(duckdb::ClientContext &context, LakeTransaction &transaction,
                                             const DataFileRecord &file, const std::string &table_path);

} // namespace inlake

//===----------------------------------------------------------------------===//
// The commit's conflict check: what a transaction changes, against the changes_made of the
// commits made since its snapshot (read under the commit's lock, before anything is written).
//
// A conflict throws a TransactionException naming the other commit's snapshot and what it
// did; the commit then writes nothing and is not retried. Names are claimed per schema by the
// tables and views a transaction creates or renames: a concurrent commit that created, renamed
// or altered an object so that the name is taken is a conflict (checked in the catalog
// database when changes_made cannot tell, as for a concurrent rename).
//===----------------------------------------------------------------------===//
#pragma once

#include "metadata/metadata_store.hpp"

#include <vector>

namespace inlake {

class LakeTransaction;

void CheckCommitConflicts(LakeTransaction &transaction, MetadataWriteTxn &write,
                          const std::vector<SnapshotChangesRecord> &others);

} // namespace inlake

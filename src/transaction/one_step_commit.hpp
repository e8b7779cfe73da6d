//===----------------------------------------------------------------------===//
// TryOneStepCommit: a transaction that only inserted inlined rows into tables
// that already hold rows, committed as one InlinedInsertCommit where the
// store can write it in one step (PostgreSQL). Anything else, or a store that
// cannot, or a check that fails under the lock, leaves the commit to
// CommitLakeTransaction's ordinary path, which writes the same rows.
//===----------------------------------------------------------------------===//
#pragma once

#include "transaction/lake_commit.hpp"

namespace inlake {

//! True when the transaction was committed (`result` says which snapshot); false when nothing was written.
bool TryOneStepCommit(LakeTransaction &transaction, CommittedSnapshot &result);

} // namespace inlake

//===----------------------------------------------------------------------===//
// CommitLakeTransaction: writes a transaction's LocalChanges as exactly one
// new snapshot, in one catalog-database transaction.
//
// Inside that transaction it reads the latest snapshot; when other writers
// committed since this transaction's snapshot, their changes are checked
// against ours (same names created, tables dropped or altered that we
// write) and a conflict aborts with a TransactionException, leaving nothing
// behind. Ids (schemas, tables, files, row ids) are assigned here, from the
// latest snapshot, so concurrent inserts into one table never collide.
//===----------------------------------------------------------------------===//
#pragma once

namespace inlake {

class LakeTransaction;

void CommitLakeTransaction(LakeTransaction &transaction);

} // namespace inlake

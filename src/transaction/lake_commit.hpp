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

#include "metadata/metadata_store.hpp"

#include "duckdb/main/client_context.hpp"

namespace inlake {

class LakeTransaction;

//! What a commit read and wrote: the latest snapshot it found (its parent) and the one it created.
struct CommittedSnapshot {
	int64_t parent_snapshot_id = -1;
	//! -1: the commit created no snapshot
	int64_t snapshot_id = -1;
};

//! `retry` says how long to wait for other writers' hold on the catalog database.
CommittedSnapshot CommitLakeTransaction(LakeTransaction &transaction, const WriteRetryPolicy &retry);

//! The settings ducklake_max_retry_count, ducklake_retry_wait_ms and ducklake_retry_backoff; an error naming the
//! setting when a value is out of range.
WriteRetryPolicy WriteRetryPolicyFromSettings(duckdb::ClientContext &context);

} // namespace inlake

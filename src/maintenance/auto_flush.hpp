//===----------------------------------------------------------------------===//
// The automatic flush after a commit (opt-in: the options
// inlined_flush_threshold, in rows, and inlined_flush_threshold_bytes, an
// estimate of the bytes the catalog stores for the inlined values; both at lake, schema or table scope, the
// most specific one winning; unset or 0: off, which is the default, as
// DuckLake's auto_compact does not flush automatically either).
//
// Contract:
//  * After a lake transaction committed, FindAutoFlushTargets picks the tables
//    it inserted inlined rows into (tables it created are left out) whose
//    auto_compact is not false and whose inlined tables now hold more rows (or
//    bytes) than their threshold. It never throws: a table it cannot measure
//    is left out (and logged).
//  * ScheduleAutoFlush runs each target's flush once the whole DuckDB
//    transaction has committed (ClientContextState::TransactionCommit), in a
//    transaction of its own on a connection of its own: the
//    ducklake_flush_inlined_data of that one table. The user's commit is
//    durable by then and never fails for it: a flush that fails (a data path
//    that cannot be written, a conflict with a concurrent writer) is rolled
//    back by its own statement, logged as a warning and forgotten; the next
//    commit above the threshold tries again.
//  * One flusher per table at a time in a process: a commit that finds its
//    table being flushed already skips it (without waiting). Across processes
//    two flushes of one table cannot both commit (the second conflicts, see
//    commit_conflicts.cpp) and the loser is skipped the same way.
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace duckdb {
class ClientContext;
}

namespace inlake {

class LakeTransaction;

struct AutoFlushTarget {
	std::string lake;
	std::string schema;
	std::string table;
	int64_t table_id = -1;
	//! Identifies the catalog database across lake names (for the one-flusher-per-table guard)
	std::string store;
	//! The measured backlog and the threshold it passed (for the log)
	std::string reason;
};

//! The tables the committed transaction should flush now (empty when none, or when anything goes wrong).
std::vector<AutoFlushTarget> FindAutoFlushTargets(duckdb::ClientContext &context, LakeTransaction &transaction);
//! Flushes the targets after the context's transaction has committed (rolled back: forgotten).
void ScheduleAutoFlush(duckdb::ClientContext &context, std::vector<AutoFlushTarget> targets);

} // namespace inlake

//===----------------------------------------------------------------------===//
// DifferentialRun: one seed of the randomized differential test.
//
// Contract: opens a lake session (a fresh lake under `dir`, attached as `l`
// with a random inlining limit) and a native session, runs `statements` steps
// of the Generator on both, and after every step checks: both sides succeeded
// or both failed (error_policy's allow-list aside), no INTERNAL error, every
// table the step may have changed is equal on both sides (DESCRIBE schema and
// the multiset of rows), committed changes got a new snapshot, rowids are
// stable (Lineage). Time travel to every retained snapshot is checked after
// flushes, expiry, re-attaches and restarts (a sample) and at the end (all),
// then again after a final re-attach and flush. The first failure stops the
// seed; Run returns it with the step index and statement. A compaction
// (merge, rewrite, CHECKPOINT: compaction_check.cpp) must also leave every
// retained snapshot (with rowid and snapshot_id) and the change feed exactly
// as it was; after one, every retained snapshot and the change feed are
// checked against the history.
//===----------------------------------------------------------------------===//
#pragma once

#include "features.hpp"
#include "generator.hpp"
#include "history.hpp"
#include "lake_backend.hpp"
#include "lineage.hpp"
#include "sql_session.hpp"
#include "table_image.hpp"

#include <memory>
#include <set>
#include <string>

namespace inlake_random {

struct RunConfig {
	uint64_t seed = 1;
	int statements = 60;
	FeatureSet features;
	Backend backend = Backend::DUCKDB;
	std::string dir;
	bool verbose = false;
	//! Self-test fault: "", "content", "error", "history", "rowid".
	std::string fault;
	//! Snapshots checked by a time travel check in the middle of a seed.
	int time_travel_sample = 5;
	//! Percent of autocommit steps that compact files (GeneratorConfig::compaction_percent).
	int compaction_percent = 4;
	//! Percent of steps that change a table's partitioning (GeneratorConfig::partition_percent).
	int partition_percent = 3;
	//! Low inlining limits (0..4), so that inserts and flushes make many small Parquet files to merge.
	bool small_files = false;
};

//! How many compactions a seed ran, and how many of them did something (returned rows).
struct CompactionStats {
	int64_t merges = 0;
	int64_t merges_effective = 0;
	int64_t rewrites = 0;
	int64_t rewrites_effective = 0;
	int64_t checkpoints = 0;
};

struct RunResult {
	bool ok = true;
	std::string failure;
	int64_t steps = 0;
	CompactionStats stats;
};

//! What a compaction must leave unchanged: count:sum(hash(row)) of `sql`, while all of `snapshots` are retained.
struct Fingerprints {
	struct Entry {
		std::string what;
		std::string sql;
		std::set<int64_t> snapshots;
		std::string sums;
	};
	std::vector<Entry> entries;
};

//! The step is a merge, a rewrite or a CHECKPOINT (compaction_check.cpp).
bool IsCompaction(const Step &step);

class DifferentialRun {
public:
	explicit DifferentialRun(RunConfig config);
	RunResult Run();

private:
	// differential_run.cpp: executing steps
	void Setup();
	bool Execute(const Step &step);
	bool ExecuteBoth(const Step &step);
	bool ExecuteLake(const Step &step);
	bool SkipForKnownDefect(const Step &step);
	bool ExecuteTransactionControl(const Step &step);
	bool Reattach(int limit, bool restart);
	bool RollbackBoth(const std::string &why);
	bool AfterStep(const Step &step, bool committed);
	void InjectFault(const Step &step, std::string &native_sql);
	bool Fail(const std::string &what);
	void Print(const std::string &text);
	// differential_checks.cpp: comparisons
	bool CompareTables(const std::vector<int> &tables);
	// table_bounds_check.cpp
	bool CheckTableBounds(int table);
	bool RecordCommit(bool rewrote_rows);
	bool CheckLineage(bool accept_changes);
	bool CheckTimeTravel(bool all);
	bool CheckTimeTravelRecord(const SnapshotRecord &record);
	bool CheckFilteredTimeTravel(const TableImage &expected, const std::string &from, const std::string &what);
	bool FinalChecks();
	// change_feed_check.cpp
	//! The whole retained range and `random_ranges` random ones.
	bool CheckChangeFeed(int random_ranges = 6);
	bool CheckChangeFeedRange(const SnapshotRecord &before, const SnapshotRecord &after, size_t table);
	// compaction_check.cpp
	std::set<int64_t> RetainedSnapshots();
	bool CaptureFingerprints(Fingerprints &fingerprints);
	bool CheckFingerprints(const Fingerprints &fingerprints);
	bool CheckCompactionResult(const Step &step, duckdb::MaterializedQueryResult &result);
	std::vector<ImageColumn> Columns(int table) const;
	std::vector<int> CreatedTables() const;

	RunConfig config;
	Rng check_rng;
	std::unique_ptr<SqlSession> lake;
	std::unique_ptr<SqlSession> native;
	std::unique_ptr<Generator> generator;
	CellDictionary cells;
	History history;
	Lineage lineage;
	std::vector<TableImage> native_images;
	int64_t step_index = 0;
	std::string current_statement;
	std::string failure;
	int attach_limit = 10;
	//! The lake writes Puffin deletion vectors (write_deletion_vectors)
	bool deletion_vectors = false;
	//! The lake was created ENCRYPTED: every Parquet file it writes has a key
	bool encrypted = false;
	//! An encrypted lake's files all have keys (a plain file in it is a finding)
	bool CheckEncryptedFiles();
	std::string time_zone;
	bool in_transaction = false;
	bool transaction_rewrote = false;
	bool expiry_since_check = false;
	bool fault_done = false;
	//! Taken before a compaction; checked once it committed (at COMMIT inside a transaction), dropped on ROLLBACK.
	std::unique_ptr<Fingerprints> pending_fingerprints;
	bool transaction_compacted = false;
	CompactionStats stats;
};

} // namespace inlake_random

//===----------------------------------------------------------------------===//
// Generator: the random workload, one Step at a time.
//
// Contract: given the seed, the feature set and the answers of `Access` (the
// keys of a table, read from the native side; the snapshots the lake
// retains), the sequence of steps is fully determined. The harness reports
// every outcome back (Applied / Aborted) so the models follow what committed:
// models of a transaction are dropped again when it rolls back.
//===----------------------------------------------------------------------===//
#pragma once

#include "features.hpp"
#include "rng.hpp"
#include "step.hpp"
#include "table_model.hpp"

#include <functional>
#include <set>
#include <vector>

namespace inlake_random {

struct GeneratorAccess {
	std::function<std::vector<int64_t>(int table)> keys;
	std::function<std::vector<int64_t>()> snapshots;
};

struct GeneratorConfig {
	int inlining_limit = 10;
	//! Crash mode: autocommit statements only (no explicit transactions, no restarts).
	bool autocommit_only = false;
	int max_table_rows = 5000;
	//! SELECT steps whose results are compared (the crash test has no native side to compare them with).
	bool queries = true;
	//! Percent of the autocommit steps that compact files (merge, rewrite or CHECKPOINT; feature "compaction"), and
	//! half that of the transactions that end in a merge or rewrite. Drawn from a generator of their own: the other
	//! steps of a seed are the same whatever the percentage.
	int compaction_percent = 4;
	//! No compaction before this step (a focused run first makes files to merge).
	int64_t compaction_from = 0;
	//! A fifth of the autocommit steps insert a few rows just above the inlining limit (a small Parquet file each).
	bool small_files = false;
	//! Percent of the steps (autocommit, and in transactions before any delete) that change the partitioning of a
	//! table (feature "partition"; 0: none, the crash test). Drawn from a generator of its own: the other steps of
	//! a seed are the same whatever the percentage.
	int partition_percent = 0;
};

class Generator {
public:
	Generator(uint64_t seed, const FeatureSet &features, GeneratorConfig config, GeneratorAccess access);

	Step Next();
	//! The step succeeded on every side it ran on.
	void Applied(const Step &step);
	//! The open transaction was rolled back (by a ROLLBACK step or after a failure).
	void Aborted();
	bool InTransaction() const {
		return in_transaction;
	}
	const std::vector<TableModel> &Tables() const {
		return tables;
	}
	int InliningLimit() const {
		return config.inlining_limit;
	}
	//! Continue from table models a previous process committed (crash rounds).
	void RestoreTables(std::vector<TableModel> restored);

private:
	Step NextInTransaction();
	Step NextTransactionStep();
	Step NextAutocommit();
	Step Dml(int table_index, int choice);
	Step Alter(int table_index);
	Step Cross();
	Step Select(int table_index);
	bool DmlEnabled(int choice, int table) const;
	bool QueriesOn() const;
	bool HasTable(int index) const;
	int PickTable();
	int64_t SmallCount();

	Step Compaction(bool in_transaction);

	Rng rng;
	Rng compaction_rng;
	Rng partition_rng;
	const FeatureSet &features;
	GeneratorConfig config;
	GeneratorAccess access;
	std::vector<TableModel> tables;
	std::vector<TableModel> tables_before_transaction;
	bool in_transaction = false;
	int transaction_left = 0;
	int64_t steps = 0;
	int64_t second_table_at = 0;
	//! Tables a statement of the open transaction deleted from (see the "txn-mixed-deletes" feature).
	std::set<int> deleted_in_transaction;
};

} // namespace inlake_random

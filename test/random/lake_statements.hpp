//===----------------------------------------------------------------------===//
// Lake statements: maintenance and configuration that only the lake has
// (flush, CHECKPOINT, snapshot expiry, file cleanup, set_option, SET SORTED BY,
// ducklake_merge_adjacent_files and ducklake_rewrite_data_files)
// and the lake's DETACH/ATTACH and restart.
//
// Contract: a lake statement never changes the table contents; the harness
// checks exactly that (and that time travel survives it). `{l}` stands for
// the lake alias. `retained` lists the snapshot ids the lake still has.
//===----------------------------------------------------------------------===//
#pragma once

#include "rng.hpp"
#include "step.hpp"
#include "table_model.hpp"

#include <vector>

namespace inlake_random {

Step FlushStep(const std::vector<TableModel> &tables, Rng &rng);
Step CheckpointStep();
//! ducklake_merge_adjacent_files (70%) or ducklake_rewrite_data_files of one created table, the schema or the whole
//! lake, with random max_compacted_files / min_file_size / max_file_size or delete_threshold (each sometimes left
//! out); `tables` filled with the index of the table it names, if any.
Step CompactionStep(const std::vector<TableModel> &tables, Rng &rng);
// TODO(add-data-files): once ducklake_add_data_files exists (it answers "not supported yet" in this build; it is
// being built on another branch), add a step that writes a Parquet file of the table's rows itself with a plain COPY
// (new keys, the native side inserts the same rows), registers it, and lets merges and rewrites meet it: such a file
// is never rewritten nor scheduled for deletion (table_compaction.hpp), so the checks must also find it unchanged.
//! Expiry by versions (a random subset of the retained ones, never the latest) or older_than => now().
Step ExpireStep(const std::vector<int64_t> &retained, Rng &rng);
Step CleanupStep();
Step SetOptionStep(const std::vector<TableModel> &tables, Rng &rng);
//! False when the table has no value column to sort by.
//! With `key_only` the sort column is the key k, which is never renamed or dropped.
bool SortedByStep(const TableModel &table, int index, Rng &rng, Step &step, bool key_only);
//! ALTER TABLE SET PARTITIONED BY one to three keys over the table's scalar columns (identity, bucket(N), and
//! year/month/day/hour on temporal columns), or RESET PARTITIONED BY; the model records the key columns.
//! `features` without "partition-nul" (while "nul" is on): VARCHAR columns are keys only through bucket(N).
Step PartitionedByStep(const TableModel &table, int index, Rng &rng, const FeatureSet &features);
Step ReattachStep(int limit);
Step RestartStep();

} // namespace inlake_random

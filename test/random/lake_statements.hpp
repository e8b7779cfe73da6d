//===----------------------------------------------------------------------===//
// Lake statements: maintenance and configuration that only the lake has
// (flush, CHECKPOINT, snapshot expiry, file cleanup, set_option, SET SORTED BY)
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
//! Expiry by versions (a random subset of the retained ones, never the latest) or older_than => now().
Step ExpireStep(const std::vector<int64_t> &retained, Rng &rng);
Step CleanupStep();
Step SetOptionStep(const std::vector<TableModel> &tables, Rng &rng);
//! False when the table has no value column to sort by.
//! With `key_only` the sort column is the key k, which is never renamed or dropped.
bool SortedByStep(const TableModel &table, int index, Rng &rng, Step &step, bool key_only);
Step ReattachStep(int limit);
Step RestartStep();

} // namespace inlake_random

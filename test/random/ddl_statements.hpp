//===----------------------------------------------------------------------===//
// DDL statements: CREATE TABLE and the ALTER TABLE shapes the lake supports.
//
// Contract: each function fills `step` (sql template, label, the table model
// after success, dropped column ids) or returns false when the table offers
// nothing to alter that way. Type changes are lossless widenings only (see
// WideningTargets); the key column k is never touched.
//===----------------------------------------------------------------------===//
#pragma once

#include "features.hpp"
#include "rng.hpp"
#include "step.hpp"
#include "table_model.hpp"

namespace inlake_random {

//! A new random table model named `name` with 1..max_columns value columns.
TableModel RandomTable(const std::string &name, int64_t first_key, int max_columns, Rng &rng,
                       const FeatureSet &features);

//! One random ALTER TABLE of table `index`; false when none applies.
bool RandomAlter(const TableModel &table, int index, Rng &rng, const FeatureSet &features, Step &step);

} // namespace inlake_random

//===----------------------------------------------------------------------===//
// DML statements: INSERT, DELETE, UPDATE and MERGE templates for one table.
//
// Contract: each function returns a statement template ({t1}/{t2} for the
// tables) whose effect depends only on the table contents, never on scan
// order (no LIMIT without ORDER BY, no random()). `keys` is the table's
// current key set (read from the native side, which equals the lake's).
// Inserts take fresh keys from the model's counter; nothing updates `k`.
//===----------------------------------------------------------------------===//
#pragma once

#include "features.hpp"
#include "rng.hpp"
#include "table_model.hpp"

#include <string>
#include <vector>

namespace inlake_random {

struct DmlContext {
	Rng &rng;
	const FeatureSet &features;
};

std::string Placeholder(const TableModel &table);

std::string InsertValues(TableModel &table, int64_t rows, DmlContext &ctx);
std::string InsertRange(TableModel &table, int64_t rows, DmlContext &ctx);
std::string DeleteKeys(const TableModel &table, const std::vector<int64_t> &keys, int64_t count, DmlContext &ctx);
std::string DeleteWhere(const TableModel &table, const std::vector<int64_t> &keys, DmlContext &ctx);
std::string UpdateKeys(const TableModel &table, const std::vector<int64_t> &keys, int64_t count, DmlContext &ctx);
std::string UpdateWhere(const TableModel &table, const std::vector<int64_t> &keys, DmlContext &ctx);
std::string MergeValues(TableModel &table, const std::vector<int64_t> &keys, int64_t rows, DmlContext &ctx);

//! A condition selecting part of the rows: on the key or (ValueCondition) on a value column.
std::string RowCondition(const TableModel &table, const std::vector<int64_t> &keys, const std::string &prefix,
                         DmlContext &ctx);
//! A Predicate (filter_predicates.hpp) on a value column, sometimes ANDed or ORed with one on another column;
//! the table must have value columns.
std::string ValueCondition(const TableModel &table, const std::string &prefix, DmlContext &ctx);
//! `count` distinct keys out of `keys`, in random order.
std::vector<int64_t> PickKeys(const std::vector<int64_t> &keys, int64_t count, Rng &rng);
std::string KeyList(const std::vector<int64_t> &keys);

} // namespace inlake_random

//===----------------------------------------------------------------------===//
// Lineage: the row lineage invariant. Every row is identified by its key k; the
// rowid the lake gave it when it was first committed must never change
// (UPDATE of other columns, flush, CHECKPOINT, re-attach, restart), and rowids
// are unique within a table.
//
// Contract: Check reads `SELECT k, rowid` from the lake table (committed state
// only, outside transactions) and returns "" or a description of the first
// violations. With `accept_changes` (a commit that rewrote rows while the
// "rowid" feature is excluded, defect 7) changed rowids are adopted instead. Only keys of the table's own range
// [own_low, own_high) are tracked: keys copied over from the other table (cross-table inserts and merges) can come
// back after a delete as new rows, so their rowid may legitimately differ.
//===----------------------------------------------------------------------===//
#pragma once

#include "sql_session.hpp"

#include <string>
#include <unordered_map>
#include <vector>

namespace inlake_random {

class Lineage {
public:
	std::string Check(SqlSession &lake, int table, const std::string &lake_table, bool accept_changes, int64_t own_low,
	                  int64_t own_high);
	//! Self-test fault: pretend a row had a different rowid.
	void Corrupt(int table);

private:
	std::vector<std::unordered_map<int64_t, int64_t>> rowids;
};

} // namespace inlake_random

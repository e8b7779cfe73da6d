//===----------------------------------------------------------------------===//
// Step: one unit of the random workload.
//
// Contract: BOTH steps are SQL templates run on the lake and on the native
// side; {t1} and {t2} stand for the tables (l.t1 / t1). LAKE steps run on the
// lake only ({l} stands for the lake alias). BEGIN/COMMIT/ROLLBACK run on both
// sides; a BOTH step that `compares_result` is a read (SELECT) whose results
// must be equal on both sides and that changes nothing. REATTACH (DETACH + ATTACH) and RESTART (a new DuckDB instance) act on
// the lake only. A step carries the table models it leaves behind when it
// succeeds (ALTER, CREATE) so the generator never guesses.
//===----------------------------------------------------------------------===//
#pragma once

#include "table_model.hpp"

#include <string>
#include <vector>

namespace inlake_random {

enum class StepKind { BOTH, LAKE, BEGIN, COMMIT, ROLLBACK, REATTACH, RESTART };

//! (new actions go at the end: the crash log stores them as numbers)
enum class LakeAction { NONE, FLUSH, CHECKPOINT, EXPIRE, CLEANUP, SET_OPTION, SORTED_BY, MERGE, REWRITE, PARTITIONED_BY };

struct Step {
	StepKind kind = StepKind::BOTH;
	LakeAction action = LakeAction::NONE;
	//! Short name of the statement shape ("insert-small", "flush", ...).
	std::string label;
	std::string sql;
	//! Indexes of the tables the step may change (for the comparison after it).
	std::vector<int> tables;
	//! The step rewrites rows in place (UPDATE, MERGE): rowids may change when "rowid" is excluded.
	bool rewrites_rows = false;
	//! A read-only query: the lake's result must equal the native one (row by row, as text).
	bool compares_result = false;
	//! Table models after the step succeeds (index, model); empty when it changes no model.
	std::vector<std::pair<int, TableModel>> models_after;
	//! REATTACH: the inlining limit of the new ATTACH.
	int attach_limit = 0;
	//! EXPIRE by versions: the versions (empty for older_than => now(), which keeps only the latest snapshot).
	std::vector<int64_t> expire_versions;
};

} // namespace inlake_random

//===----------------------------------------------------------------------===//
// The plans that bring the whole deleted row to a DELETE or a MERGE with
// RETURNING.
//
// DuckDB's binder gives a DELETE only the row id (and the columns its WHERE
// reads), and a MERGE's actions the merge's input; DuckDB's own tables fetch a
// deleted row by its row id from storage. A lake table's rows live in Parquet
// files and inlined tables, so the plan joins them in instead: a scan of the
// table (every column and the row id, at the transaction's view, so the rows
// it inserted itself too) hash-joined on the row id with the statement's
// input, which is the join's build side:
//  * DELETE: a SEMI join. Its output, each row to delete once, is the
//    table's columns followed by the row id.
//  * MERGE: a RIGHT join keeps every input row (the ones to insert have no
//    row id), and a projection puts the merge's input columns first, where
//    the merge expects them, and the target row (NULLs when there is none)
//    after them.
// Each costs a scan of the whole table, only for statements with RETURNING.
//===----------------------------------------------------------------------===//
#pragma once

#include "duckdb/execution/physical_plan_generator.hpp"

namespace inlake {

class LakeTableEntry;

//! DELETE ... RETURNING: the rows of `table` whose row id is in column `row_id_index` of `plan`'s output
duckdb::PhysicalOperator &PlanDeletedRows(duckdb::ClientContext &context, duckdb::PhysicalPlanGenerator &planner,
                                          LakeTableEntry &table, duckdb::PhysicalOperator &plan,
                                          duckdb::idx_t row_id_index);

//! MERGE ... RETURNING with a DELETE action: `plan`'s output followed by the table's columns of the target row
//! whose row id is in column `row_id_index` (NULLs where it is NULL)
duckdb::PhysicalOperator &PlanWithTargetRows(duckdb::ClientContext &context, duckdb::PhysicalPlanGenerator &planner,
                                             LakeTableEntry &table, duckdb::PhysicalOperator &plan,
                                             duckdb::idx_t row_id_index);

} // namespace inlake

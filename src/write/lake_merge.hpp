//===----------------------------------------------------------------------===//
// MERGE INTO a lake table: DuckDB's own PhysicalMergeInto drives the merge,
// with the lake's operators as the actions (LakeInsert for NOT MATCHED THEN
// INSERT, LakeUpdate and LakeDelete for the matched branches), so a merge's
// small inserts and updates are inlined like any other statement's.
//
// MERGE ... RETURNING runs on one thread (as DuckDB's own MERGE does); each
// action returns the rows it changed, and PhysicalMergeInto adds the
// merge_action column. A DELETE action gets the whole target row joined into
// the merge's input (write/deleted_rows_plan.hpp).
//===----------------------------------------------------------------------===//
#pragma once

#include "duckdb/execution/physical_plan_generator.hpp"
#include "duckdb/planner/operator/logical_merge_into.hpp"

namespace inlake {

duckdb::PhysicalOperator &PlanLakeMergeInto(duckdb::ClientContext &context, duckdb::PhysicalPlanGenerator &planner,
                                            duckdb::LogicalMergeInto &op, duckdb::PhysicalOperator &plan);

} // namespace inlake

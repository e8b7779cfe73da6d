//===----------------------------------------------------------------------===//
// LakeDelete / LakeUpdate: the physical operators behind DELETE, UPDATE and
// the matched branches of MERGE INTO on a lake table.
//
// DELETE collects the row ids of the rows to delete and hands them to the
// transaction (the catalog learns at commit how each row is deleted: an
// inlined row gets its end snapshot, a Parquet row an inlined deletion or a
// delete file). UPDATE is a delete of the old row versions plus an insert of
// the new ones through a LakeRowSink, so small updates are inlined too; the
// binder is asked for every column of the row (BindUpdateConstraints).
//
// Both are parallel sinks: every thread adds the row ids it sees to one
// RowIdSet. An UPDATE expected to rewrite at least PARALLEL_WRITE_MIN_ROWS
// rows writes the new versions on every thread, each thread its own files
// (SharedRowSink); a smaller one on one thread, so it makes no more files
// than it needs.
//
// With RETURNING, UPDATE returns the new versions (it has every column; it
// then runs on one thread), DELETE the deleted rows: its input then carries
// the whole row, which the plan joins in from a scan of the table
// (write/deleted_rows_plan.hpp).
//===----------------------------------------------------------------------===//
#pragma once

#include "write/lake_write_operator.hpp"

#include "duckdb/execution/physical_operator.hpp"
#include "duckdb/execution/physical_plan_generator.hpp"
#include "duckdb/planner/operator/logical_delete.hpp"
#include "duckdb/planner/operator/logical_update.hpp"

namespace inlake {

class LakeTableEntry;

class LakeDelete : public LakeWriteOperator {
public:
	LakeDelete(duckdb::PhysicalPlan &plan, LakeTableEntry &table, duckdb::idx_t row_id_index,
	           duckdb::idx_t estimated_cardinality);

	LakeTableEntry *table;
	duckdb::idx_t row_id_index;
	//! RETURNING: the input's column where the deleted row (the table's columns) starts
	duckdb::idx_t returned_row_index = 0;

public:
	duckdb::unique_ptr<duckdb::GlobalSinkState> GetGlobalSinkState(duckdb::ClientContext &context) const override;
	duckdb::unique_ptr<duckdb::LocalSinkState> GetLocalSinkState(duckdb::ExecutionContext &context) const override;
	duckdb::SinkResultType Sink(duckdb::ExecutionContext &context, duckdb::DataChunk &chunk,
	                            duckdb::OperatorSinkInput &input) const override;
	duckdb::SinkFinalizeType Finalize(duckdb::Pipeline &pipeline, duckdb::Event &event,
	                                  duckdb::ClientContext &context,
	                                  duckdb::OperatorSinkFinalizeInput &input) const override;
	bool ParallelSink() const override {
		return true;
	}

protected:
	duckdb::idx_t RowCount(duckdb::GlobalSinkState &state) const override;
	ReturnedRows &Returned(duckdb::GlobalSinkState &state) const override;
};

class LakeUpdate : public LakeWriteOperator {
public:
	LakeUpdate(duckdb::PhysicalPlan &plan, LakeTableEntry &table, duckdb::vector<duckdb::PhysicalIndex> columns,
	           duckdb::vector<duckdb::unique_ptr<duckdb::Expression>> expressions,
	           duckdb::vector<duckdb::unique_ptr<duckdb::Expression>> bound_defaults,
	           duckdb::idx_t estimated_cardinality);

	LakeTableEntry *table;
	//! Table column updated by each expression
	duckdb::vector<duckdb::PhysicalIndex> columns;
	duckdb::vector<duckdb::unique_ptr<duckdb::Expression>> expressions;
	duckdb::vector<duckdb::unique_ptr<duckdb::Expression>> bound_defaults;
	//! Every thread writes new row versions (a statement expected to rewrite PARALLEL_WRITE_MIN_ROWS or more)
	bool parallel = false;
	//! The input's row id column (unset: the last one)
	duckdb::optional_idx row_id_index;

public:
	duckdb::unique_ptr<duckdb::GlobalSinkState> GetGlobalSinkState(duckdb::ClientContext &context) const override;
	duckdb::unique_ptr<duckdb::LocalSinkState> GetLocalSinkState(duckdb::ExecutionContext &context) const override;
	duckdb::SinkResultType Sink(duckdb::ExecutionContext &context, duckdb::DataChunk &chunk,
	                            duckdb::OperatorSinkInput &input) const override;
	duckdb::SinkCombineResultType Combine(duckdb::ExecutionContext &context,
	                                      duckdb::OperatorSinkCombineInput &input) const override;
	bool ParallelSink() const override {
		return parallel;
	}
	duckdb::SinkFinalizeType Finalize(duckdb::Pipeline &pipeline, duckdb::Event &event,
	                                  duckdb::ClientContext &context,
	                                  duckdb::OperatorSinkFinalizeInput &input) const override;

protected:
	duckdb::idx_t RowCount(duckdb::GlobalSinkState &state) const override;
	ReturnedRows &Returned(duckdb::GlobalSinkState &state) const override;
};

duckdb::PhysicalOperator &PlanLakeDelete(duckdb::ClientContext &context, duckdb::PhysicalPlanGenerator &planner,
                                         duckdb::LogicalDelete &op, duckdb::PhysicalOperator &plan);
duckdb::PhysicalOperator &PlanLakeUpdate(duckdb::ClientContext &context, duckdb::PhysicalPlanGenerator &planner,
                                         duckdb::LogicalUpdate &op, duckdb::PhysicalOperator &plan);

} // namespace inlake

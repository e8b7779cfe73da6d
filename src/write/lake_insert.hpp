//===----------------------------------------------------------------------===//
// LakeInsert: the physical operator behind INSERT and CREATE TABLE AS on a
// lake table.
//
// Two plans, both returning the number of rows inserted like DuckDB's own
// insert, and registering what they wrote with the transaction at the end
// (nothing reaches the catalog before COMMIT):
//  * parallel: for a statement expected to fill at least a row group, from a
//    source with batch indexes, into an unpartitioned table. DuckDB's
//    PhysicalBatchCopyToFile writes the files on every thread, in insertion
//    order, through the ordered lake copy function (write/ordered_lake_copy);
//    LakeInsert, its parent, registers the result of their InsertTarget.
//  * single-threaded: LakeInsert sinks the rows itself into a LakeRowSink.
//  * unordered (MERGE's inserts of many rows, and INSERTs of many rows into a
//    table with the per_thread_output option): LakeInsert is a parallel
//    sink, every thread writing its own files through a SharedRowSink.
// INSERT ... RETURNING takes the single-threaded plan and also keeps the
// rows it inserts, which it returns as its source.
//===----------------------------------------------------------------------===//
#pragma once

#include "write/lake_write_operator.hpp"

#include <memory>

#include "duckdb/execution/physical_operator.hpp"
#include "duckdb/execution/physical_plan_generator.hpp"
#include "duckdb/planner/operator/logical_create_table.hpp"
#include "duckdb/planner/operator/logical_insert.hpp"

namespace inlake {

class InsertTarget;
class LakeTableEntry;

class LakeInsert : public LakeWriteOperator {
public:
	//! INSERT into an existing table
	LakeInsert(duckdb::PhysicalPlan &plan, LakeTableEntry &table, duckdb::idx_t estimated_cardinality);
	//! CREATE TABLE AS: the table is created when execution starts
	LakeInsert(duckdb::PhysicalPlan &plan, duckdb::SchemaCatalogEntry &schema,
	           duckdb::unique_ptr<duckdb::BoundCreateTableInfo> info, duckdb::idx_t estimated_cardinality);

	LakeTableEntry *table = nullptr;
	duckdb::SchemaCatalogEntry *schema = nullptr;
	duckdb::unique_ptr<duckdb::BoundCreateTableInfo> create_info;
	//! Set when the child is the parallel batch copy writing the rows
	std::shared_ptr<InsertTarget> parallel_target;
	//! Every thread writes the rows it gets, in no particular order (MERGE's inserts, a partitioned table's, a
	//! source whose order is not kept)
	bool unordered_parallel = false;

public:
	duckdb::unique_ptr<duckdb::GlobalSinkState> GetGlobalSinkState(duckdb::ClientContext &context) const override;
	duckdb::unique_ptr<duckdb::LocalSinkState> GetLocalSinkState(duckdb::ExecutionContext &context) const override;
	duckdb::SinkCombineResultType Combine(duckdb::ExecutionContext &context,
	                                      duckdb::OperatorSinkCombineInput &input) const override;
	bool ParallelSink() const override {
		return unordered_parallel;
	}
	duckdb::SinkResultType Sink(duckdb::ExecutionContext &context, duckdb::DataChunk &chunk,
	                            duckdb::OperatorSinkInput &input) const override;
	duckdb::SinkFinalizeType Finalize(duckdb::Pipeline &pipeline, duckdb::Event &event,
	                                  duckdb::ClientContext &context,
	                                  duckdb::OperatorSinkFinalizeInput &input) const override;

protected:
	duckdb::idx_t RowCount(duckdb::GlobalSinkState &state) const override;
	ReturnedRows &Returned(duckdb::GlobalSinkState &state) const override;
};

duckdb::PhysicalOperator &PlanLakeInsert(duckdb::ClientContext &context, duckdb::PhysicalPlanGenerator &planner,
                                         duckdb::LogicalInsert &op, duckdb::optional_ptr<duckdb::PhysicalOperator> plan);
duckdb::PhysicalOperator &PlanLakeCreateTableAs(duckdb::ClientContext &context,
                                                duckdb::PhysicalPlanGenerator &planner, duckdb::LogicalCreateTable &op,
                                                duckdb::PhysicalOperator &plan);

} // namespace inlake

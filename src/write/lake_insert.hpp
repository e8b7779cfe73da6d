//===----------------------------------------------------------------------===//
// LakeInsert: the physical operator behind INSERT and CREATE TABLE AS on a
// lake table.
//
// It checks NOT NULL columns, hands the rows to a ParquetFileWriter writing
// into the table's folder, and at the end registers the written files with
// the transaction (nothing reaches the catalog before COMMIT). It returns the
// number of rows inserted, like DuckDB's own insert.
//===----------------------------------------------------------------------===//
#pragma once

#include "write/lake_write_operator.hpp"

#include "duckdb/execution/physical_operator.hpp"
#include "duckdb/execution/physical_plan_generator.hpp"
#include "duckdb/planner/operator/logical_create_table.hpp"
#include "duckdb/planner/operator/logical_insert.hpp"

namespace inlake {

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

public:
	duckdb::unique_ptr<duckdb::GlobalSinkState> GetGlobalSinkState(duckdb::ClientContext &context) const override;
	duckdb::SinkResultType Sink(duckdb::ExecutionContext &context, duckdb::DataChunk &chunk,
	                            duckdb::OperatorSinkInput &input) const override;
	duckdb::SinkFinalizeType Finalize(duckdb::Pipeline &pipeline, duckdb::Event &event,
	                                  duckdb::ClientContext &context,
	                                  duckdb::OperatorSinkFinalizeInput &input) const override;

protected:
	duckdb::idx_t RowCount(duckdb::GlobalSinkState &state) const override;
};

duckdb::PhysicalOperator &PlanLakeInsert(duckdb::ClientContext &context, duckdb::PhysicalPlanGenerator &planner,
                                         duckdb::LogicalInsert &op, duckdb::optional_ptr<duckdb::PhysicalOperator> plan);
duckdb::PhysicalOperator &PlanLakeCreateTableAs(duckdb::ClientContext &context,
                                                duckdb::PhysicalPlanGenerator &planner, duckdb::LogicalCreateTable &op,
                                                duckdb::PhysicalOperator &plan);

} // namespace inlake

#include "write/lake_insert.hpp"

#include "catalog/lake_catalog.hpp"
#include "catalog/lake_table_entry.hpp"
#include "transaction/lake_transaction.hpp"
#include "write/insert_target.hpp"
#include "write/lake_row_sink.hpp"
#include "write/ordered_lake_copy.hpp"
#include "write/shared_row_sink.hpp"

#include "duckdb/catalog/catalog_entry/schema_catalog_entry.hpp"
#include "duckdb/common/types/column/column_data_collection.hpp"
#include "duckdb/execution/operator/persistent/physical_batch_copy_to_file.hpp"
#include "duckdb/parallel/thread_context.hpp"
#include "duckdb/planner/parsed_data/bound_create_table_info.hpp"

namespace inlake {
using namespace duckdb; // NOLINT: operator code is DuckDB-API heavy

namespace {

class LakeInsertGlobalState : public GlobalSinkState {
public:
	optional_ptr<LakeTableEntry> table;
	unique_ptr<LakeRowSink> sink;
	//! The unordered parallel plan's sink
	unique_ptr<SharedRowSink> shared_sink;
	//! Rows the parallel plan inserted (set in Finalize)
	idx_t parallel_rows = 0;
	//! INSERT ... RETURNING: the rows inserted
	ReturnedRows returned;
};

class LakeInsertLocalState : public LocalSinkState {
public:
	//! The thread's sink of an unordered parallel insert, made at its first rows (MERGE makes the local state
	//! without the global one)
	std::unique_ptr<LakeRowSink> sink;
};

} // namespace

LakeInsert::LakeInsert(PhysicalPlan &plan, LakeTableEntry &table_p, idx_t estimated_cardinality)
    : LakeWriteOperator(plan, "DUCKLAKE_INSERT", estimated_cardinality), table(&table_p) {
}

LakeInsert::LakeInsert(PhysicalPlan &plan, SchemaCatalogEntry &schema_p, unique_ptr<BoundCreateTableInfo> info,
                       idx_t estimated_cardinality)
    : LakeWriteOperator(plan, "DUCKLAKE_INSERT", estimated_cardinality), schema(&schema_p),
      create_info(std::move(info)) {
}

unique_ptr<GlobalSinkState> LakeInsert::GetGlobalSinkState(ClientContext &context) const {
	auto state = make_uniq<LakeInsertGlobalState>();
	if (parallel_target) {
		state->table = parallel_target->ResolveTable(context);
	} else if (table && unordered_parallel) {
		state->table = table;
		state->shared_sink = make_uniq<SharedRowSink>(*table);
	} else if (table) {
		state->table = table;
		state->sink = make_uniq<LakeRowSink>(*table);
	} else {
		auto &catalog = schema->ParentCatalog();
		auto entry = schema->CreateTable(CatalogTransaction(catalog, context), *create_info);
		if (entry) {
			state->table = &entry->template Cast<LakeTableEntry>();
			if (unordered_parallel) {
				state->shared_sink = make_uniq<SharedRowSink>(*state->table);
			} else {
				state->sink = make_uniq<LakeRowSink>(*state->table);
			}
		}
	}
	return std::move(state);
}

unique_ptr<LocalSinkState> LakeInsert::GetLocalSinkState(ExecutionContext &context) const {
	return make_uniq<LakeInsertLocalState>();
}

SinkResultType LakeInsert::Sink(ExecutionContext &context, DataChunk &chunk, OperatorSinkInput &input) const {
	auto &state = input.global_state.Cast<LakeInsertGlobalState>();
	if (parallel_target) {
		return SinkResultType::NEED_MORE_INPUT; // the batch copy's row count; the target knows what was written
	}
	if (state.shared_sink) {
		auto &local = input.local_state.Cast<LakeInsertLocalState>();
		if (!local.sink) {
			local.sink = state.shared_sink->Local();
		}
		local.sink->Append(context.client, chunk);
		return SinkResultType::NEED_MORE_INPUT;
	}
	if (state.sink) {
		if (returning) {
			state.returned.Append(context.client, chunk);
		}
		state.sink->Append(context.client, chunk);
	}
	return SinkResultType::NEED_MORE_INPUT;
}

ReturnedRows &LakeInsert::Returned(GlobalSinkState &state) const {
	return state.Cast<LakeInsertGlobalState>().returned;
}

SinkCombineResultType LakeInsert::Combine(ExecutionContext &context, OperatorSinkCombineInput &input) const {
	auto &state = input.global_state.Cast<LakeInsertGlobalState>();
	auto &local = input.local_state.Cast<LakeInsertLocalState>();
	if (state.shared_sink && local.sink) {
		state.shared_sink->Combine(context.client, *local.sink);
	}
	return SinkCombineResultType::FINISHED;
}

SinkFinalizeType LakeInsert::Finalize(Pipeline &pipeline, Event &event, ClientContext &context,
                                      OperatorSinkFinalizeInput &input) const {
	auto &state = input.global_state.Cast<LakeInsertGlobalState>();
	if (parallel_target) {
		state.parallel_rows = parallel_target->Register(context);
	} else if (state.shared_sink) {
		state.shared_sink->Finish(context);
	} else if (state.sink) {
		state.sink->Finish(context);
	}
	return SinkFinalizeType::READY;
}

idx_t LakeInsert::RowCount(GlobalSinkState &state_p) const {
	auto &state = state_p.Cast<LakeInsertGlobalState>();
	if (parallel_target) {
		return state.parallel_rows;
	}
	if (state.shared_sink) {
		return state.shared_sink->RowCount();
	}
	return state.sink ? state.sink->RowCount() : 0;
}

static bool WorthWritingInParallel(ClientContext &context, PhysicalOperator &plan) {
	return plan.estimated_cardinality >= PARALLEL_WRITE_MIN_ROWS && PhysicalPlanGenerator::UseBatchIndex(context, plan);
}

//! Whether every thread may write the rows it gets, in no particular order, where the ordered copy cannot run: for a
//! partitioned table (its files are per partition, as COPY ... PARTITION_BY writes them, which keeps no order either)
//! and for a source whose order DuckDB does not keep (preserve_insertion_order off). A source without batch index
//! whose order is to be kept is written on one thread, as COPY does.
static bool WorthWritingUnordered(ClientContext &context, PhysicalOperator &plan, bool partitioned) {
	return plan.estimated_cardinality >= PARALLEL_WRITE_MIN_ROWS &&
	       (partitioned || !PhysicalPlanGenerator::PreserveInsertionOrder(context, plan));
}

//! The table's per_thread_output option: large inserts are written on every thread, in no particular order
static bool PerThreadOutput(ClientContext &context, LakeTableEntry &table) {
	std::string value;
	auto &transaction = LakeTransaction::Get(context, table.ParentCatalog());
	return transaction.FindOption("per_thread_output", &table, value) && value == "true";
}

static PhysicalOperator &PlanOrderedCopy(PhysicalPlanGenerator &planner, PhysicalOperator &plan,
                                         std::shared_ptr<InsertTarget> target) {
	auto &copy = planner.Make<PhysicalBatchCopyToFile>(vector<LogicalType> {LogicalType::BIGINT},
	                                                   OrderedLakeCopyFunction(), OrderedLakeCopyBindData(target),
	                                                   plan.estimated_cardinality);
	auto &batch_copy = copy.Cast<PhysicalBatchCopyToFile>();
	batch_copy.use_tmp_file = false;
	batch_copy.return_type = CopyFunctionReturnType::CHANGED_ROWS;
	batch_copy.write_empty_file = false;
	batch_copy.children.push_back(plan);
	return copy;
}

PhysicalOperator &PlanLakeInsert(ClientContext &context, PhysicalPlanGenerator &planner, LogicalInsert &op,
                                 optional_ptr<PhysicalOperator> plan) {
	if (op.on_conflict_info.action_type != OnConflictAction::THROW) {
		throw NotImplementedException("INSERT ... ON CONFLICT is not supported on DuckLake tables (they have no "
		                              "primary keys)");
	}
	if (!op.column_index_map.empty()) {
		plan = planner.ResolveDefaultsProjection(op, *plan);
	}
	auto &table = op.table.Cast<LakeTableEntry>();
	auto &insert = planner.Make<LakeInsert>(table, op.estimated_cardinality).Cast<LakeInsert>();
	if (op.return_chunk) {
		insert.returning = true;
		insert.types = op.types; // the inserted rows: the table's columns
		insert.children.push_back(*plan);
		return insert;
	}
	auto partitioned = table.Record().partition.IsPartitioned();
	if (plan->estimated_cardinality >= PARALLEL_WRITE_MIN_ROWS && PerThreadOutput(context, table)) {
		// per_thread_output: every thread writes its own files, in no particular order
		insert.unordered_parallel = true;
		insert.children.push_back(*plan);
	} else if (!partitioned && WorthWritingInParallel(context, *plan)) {
		insert.parallel_target = std::make_shared<InsertTarget>(table);
		insert.children.push_back(PlanOrderedCopy(planner, *plan, insert.parallel_target));
	} else {
		insert.unordered_parallel = WorthWritingUnordered(context, *plan, partitioned);
		insert.children.push_back(*plan);
	}
	return insert;
}

PhysicalOperator &PlanLakeCreateTableAs(ClientContext &context, PhysicalPlanGenerator &planner, LogicalCreateTable &op,
                                        PhysicalOperator &plan) {
	auto &insert =
	    planner.Make<LakeInsert>(op.schema, std::move(op.info), op.estimated_cardinality).Cast<LakeInsert>();
	if (WorthWritingInParallel(context, plan)) {
		insert.parallel_target = std::make_shared<InsertTarget>(*insert.schema, *insert.create_info);
		insert.children.push_back(PlanOrderedCopy(planner, plan, insert.parallel_target));
	} else {
		insert.unordered_parallel = WorthWritingUnordered(context, plan, false);
		insert.children.push_back(plan);
	}
	return insert;
}

} // namespace inlake

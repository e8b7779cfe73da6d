#include "write/lake_delete.hpp"

#include "catalog/lake_table_entry.hpp"
#include "transaction/local_changes.hpp"
#include "transaction/lake_transaction.hpp"
#include "write/deleted_rows_plan.hpp"
#include "write/lake_row_sink.hpp"
#include "write/row_id_set.hpp"
#include "write/shared_row_sink.hpp"

#include "duckdb/execution/expression_executor.hpp"
#include "duckdb/planner/expression/bound_reference_expression.hpp"

#include <atomic>

namespace inlake {
using namespace duckdb; // NOLINT

namespace {

class DeleteState : public GlobalSinkState {
public:
	RowIdSet row_ids;
	//! The rows deleted (row_ids loses the ids of the files the delete ends)
	idx_t deleted = 0;
	//! RETURNING: the deleted rows
	ReturnedRows returned;
};

class DeleteLocalState : public LocalSinkState {
public:
	DataChunk rows;
};

//! UPDATE: the row ids of the old versions (deleted at Finalize), and the new versions. A committed row keeps
//! its row id (the spec's row lineage: the change feed and anyone tracking rows rely on it), so its new version
//! goes to `kept_sink` with the id; a row this transaction inserted itself gets a new one from `sink`. Every
//! thread writes the new versions it computes (UpdateLocalState).
class UpdateState : public GlobalSinkState {
public:
	explicit UpdateState(LakeTableEntry &table) : sink(table), kept_sink(table, true) {
	}

	RowIdSet row_ids;
	SharedRowSink sink;
	SharedRowSink kept_sink;
	std::atomic<idx_t> updated {0};
	//! RETURNING: the new versions
	ReturnedRows returned;
};

class UpdateLocalState : public LocalSinkState {
public:
	UpdateLocalState(ClientContext &context, LakeTableEntry &table, const vector<unique_ptr<Expression>> &defaults)
	    : default_executor(context, defaults) {
		auto types = table.GetTypes();
		new_rows.Initialize(context, types);
		fresh_rows.Initialize(context, types);
		types.push_back(LogicalType::BIGINT);
		kept_rows.Initialize(context, types);
	}

	//! Sends the new versions (`new_rows`, one per old row id in `ids`) to the sinks.
	void Append(ClientContext &context, const std::vector<int64_t> &ids) {
		SelectionVector fresh(STANDARD_VECTOR_SIZE), kept(STANDARD_VECTOR_SIZE);
		idx_t fresh_count = 0, kept_count = 0;
		fresh_rows.Reset();
		kept_rows.Reset();
		auto kept_ids = FlatVector::GetData<int64_t>(kept_rows.data[kept_rows.ColumnCount() - 1]);
		for (idx_t row = 0; row < ids.size(); row++) {
			if (IsLocalRowId(ids[row])) {
				fresh.set_index(fresh_count++, row);
			} else {
				kept_ids[kept_count] = ids[row];
				kept.set_index(kept_count++, row);
			}
		}
		if (fresh_count > 0) {
			fresh_rows.Slice(new_rows, fresh, fresh_count);
			sink->Append(context, fresh_rows);
		}
		if (kept_count > 0) {
			for (idx_t col = 0; col < new_rows.ColumnCount(); col++) {
				if (kept_count == ids.size()) {
					kept_rows.data[col].Reference(new_rows.data[col]); // every row is kept: no dictionary vectors
				} else {
					kept_rows.data[col].Slice(new_rows.data[col], kept, kept_count);
				}
			}
			kept_rows.SetCardinality(kept_count);
			kept_sink->Append(context, kept_rows);
		}
	}

	//! The thread's sinks, made at its first rows (MERGE makes the local state without the global one)
	std::unique_ptr<LakeRowSink> sink;
	std::unique_ptr<LakeRowSink> kept_sink;
	DataChunk new_rows;
	DataChunk fresh_rows;
	DataChunk kept_rows;
	ExpressionExecutor default_executor;
};

} // namespace

// --- DELETE -------------------------------------------------------------------

LakeDelete::LakeDelete(PhysicalPlan &plan, LakeTableEntry &table_p, idx_t row_id_index_p, idx_t estimated_cardinality)
    : LakeWriteOperator(plan, "DUCKLAKE_DELETE", estimated_cardinality), table(&table_p),
      row_id_index(row_id_index_p) {
}

unique_ptr<GlobalSinkState> LakeDelete::GetGlobalSinkState(ClientContext &context) const {
	LakeTransaction::Get(context, table->ParentCatalog()).CheckWritable("delete");
	return make_uniq<DeleteState>();
}

unique_ptr<LocalSinkState> LakeDelete::GetLocalSinkState(ExecutionContext &context) const {
	auto state = make_uniq<DeleteLocalState>();
	if (returning) {
		state->rows.InitializeEmpty(types);
	}
	return std::move(state);
}

SinkResultType LakeDelete::Sink(ExecutionContext &context, DataChunk &chunk, OperatorSinkInput &input) const {
	auto &state = input.global_state.Cast<DeleteState>();
	if (!returning) {
		state.row_ids.Insert(chunk.data[row_id_index], chunk.size());
		return SinkResultType::NEED_MORE_INPUT;
	}
	// a row reached twice (e.g. through a join) is deleted, and returned, once
	auto first = state.row_ids.InsertNew(chunk.data[row_id_index], chunk.size());
	if (first.empty()) {
		return SinkResultType::NEED_MORE_INPUT;
	}
	auto &rows = input.local_state.Cast<DeleteLocalState>().rows;
	rows.Reset();
	for (idx_t col = 0; col < types.size(); col++) {
		rows.data[col].Reference(chunk.data[returned_row_index + col]);
	}
	rows.SetCardinality(chunk.size());
	if (first.size() < chunk.size()) {
		SelectionVector selection(first.size());
		for (idx_t i = 0; i < first.size(); i++) {
			selection.set_index(i, first[i].first);
		}
		rows.Slice(selection, first.size());
	}
	state.returned.Append(context.client, rows);
	return SinkResultType::NEED_MORE_INPUT;
}

SinkFinalizeType LakeDelete::Finalize(Pipeline &pipeline, Event &event, ClientContext &context,
                                      OperatorSinkFinalizeInput &input) const {
	auto &transaction = LakeTransaction::Get(context, table->ParentCatalog());
	auto &state = input.global_state.Cast<DeleteState>();
	state.deleted = state.row_ids.Count();
	transaction.DeleteRows(*table, state.row_ids);
	return SinkFinalizeType::READY;
}

idx_t LakeDelete::RowCount(GlobalSinkState &state) const {
	return state.Cast<DeleteState>().deleted;
}

ReturnedRows &LakeDelete::Returned(GlobalSinkState &state) const {
	return state.Cast<DeleteState>().returned;
}

// --- UPDATE -------------------------------------------------------------------

LakeUpdate::LakeUpdate(PhysicalPlan &plan, LakeTableEntry &table_p, vector<PhysicalIndex> columns_p,
                       vector<unique_ptr<Expression>> expressions_p, vector<unique_ptr<Expression>> bound_defaults_p,
                       idx_t estimated_cardinality)
    : LakeWriteOperator(plan, "DUCKLAKE_UPDATE", estimated_cardinality), table(&table_p),
      columns(std::move(columns_p)), expressions(std::move(expressions_p)),
      bound_defaults(std::move(bound_defaults_p)) {
}

unique_ptr<GlobalSinkState> LakeUpdate::GetGlobalSinkState(ClientContext &context) const {
	LakeTransaction::Get(context, table->ParentCatalog()).CheckWritable("update");
	return make_uniq<UpdateState>(*table);
}

unique_ptr<LocalSinkState> LakeUpdate::GetLocalSinkState(ExecutionContext &context) const {
	return make_uniq<UpdateLocalState>(context.client, *table, bound_defaults);
}

SinkResultType LakeUpdate::Sink(ExecutionContext &context, DataChunk &chunk, OperatorSinkInput &input) const {
	auto &global = input.global_state.Cast<UpdateState>();
	auto &local = input.local_state.Cast<UpdateLocalState>();
	if (!local.sink) {
		local.sink = global.sink.Local();
		local.kept_sink = global.kept_sink.Local();
	}
	// The same row reached twice (e.g. through a join) is updated once.
	auto row_ids = row_id_index.IsValid() ? row_id_index.GetIndex() : chunk.ColumnCount() - 1;
	auto first = global.row_ids.InsertNew(chunk.data[row_ids], chunk.size());
	SelectionVector selection(STANDARD_VECTOR_SIZE);
	std::vector<int64_t> kept_ids;
	kept_ids.reserve(first.size());
	for (idx_t i = 0; i < first.size(); i++) {
		selection.set_index(i, first[i].first);
		kept_ids.push_back(first[i].second);
	}
	auto &new_rows = local.new_rows;
	new_rows.Reset();
	for (idx_t i = 0; i < expressions.size(); i++) {
		auto column = columns[i].index;
		if (expressions[i]->GetExpressionType() == ExpressionType::VALUE_DEFAULT) {
			local.default_executor.ExecuteExpression(column, new_rows.data[column]);
			continue;
		}
		auto &binding = expressions[i]->Cast<BoundReferenceExpression>();
		new_rows.data[column].Reference(chunk.data[binding.index]);
	}
	new_rows.SetCardinality(chunk.size());
	if (first.size() < chunk.size()) {
		new_rows.Slice(selection, first.size());
	}
	local.Append(context.client, kept_ids);
	if (returning) {
		global.returned.Append(context.client, new_rows);
	}
	global.updated += first.size();
	return SinkResultType::NEED_MORE_INPUT;
}

SinkCombineResultType LakeUpdate::Combine(ExecutionContext &context, OperatorSinkCombineInput &input) const {
	auto &global = input.global_state.Cast<UpdateState>();
	auto &local = input.local_state.Cast<UpdateLocalState>();
	if (local.sink) {
		global.sink.Combine(context.client, *local.sink);
		global.kept_sink.Combine(context.client, *local.kept_sink);
	}
	return SinkCombineResultType::FINISHED;
}

SinkFinalizeType LakeUpdate::Finalize(Pipeline &pipeline, Event &event, ClientContext &context,
                                      OperatorSinkFinalizeInput &input) const {
	auto &state = input.global_state.Cast<UpdateState>();
	LakeTransaction::Get(context, table->ParentCatalog()).DeleteRows(*table, state.row_ids);
	state.sink.Finish(context);
	state.kept_sink.Finish(context);
	return SinkFinalizeType::READY;
}

idx_t LakeUpdate::RowCount(GlobalSinkState &state) const {
	return state.Cast<UpdateState>().updated;
}

ReturnedRows &LakeUpdate::Returned(GlobalSinkState &state) const {
	return state.Cast<UpdateState>().returned;
}

// --- planning -----------------------------------------------------------------

PhysicalOperator &PlanLakeDelete(ClientContext &context, PhysicalPlanGenerator &planner, LogicalDelete &op,
                                 PhysicalOperator &plan) {
	auto &table = op.table.Cast<LakeTableEntry>();
	auto row_id_index = op.expressions[0]->Cast<BoundReferenceExpression>().index;
	if (!op.return_chunk) {
		auto &del = planner.Make<LakeDelete>(table, row_id_index, op.estimated_cardinality);
		del.children.push_back(plan);
		return del;
	}
	// RETURNING: the input becomes the whole rows to delete, the table's columns then the row id
	auto &rows = PlanDeletedRows(context, planner, table, plan, row_id_index);
	auto &del = planner.Make<LakeDelete>(table, rows.types.size() - 1, op.estimated_cardinality).Cast<LakeDelete>();
	del.returning = true;
	del.types = op.types;
	del.returned_row_index = 0;
	del.children.push_back(rows);
	return del;
}

PhysicalOperator &PlanLakeUpdate(ClientContext &context, PhysicalPlanGenerator &planner, LogicalUpdate &op,
                                 PhysicalOperator &plan) {
	auto &table = op.table.Cast<LakeTableEntry>();
	if (op.columns.size() != table.GetColumns().PhysicalColumnCount()) {
		throw InternalException("DuckLake UPDATE must rewrite every column of the row");
	}
	auto &update = planner.Make<LakeUpdate>(table, std::move(op.columns), std::move(op.expressions),
	                                        std::move(op.bound_defaults), op.estimated_cardinality)
	                   .Cast<LakeUpdate>();
	update.parallel = plan.estimated_cardinality >= PARALLEL_WRITE_MIN_ROWS;
	if (op.return_chunk) {
		update.returning = true;
		update.types = op.types; // the new versions: the table's columns
	}
	update.children.push_back(plan);
	return update;
}

} // namespace inlake

#include "write/lake_delete.hpp"

#include "catalog/lake_table_entry.hpp"
#include "transaction/local_changes.hpp"
#include "transaction/lake_transaction.hpp"
#include "write/lake_row_sink.hpp"

#include "duckdb/execution/expression_executor.hpp"
#include "duckdb/planner/expression/bound_reference_expression.hpp"

#include <set>

namespace inlake {
using namespace duckdb; // NOLINT

namespace {

class RowIdCollector : public GlobalSinkState {
public:
	std::set<int64_t> row_ids;

	void Collect(Vector &row_id_vector, idx_t count) {
		UnifiedVectorFormat format;
		row_id_vector.ToUnifiedFormat(count, format);
		auto ids = UnifiedVectorFormat::GetData<int64_t>(format);
		for (idx_t row = 0; row < count; row++) {
			auto index = format.sel->get_index(row);
			if (format.validity.RowIsValid(index)) {
				row_ids.insert(ids[index]);
			}
		}
	}
	void Register(ClientContext &context, LakeTableEntry &table) {
		auto &transaction = LakeTransaction::Get(context, table.ParentCatalog());
		transaction.DeleteRows(table, std::vector<int64_t>(row_ids.begin(), row_ids.end()));
	}
};

//! UPDATE: the row ids of the old versions (deleted at Finalize), and the new versions. A committed row keeps
//! its row id (the spec's row lineage: the change feed and anyone tracking rows rely on it), so its new version
//! goes to `kept_sink` with the id; a row this transaction inserted itself gets a new one from `sink`.
class UpdateState : public RowIdCollector {
public:
	UpdateState(ClientContext &context, LakeTableEntry &table, const vector<unique_ptr<Expression>> &defaults)
	    : sink(table), kept_sink(table, true), default_executor(context, defaults) {
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
			sink.Append(context, fresh_rows);
		}
		if (kept_count > 0) {
			for (idx_t col = 0; col < new_rows.ColumnCount(); col++) {
				kept_rows.data[col].Slice(new_rows.data[col], kept, kept_count);
			}
			kept_rows.SetCardinality(kept_count);
			kept_sink.Append(context, kept_rows);
		}
	}

	LakeRowSink sink;
	LakeRowSink kept_sink;
	DataChunk new_rows;
	DataChunk fresh_rows;
	DataChunk kept_rows;
	ExpressionExecutor default_executor;
	idx_t updated = 0;
};

} // namespace

// --- DELETE -------------------------------------------------------------------

LakeDelete::LakeDelete(PhysicalPlan &plan, LakeTableEntry &table_p, idx_t row_id_index_p, idx_t estimated_cardinality)
    : LakeWriteOperator(plan, "DUCKLAKE_DELETE", estimated_cardinality), table(&table_p),
      row_id_index(row_id_index_p) {
}

unique_ptr<GlobalSinkState> LakeDelete::GetGlobalSinkState(ClientContext &context) const {
	LakeTransaction::Get(context, table->ParentCatalog()).CheckWritable("delete");
	return make_uniq<RowIdCollector>();
}

SinkResultType LakeDelete::Sink(ExecutionContext &context, DataChunk &chunk, OperatorSinkInput &input) const {
	input.global_state.Cast<RowIdCollector>().Collect(chunk.data[row_id_index], chunk.size());
	return SinkResultType::NEED_MORE_INPUT;
}

SinkFinalizeType LakeDelete::Finalize(Pipeline &pipeline, Event &event, ClientContext &context,
                                      OperatorSinkFinalizeInput &input) const {
	input.global_state.Cast<RowIdCollector>().Register(context, *table);
	return SinkFinalizeType::READY;
}

idx_t LakeDelete::RowCount(GlobalSinkState &state) const {
	return state.Cast<RowIdCollector>().row_ids.size();
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
	return make_uniq<UpdateState>(context, *table, bound_defaults);
}

SinkResultType LakeUpdate::Sink(ExecutionContext &context, DataChunk &chunk, OperatorSinkInput &input) const {
	auto &state = input.global_state.Cast<UpdateState>();
	auto &row_ids = chunk.data[chunk.ColumnCount() - 1];
	// The same row reached twice (e.g. through a join) is updated once.
	SelectionVector first(STANDARD_VECTOR_SIZE);
	idx_t kept = 0;
	std::vector<int64_t> kept_ids;
	UnifiedVectorFormat format;
	row_ids.ToUnifiedFormat(chunk.size(), format);
	auto ids = UnifiedVectorFormat::GetData<int64_t>(format);
	for (idx_t row = 0; row < chunk.size(); row++) {
		auto id = ids[format.sel->get_index(row)];
		if (state.row_ids.insert(id).second) {
			first.set_index(kept++, row);
			kept_ids.push_back(id);
		}
	}
	auto &new_rows = state.new_rows;
	new_rows.Reset();
	for (idx_t i = 0; i < expressions.size(); i++) {
		auto column = columns[i].index;
		if (expressions[i]->GetExpressionType() == ExpressionType::VALUE_DEFAULT) {
			state.default_executor.ExecuteExpression(column, new_rows.data[column]);
			continue;
		}
		auto &binding = expressions[i]->Cast<BoundReferenceExpression>();
		new_rows.data[column].Reference(chunk.data[binding.index]);
	}
	new_rows.SetCardinality(chunk.size());
	if (kept < chunk.size()) {
		new_rows.Slice(first, kept);
	}
	state.Append(context.client, kept_ids);
	state.updated += kept;
	return SinkResultType::NEED_MORE_INPUT;
}

SinkFinalizeType LakeUpdate::Finalize(Pipeline &pipeline, Event &event, ClientContext &context,
                                      OperatorSinkFinalizeInput &input) const {
	auto &state = input.global_state.Cast<UpdateState>();
	state.Register(context, *table);
	state.sink.Finish(context);
	state.kept_sink.Finish(context);
	return SinkFinalizeType::READY;
}

idx_t LakeUpdate::RowCount(GlobalSinkState &state) const {
	return state.Cast<UpdateState>().updated;
}

// --- planning -----------------------------------------------------------------

PhysicalOperator &PlanLakeDelete(ClientContext &context, PhysicalPlanGenerator &planner, LogicalDelete &op,
                                 PhysicalOperator &plan) {
	if (op.return_chunk) {
		throw NotImplementedException("DELETE ... RETURNING is not supported on DuckLake tables yet");
	}
	auto &bound_ref = op.expressions[0]->Cast<BoundReferenceExpression>();
	auto &del = planner.Make<LakeDelete>(op.table.Cast<LakeTableEntry>(), bound_ref.index, op.estimated_cardinality);
	del.children.push_back(plan);
	return del;
}

PhysicalOperator &PlanLakeUpdate(ClientContext &context, PhysicalPlanGenerator &planner, LogicalUpdate &op,
                                 PhysicalOperator &plan) {
	if (op.return_chunk) {
		throw NotImplementedException("UPDATE ... RETURNING is not supported on DuckLake tables yet");
	}
	auto &table = op.table.Cast<LakeTableEntry>();
	if (op.columns.size() != table.GetColumns().PhysicalColumnCount()) {
		throw InternalException("DuckLake UPDATE must rewrite every column of the row");
	}
	auto &update = planner.Make<LakeUpdate>(table, std::move(op.columns), std::move(op.expressions),
	                                        std::move(op.bound_defaults), op.estimated_cardinality);
	update.children.push_back(plan);
	return update;
}

} // namespace inlake

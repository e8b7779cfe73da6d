#include "write/lake_merge.hpp"

#include "catalog/lake_table_entry.hpp"
#include "write/deleted_rows_plan.hpp"
#include "write/lake_delete.hpp"
#include "write/lake_insert.hpp"

#include "duckdb/execution/operator/persistent/physical_merge_into.hpp"

namespace inlake {
using namespace duckdb; // NOLINT

//! `returned_row_index`: with RETURNING, the input's column where the target row starts (for a DELETE action)
static unique_ptr<MergeIntoOperator> PlanAction(LogicalMergeInto &op, PhysicalPlanGenerator &planner,
                                                BoundMergeIntoAction &action, idx_t cardinality, bool parallel,
                                                idx_t returned_row_index) {
	auto &table = op.table.Cast<LakeTableEntry>();
	auto result = make_uniq<MergeIntoOperator>();
	result->action_type = action.action_type;
	result->condition = std::move(action.condition);
	switch (action.action_type) {
	case MergeActionType::MERGE_UPDATE: {
		vector<unique_ptr<Expression>> defaults;
		for (auto &def : op.bound_defaults) {
			defaults.push_back(def->Copy());
		}
		auto &update = planner.Make<LakeUpdate>(table, std::move(action.columns), std::move(action.expressions),
		                                        std::move(defaults), cardinality);
		update.Cast<LakeUpdate>().parallel = parallel;
		update.Cast<LakeUpdate>().row_id_index = op.row_id_start;
		result->op = update;
		break;
	}
	case MergeActionType::MERGE_DELETE: {
		auto &del = planner.Make<LakeDelete>(table, op.row_id_start, cardinality);
		del.Cast<LakeDelete>().returned_row_index = returned_row_index;
		result->op = del;
		break;
	}
	case MergeActionType::MERGE_INSERT: {
		auto &insert = planner.Make<LakeInsert>(table, cardinality);
		insert.Cast<LakeInsert>().unordered_parallel = parallel;
		result->op = insert;
		if (!action.column_index_map.empty()) {
			vector<unique_ptr<Expression>> ordered;
			for (auto &col : table.GetColumns().Physical()) {
				auto mapped_index = action.column_index_map[col.Physical()];
				if (mapped_index == DConstants::INVALID_INDEX) {
					ordered.push_back(op.bound_defaults[col.StorageOid()]->Copy());
				} else {
					ordered.push_back(std::move(action.expressions[mapped_index]));
				}
			}
			action.expressions = std::move(ordered);
		}
		result->expressions = std::move(action.expressions);
		break;
	}
	case MergeActionType::MERGE_ERROR:
		result->expressions = std::move(action.expressions);
		break;
	case MergeActionType::MERGE_DO_NOTHING:
		break;
	default:
		throw NotImplementedException("This MERGE action is not supported on a DuckLake table");
	}
	if (op.return_chunk && result->op) {
		// each action returns the rows it changed, in the table's columns; PhysicalMergeInto adds merge_action
		auto &write = result->op->Cast<LakeWriteOperator>();
		write.returning = true;
		write.types = table.GetTypes();
	}
	return result;
}

static bool HasDeleteAction(LogicalMergeInto &op) {
	for (auto &entry : op.actions) {
		for (auto &action : entry.second) {
			if (action->action_type == MergeActionType::MERGE_DELETE) {
				return true;
			}
		}
	}
	return false;
}

PhysicalOperator &PlanLakeMergeInto(ClientContext &context, PhysicalPlanGenerator &planner, LogicalMergeInto &op,
                                    PhysicalOperator &plan) {
	auto cardinality = op.EstimateCardinality(context);
	// a MERGE expected to write a row group or more runs its actions on every thread (each writing its own files);
	// one with RETURNING on one thread, as DuckDB's own MERGE does
	bool parallel = plan.estimated_cardinality >= PARALLEL_WRITE_MIN_ROWS && !op.return_chunk;
	reference<PhysicalOperator> input = plan;
	idx_t returned_row_index = 0;
	if (op.return_chunk && HasDeleteAction(op)) {
		// a DELETE action returns the whole target row, which the merge's input does not carry: join it in
		returned_row_index = plan.types.size();
		input = PlanWithTargetRows(context, planner, op.table.Cast<LakeTableEntry>(), plan, op.row_id_start);
	}
	map<MergeActionCondition, vector<unique_ptr<MergeIntoOperator>>> actions;
	for (auto &entry : op.actions) {
		vector<unique_ptr<MergeIntoOperator>> planned;
		for (auto &action : entry.second) {
			planned.push_back(PlanAction(op, planner, *action, cardinality, parallel, returned_row_index));
		}
		actions.emplace(entry.first, std::move(planned));
	}
	auto &result = planner.Make<PhysicalMergeInto>(op.types, std::move(actions), op.row_id_start, op.source_marker,
	                                               parallel, op.return_chunk);
	result.children.push_back(input);
	return result;
}

} // namespace inlake

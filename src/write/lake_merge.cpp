#include "write/lake_merge.hpp"

#include "catalog/lake_table_entry.hpp"
#include "write/lake_delete.hpp"
#include "write/lake_insert.hpp"

#include "duckdb/execution/operator/persistent/physical_merge_into.hpp"

namespace inlake {
using namespace duckdb; // NOLINT

static unique_ptr<MergeIntoOperator> PlanAction(LogicalMergeInto &op, PhysicalPlanGenerator &planner,
                                                BoundMergeIntoAction &action, idx_t cardinality, bool parallel) {
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
		result->op = update;
		break;
	}
	case MergeActionType::MERGE_DELETE:
		result->op = planner.Make<LakeDelete>(table, op.row_id_start, cardinality);
		break;
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
	return result;
}

PhysicalOperator &PlanLakeMergeInto(ClientContext &context, PhysicalPlanGenerator &planner, LogicalMergeInto &op,
                                    PhysicalOperator &plan) {
	if (op.return_chunk) {
		throw NotImplementedException("MERGE ... RETURNING is not supported on DuckLake tables yet");
	}
	auto cardinality = op.EstimateCardinality(context);
	// a MERGE expected to write a row group or more runs its actions on every thread (each writing its own files)
	bool parallel = plan.estimated_cardinality >= PARALLEL_WRITE_MIN_ROWS;
	map<MergeActionCondition, vector<unique_ptr<MergeIntoOperator>>> actions;
	for (auto &entry : op.actions) {
		vector<unique_ptr<MergeIntoOperator>> planned;
		for (auto &action : entry.second) {
			planned.push_back(PlanAction(op, planner, *action, cardinality, parallel));
		}
		actions.emplace(entry.first, std::move(planned));
	}
	auto &result = planner.Make<PhysicalMergeInto>(op.types, std::move(actions), op.row_id_start, op.source_marker,
	                                               parallel, op.return_chunk);
	result.children.push_back(plan);
	return result;
}

} // namespace inlake

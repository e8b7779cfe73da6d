#include "write/deleted_rows_plan.hpp"

#include "catalog/lake_table_entry.hpp"

#include "duckdb/execution/operator/join/physical_hash_join.hpp"
#include "duckdb/execution/operator/projection/physical_projection.hpp"
#include "duckdb/planner/expression/bound_reference_expression.hpp"
#include "duckdb/planner/operator/logical_comparison_join.hpp"
#include "duckdb/planner/operator/logical_get.hpp"

namespace inlake {
using namespace duckdb; // NOLINT

//! A scan of every column of `table`, then its row id
static PhysicalOperator &PlanFullScan(ClientContext &context, PhysicalPlanGenerator &planner, LakeTableEntry &table) {
	unique_ptr<FunctionData> bind_data;
	auto function = table.GetScanFunction(context, bind_data);
	vector<LogicalType> types;
	vector<string> names;
	for (auto &column : table.GetColumns().Logical()) {
		types.push_back(column.Type());
		names.push_back(column.Name());
	}
	auto virtual_columns = function.get_virtual_columns ? function.get_virtual_columns(context, bind_data.get())
	                                                    : table.GetVirtualColumns();
	LogicalGet get(0, function, std::move(bind_data), std::move(types), std::move(names),
	               std::move(virtual_columns));
	for (auto &column : table.GetColumns().Physical()) {
		get.AddColumnId(column.Logical().index);
	}
	get.AddColumnId(COLUMN_IDENTIFIER_ROW_ID);
	get.ResolveOperatorTypes();
	get.estimated_cardinality = get.EstimateCardinality(context);
	return planner.CreatePlan(static_cast<LogicalOperator &>(get));
}

static PhysicalOperator &PlanRowIdJoin(PhysicalPlanGenerator &planner, PhysicalOperator &scan, PhysicalOperator &plan,
                                       idx_t row_id_index, JoinType join_type) {
	// the hash join takes only its output types from the logical operator
	LogicalComparisonJoin shape(join_type);
	shape.types = scan.types;
	if (join_type != JoinType::SEMI) {
		shape.types.insert(shape.types.end(), plan.types.begin(), plan.types.end());
	}
	vector<JoinCondition> conditions;
	JoinCondition condition;
	condition.left = make_uniq<BoundReferenceExpression>(LogicalType::BIGINT, scan.types.size() - 1);
	condition.right = make_uniq<BoundReferenceExpression>(plan.types[row_id_index], row_id_index);
	condition.comparison = ExpressionType::COMPARE_EQUAL;
	conditions.push_back(std::move(condition));
	return planner.Make<PhysicalHashJoin>(shape, scan, plan, std::move(conditions), join_type,
	                                      plan.estimated_cardinality);
}

PhysicalOperator &PlanDeletedRows(ClientContext &context, PhysicalPlanGenerator &planner, LakeTableEntry &table,
                                  PhysicalOperator &plan, idx_t row_id_index) {
	auto &scan = PlanFullScan(context, planner, table);
	return PlanRowIdJoin(planner, scan, plan, row_id_index, JoinType::SEMI);
}

PhysicalOperator &PlanWithTargetRows(ClientContext &context, PhysicalPlanGenerator &planner, LakeTableEntry &table,
                                     PhysicalOperator &plan, idx_t row_id_index) {
	auto &scan = PlanFullScan(context, planner, table);
	auto scan_columns = scan.types.size();
	auto &join = PlanRowIdJoin(planner, scan, plan, row_id_index, JoinType::RIGHT);
	// the join's output: the scan's columns (the table's, then the row id), then the plan's
	vector<LogicalType> types;
	vector<unique_ptr<Expression>> expressions;
	for (idx_t i = 0; i < plan.types.size(); i++) {
		types.push_back(plan.types[i]);
		expressions.push_back(make_uniq<BoundReferenceExpression>(plan.types[i], scan_columns + i));
	}
	for (idx_t i = 0; i + 1 < scan_columns; i++) {
		types.push_back(scan.types[i]);
		expressions.push_back(make_uniq<BoundReferenceExpression>(scan.types[i], i));
	}
	auto &projection = planner.Make<PhysicalProjection>(std::move(types), std::move(expressions),
	                                                    plan.estimated_cardinality);
	projection.children.push_back(join);
	return projection;
}

} // namespace inlake

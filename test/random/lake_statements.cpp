#include "lake_statements.hpp"

#include "dml_statements.hpp"
#include "scalar_literals.hpp"
#include "value_sql.hpp"

namespace inlake_random {

static Step LakeStep(LakeAction action, const std::string &label, const std::string &sql) {
	Step step;
	step.kind = StepKind::LAKE;
	step.action = action;
	step.label = label;
	step.sql = sql;
	return step;
}

Step FlushStep(const std::vector<TableModel> &tables, Rng &rng) {
	if (rng.Percent(50)) {
		return LakeStep(LakeAction::FLUSH, "flush", "CALL ducklake_flush_inlined_data('{l}')");
	}
	auto &table = tables[rng.Below(tables.size())];
	if (!table.created) {
		return LakeStep(LakeAction::FLUSH, "flush", "CALL ducklake_flush_inlined_data('{l}')");
	}
	return LakeStep(LakeAction::FLUSH, "flush-table",
	                "CALL ducklake_flush_inlined_data('{l}', table_name => '" + table.name + "')");
}

Step CheckpointStep() {
	return LakeStep(LakeAction::CHECKPOINT, "checkpoint", "CHECKPOINT {l}");
}

Step ExpireStep(const std::vector<int64_t> &retained, Rng &rng) {
	if (retained.size() < 2 || rng.Percent(25)) {
		return LakeStep(LakeAction::EXPIRE, "expire-older-than",
		                "CALL ducklake_expire_snapshots('{l}', older_than => now())");
	}
	std::vector<int64_t> candidates(retained.begin(), retained.end() - 1);
	auto versions = PickKeys(candidates, rng.Range(1, std::min<int64_t>(4, candidates.size())), rng);
	auto step = LakeStep(LakeAction::EXPIRE, "expire-versions",
	                     "CALL ducklake_expire_snapshots('{l}', versions => [" + KeyList(versions) + "])");
	step.expire_versions = versions;
	return step;
}

Step CleanupStep() {
	return LakeStep(LakeAction::CLEANUP, "cleanup", "CALL ducklake_cleanup_old_files('{l}', cleanup_all => true)");
}

Step SetOptionStep(const std::vector<TableModel> &tables, Rng &rng) {
	auto limit = std::to_string(rng.Range(0, 25));
	if (rng.Percent(50)) {
		return LakeStep(LakeAction::SET_OPTION, "set-option",
		                "CALL {l}.set_option('data_inlining_row_limit', " + limit + ")");
	}
	auto &table = tables[rng.Below(tables.size())];
	if (!table.created) {
		return LakeStep(LakeAction::SET_OPTION, "set-option",
		                "CALL {l}.set_option('data_inlining_row_limit', " + limit + ")");
	}
	return LakeStep(LakeAction::SET_OPTION, "set-option-table",
	                "CALL {l}.set_option('data_inlining_row_limit', " + limit + ", table_name => '" + table.name +
	                    "')");
}

bool SortedByStep(const TableModel &table, int index, Rng &rng, Step &step, bool key_only) {
	auto values = table.ValueColumns();
	if (values.empty() || key_only) {
		values = {&table.columns[0]};
	}
	auto column = rng.Pick(values);
	if (!column->type.Orderable()) {
		return false;
	}
	step = LakeStep(LakeAction::SORTED_BY, "sorted-by",
	                "ALTER TABLE " + Placeholder(table) + " SET SORTED BY (" + QuoteIdentifier(column->name) +
	                    (rng.Percent(50) ? " DESC" : " ASC") + ")");
	step.tables = {index};
	return true;
}

Step ReattachStep(int limit) {
	Step step;
	step.kind = StepKind::REATTACH;
	step.label = "reattach";
	step.attach_limit = limit;
	return step;
}

Step RestartStep() {
	Step step;
	step.kind = StepKind::RESTART;
	step.label = "restart";
	return step;
}

} // namespace inlake_random

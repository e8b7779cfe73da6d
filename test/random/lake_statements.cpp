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

Step CompactionStep(const std::vector<TableModel> &tables, Rng &rng) {
	std::vector<int> created;
	for (size_t i = 0; i < tables.size(); i++) {
		if (tables[i].created) {
			created.push_back(int(i));
		}
	}
	std::string target;
	int table = -1;
	auto scope = rng.Below(100);
	if (!created.empty() && scope < 60) {
		table = rng.Pick(created);
		target = ", '" + tables[table].name + "'" + (rng.Percent(20) ? ", schema => 'main'" : "");
	} else if (scope < 75) {
		target = ", schema => 'main'";
	}
	std::string options;
	Step step;
	if (rng.Percent(70)) {
		static const std::vector<std::string> min_sizes = {"0", "200", "'1KB'", "'2KB'"};
		static const std::vector<std::string> max_sizes = {"'2KB'", "'8KB'", "'64KB'", "'10MB'", "100000"};
		if (rng.Percent(30)) {
			options += ", max_compacted_files => " + std::to_string(rng.Range(1, 4));
		}
		if (rng.Percent(20)) {
			options += ", min_file_size => " + rng.Pick(min_sizes);
		}
		if (rng.Percent(30)) {
			options += ", max_file_size => " + rng.Pick(max_sizes);
		}
		step = LakeStep(LakeAction::MERGE, "merge-files", "CALL ducklake_merge_adjacent_files('{l}'" + target + options + ")");
	} else {
		static const std::vector<std::string> thresholds = {"0", "0.01", "0.1", "0.25", "0.5", "0.9", "1", "1.0"};
		if (rng.Percent(85)) {
			options = ", delete_threshold => " + rng.Pick(thresholds);
		}
		step = LakeStep(LakeAction::REWRITE, "rewrite-files",
		                "CALL ducklake_rewrite_data_files('{l}'" + target + options + ")");
	}
	if (table >= 0) {
		step.tables = {table};
	}
	return step;
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

static bool IsTemporal(const ColumnType &type) {
	switch (type.scalar) {
	case Scalar::DATE:
	case Scalar::TIMESTAMP:
	case Scalar::TIMESTAMP_S:
	case Scalar::TIMESTAMP_MS:
	case Scalar::TIMESTAMP_NS:
	case Scalar::TIMESTAMPTZ:
		return true;
	default:
		return false;
	}
}

Step PartitionedByStep(const TableModel &table, int index, Rng &rng, const FeatureSet &features) {
	bool nul_keys_refused = features.On("nul") && features.Off("partition-nul");
	auto model = table;
	Step step;
	if (!table.partition_column_ids.empty() && rng.Percent(25)) {
		step = LakeStep(LakeAction::PARTITIONED_BY, "reset-partitioned-by",
		                "ALTER TABLE " + Placeholder(table) + " RESET PARTITIONED BY");
		model.partition_column_ids.clear();
	} else {
		std::vector<const ColumnModel *> candidates;
		for (auto &column : table.columns) {
			if (column.type.IsScalar()) {
				candidates.push_back(&column);
			}
		}
		std::vector<std::string> keys;
		model.partition_column_ids.clear();
		auto count = rng.Range(1, 3);
		for (int64_t i = 0; i < count && !candidates.empty(); i++) {
			auto position = rng.Below(candidates.size());
			auto column = candidates[position];
			candidates.erase(candidates.begin() + position); // one key per column: never a key twice
			auto name = QuoteIdentifier(column->name);
			std::vector<std::string> forms = {name, "bucket(" + std::to_string(rng.Range(1, 8)) + ", " + name + ")"};
			if (nul_keys_refused && column->type.scalar == Scalar::VARCHAR) {
				forms.erase(forms.begin()); // the same random draws, never an identity key
				forms.insert(forms.begin(), forms[0]);
			}
			if (IsTemporal(column->type)) {
				for (auto transform : {"year", "month", "day"}) {
					forms.push_back(std::string(transform) + "(" + name + ")");
				}
				if (column->type.scalar != Scalar::DATE) {
					forms.push_back("hour(" + name + ")");
				}
			}
			keys.push_back(rng.Pick(forms));
			model.partition_column_ids.push_back(column->id);
		}
		std::string list;
		for (auto &key : keys) {
			list += (list.empty() ? "" : ", ") + key;
		}
		step = LakeStep(LakeAction::PARTITIONED_BY, "set-partitioned-by",
		                "ALTER TABLE " + Placeholder(table) + " SET PARTITIONED BY (" + list + ")");
	}
	step.tables = {index};
	step.models_after = {{index, model}};
	return step;
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

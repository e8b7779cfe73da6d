#include "generator.hpp"

#include "cross_table_statements.hpp"
#include "ddl_statements.hpp"
#include "dml_statements.hpp"
#include "lake_statements.hpp"
#include "select_statements.hpp"

#include <algorithm>
#include <set>

namespace inlake_random {

static const int64_t SECOND_TABLE_KEYS = 1000000000000LL;

Generator::Generator(uint64_t seed, const FeatureSet &features_p, GeneratorConfig config_p, GeneratorAccess access_p)
    : rng(seed), compaction_rng(seed ^ 0xC0DAC7), partition_rng(seed ^ 0x9A27),
      features(features_p), config(config_p), access(std::move(access_p)) {
	tables.push_back(inlake_random::RandomTable("t1", 1, 8, rng, features));
	tables[0].key_limit = SECOND_TABLE_KEYS;
	if (features.On("second-table")) {
		tables.push_back(inlake_random::RandomTable("t2", SECOND_TABLE_KEYS, 4, rng, features));
		second_table_at = rng.Percent(50) ? 1 : rng.Range(2, 30);
	}
}

void Generator::RestoreTables(std::vector<TableModel> restored) {
	tables = std::move(restored);
	second_table_at = 0;
}

bool Generator::HasTable(int index) const {
	return index < int(tables.size()) && tables[index].created;
}

int Generator::PickTable() {
	return HasTable(1) && rng.Percent(35) ? 1 : 0;
}

int64_t Generator::SmallCount() {
	auto limit = std::max(1, config.inlining_limit);
	switch (rng.Below(4)) {
	case 0:
		return limit; // exactly at the limit
	case 1:
		return limit + 1; // just over it
	default:
		return rng.Range(1, limit);
	}
}

static Step BothStep(const std::string &label, const std::string &sql, int table, bool rewrites = false) {
	Step step;
	step.kind = StepKind::BOTH;
	step.label = label;
	step.sql = sql;
	step.tables = {table};
	step.rewrites_rows = rewrites;
	return step;
}

Step Generator::Dml(int index, int choice) {
	auto &table = tables[index];
	auto keys = access.keys(index);
	DmlContext ctx {rng, features};
	bool big = int64_t(keys.size()) > config.max_table_rows;
	switch (choice) {
	case 0:
		return BothStep("insert-small", InsertValues(table, SmallCount(), ctx), index);
	case 1:
		if (big) {
			return BothStep("delete-large", DeleteWhere(table, keys, ctx), index);
		}
		return BothStep("insert-large", InsertRange(table, rng.Percent(80) ? rng.Range(30, 600) : rng.Range(600, 3000), ctx),
		                index);
	case 2:
		return BothStep("delete-small", DeleteKeys(table, keys, SmallCount(), ctx), index);
	case 3:
		return BothStep("delete-large", DeleteWhere(table, keys, ctx), index);
	case 4:
		return BothStep("update-small", UpdateKeys(table, keys, SmallCount(), ctx), index, true);
	case 5:
		return BothStep("update-large", UpdateWhere(table, keys, ctx), index, true);
	default: {
		auto rows = rng.Percent(80) ? SmallCount() : rng.Range(20, 200);
		return BothStep("merge", MergeValues(table, keys, rows, ctx), index, true);
	}
	}
}

bool Generator::QueriesOn() const {
	return config.queries && features.On("select");
}

Step Generator::Select(int index) {
	DmlContext ctx {rng, features};
	auto step = BothStep("select", SelectWhere(tables[index], access.keys(index), ctx), index);
	step.compares_result = true;
	return step;
}

Step Generator::Alter(int index) {
	Step step;
	for (int attempt = 0; attempt < 5; attempt++) {
		if (RandomAlter(tables[index], index, rng, features, step)) {
			return step;
		}
	}
	return Dml(index, 0);
}

static bool HasMap(const TableModel &table) {
	for (auto &column : table.columns) {
		if (column.type.ContainsMap()) {
			return true;
		}
	}
	return false;
}

Step Generator::Cross() {
	int target = rng.Percent(50) ? 1 : 0;
	int source = 1 - target;
	DmlContext ctx {rng, features};
	std::string label;
	auto sql = CrossTableStatement(tables[target], tables[source], access.keys(source), ctx, label);
	bool rewrites = label == "cross-update" || label == "cross-merge";
	if (rewrites && HasMap(tables[target]) && features.Off("map-update")) {
		return Dml(target, 0);
	}
	return BothStep(label, sql, target, rewrites);
}

//! The DML choice for a weight roll in [0, 55).
static int DmlChoice(int roll) {
	static const int bounds[] = {16, 22, 31, 36, 43, 47, 55}; // insert-small .. merge
	for (int i = 0; i < 7; i++) {
		if (roll < bounds[i]) {
			return i;
		}
	}
	return 0;
}

bool Generator::DmlEnabled(int choice, int table) const {
	bool rewrites = choice >= 4;
	if (rewrites && HasMap(tables[table]) && features.Off("map-update")) {
		return false;
	}
	if (choice == 4 || choice == 5) {
		return features.On("update");
	}
	return choice != 6 || features.On("merge");
}

static bool DeletesRows(const Step &step) {
	static const std::set<std::string> labels = {"delete-small", "delete-large", "update-small", "update-large",
	                                             "merge",        "cross-delete", "cross-update", "cross-merge"};
	return step.kind == StepKind::BOTH && labels.count(step.label) > 0;
}

Step Generator::Compaction(bool transaction_end) {
	if (!transaction_end && compaction_rng.Percent(25)) {
		return CheckpointStep();
	}
	return CompactionStep(tables, compaction_rng);
}

Step Generator::NextInTransaction() {
	auto step = NextTransactionStep();
	if (step.kind != StepKind::BOTH) {
		return step;
	}
	auto table = step.tables[0];
	bool deleted_before = deleted_in_transaction.count(table) > 0;
	// Native DuckDB cannot commit a transaction that deleted from a table and then added a column to it ("another
	// transaction has altered this table"): no ALTER after a delete in one transaction.
	if (deleted_before && step.label.rfind("alter-", 0) == 0) {
		return Dml(table, 0);
	}
	if (DeletesRows(step)) {
		deleted_in_transaction.insert(table);
		if (deleted_before && features.Off("txn-mixed-deletes")) {
			return Dml(table, 0);
		}
	}
	return step;
}

Step Generator::NextTransactionStep() {
	if (transaction_left == 0 && features.On("compaction") && steps >= config.compaction_from &&
	    compaction_rng.Percent(config.compaction_percent / 2)) {
		// the last statement before COMMIT (the lake refuses to commit a compaction and writes to the same table;
		// a compaction of a table the transaction already changed is refused at once: error_policy.cpp)
		transaction_left--;
		return Compaction(true);
	}
	if (transaction_left > 0 && features.On("partition") && deleted_in_transaction.empty() &&
	    partition_rng.Percent(config.partition_percent)) {
		auto index = PickTable();
		if (tables[index].created) {
			return PartitionedByStep(tables[index], index, partition_rng, features);
		}
	}
	if (transaction_left-- <= 0) {
		Step step;
		step.kind = rng.Percent(65) ? StepKind::COMMIT : StepKind::ROLLBACK;
		step.label = step.kind == StepKind::COMMIT ? "commit" : "rollback";
		return step;
	}
	auto roll = rng.Below(100);
	if (roll < 8 && features.On("alter")) {
		return Alter(PickTable());
	}
	if (roll < 14 && features.On("multi-table") && HasTable(1)) {
		return Cross();
	}
	if (roll < 20 && features.On("flush") && features.On("flush-in-txn")) {
		return FlushStep(tables, rng);
	}
	if (roll >= 20 && roll < 30 && QueriesOn()) {
		return Select(PickTable());
	}
	auto choice = DmlChoice(int(rng.Below(55)));
	auto table = PickTable();
	return Dml(table, DmlEnabled(choice, table) ? choice : 0);
}

Step Generator::NextAutocommit() {
	if (features.On("compaction") && steps >= config.compaction_from &&
	    compaction_rng.Percent(config.compaction_percent)) {
		return Compaction(false);
	}
	if (features.On("partition") && partition_rng.Percent(config.partition_percent)) {
		auto index = PickTable();
		if (tables[index].created) {
			return PartitionedByStep(tables[index], index, partition_rng, features);
		}
	}
	if (config.small_files && compaction_rng.Percent(20)) {
		// a focused run: inserts just above the inlining limit, each a small Parquet file for the merges
		auto table_index = PickTable();
		DmlContext ctx {rng, features};
		auto rows = std::max(1, config.inlining_limit) + 1 + compaction_rng.Range(0, 4);
		return BothStep("insert-file", InsertValues(tables[table_index], rows, ctx), table_index);
	}
	auto roll = rng.Below(100);
	auto table = PickTable();
	if (roll >= 94 && QueriesOn()) {
		return Select(table);
	}
	if (roll < 55) {
		if (roll % 5 == 0 && QueriesOn()) {
			return Select(table); // reads are cheap: a fifth of the DML share, besides the rolls from 94
		}
		auto choice = DmlChoice(int(roll));
		return Dml(table, DmlEnabled(choice, table) ? choice : 0);
	}
	if (roll < 60 && features.On("alter")) {
		return Alter(table);
	}
	if (roll < 65 && features.On("multi-table") && HasTable(1)) {
		return Cross();
	}
	if (roll < 75 && features.On("flush")) {
		return roll < 72 ? FlushStep(tables, rng) : CheckpointStep();
	}
	if (roll < 79 && features.On("expire")) {
		return roll < 78 ? ExpireStep(access.snapshots(), rng) : CleanupStep();
	}
	if (roll < 82 && features.On("options")) {
		Step step;
		if (roll == 81 && SortedByStep(tables[table], table, rng, step, features.Off("sorted-rename"))) {
			return step;
		}
		step = SetOptionStep(tables, rng);
		return step;
	}
	if (roll < 86 && features.On("reattach")) {
		if (roll == 85 && !config.autocommit_only) {
			return RestartStep();
		}
		return ReattachStep(int(rng.Range(0, 20)));
	}
	if (roll < 94 && features.On("txn") && !config.autocommit_only) {
		Step step;
		step.kind = StepKind::BEGIN;
		step.label = "begin";
		transaction_left = int(rng.Range(1, 5));
		return step;
	}
	return Dml(table, 0);
}

Step Generator::Next() {
	steps++;
	for (size_t i = 0; i < tables.size(); i++) {
		bool due = i == 0 || steps >= second_table_at;
		if (!tables[i].created && due && !in_transaction) {
			Step step = BothStep("create-table", tables[i].CreateSql(Placeholder(tables[i])), int(i));
			auto model = tables[i];
			model.created = true;
			step.models_after = {{int(i), model}};
			return step;
		}
	}
	return in_transaction ? NextInTransaction() : NextAutocommit();
}

void Generator::Applied(const Step &step) {
	for (auto &entry : step.models_after) {
		auto next_key = tables[entry.first].next_key;
		tables[entry.first] = entry.second;
		tables[entry.first].next_key = std::max(next_key, entry.second.next_key);
	}
	switch (step.kind) {
	case StepKind::BEGIN:
		in_transaction = true;
		deleted_in_transaction.clear();
		tables_before_transaction = tables;
		break;
	case StepKind::COMMIT:
		in_transaction = false;
		break;
	case StepKind::ROLLBACK:
		Aborted();
		break;
	case StepKind::REATTACH:
		config.inlining_limit = step.attach_limit;
		break;
	default:
		break;
	}
}

void Generator::Aborted() {
	if (!in_transaction) {
		return;
	}
	for (size_t i = 0; i < tables.size(); i++) {
		auto next_key = tables[i].next_key;
		auto next_column_id = tables[i].next_column_id;
		tables[i] = tables_before_transaction[i];
		tables[i].next_key = next_key;
		tables[i].next_column_id = next_column_id;
	}
	in_transaction = false;
	transaction_left = 0;
}

} // namespace inlake_random

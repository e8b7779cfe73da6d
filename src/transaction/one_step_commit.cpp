#include "transaction/one_step_commit.hpp"

#include "transaction/change_set.hpp"
#include "transaction/lake_transaction.hpp"
#include "transaction/table_stats_merge.hpp"
#include "write/inlined_rows_stats.hpp"


namespace inlake {

namespace {

//! Whether the transaction changed nothing but the inlined rows of tables that existed at its snapshot
bool OnlyInlinedInserts(const LocalChanges &changes) {
	if (changes.HasSchemaChanges() || !changes.flushes.empty() || !changes.compactions.empty() ||
	    !changes.option_changes.empty() ||
	    changes.table_changes.empty()) {
		return false;
	}
	for (auto &entry : changes.table_changes) {
		auto &table = entry.second;
		if (IsLocalId(entry.first) || !table.new_files.empty() || table.HasDeletes() || !table.inlined_rows ||
		    table.inlined_rows->Count() == 0) {
			return false;
		}
	}
	return true;
}

//! What the rows change in the table's column statistics, merged into the statistics the store knows; false when
//! it knows none, or the table had no rows then, or a column has no statistics row (the ordinary commit reads and
//! writes those)
bool DescribeColumnStats(MetadataStore &store, const LakeTableEntry &table, const LocalTableChanges &changes,
                         InlinedInsertCommit::Table &result) {
	TableStatsRecord known;
	if (!store.KnownTableStats(result.table_id, known) || known.next_row_id == 0) {
		return false;
	}
	auto &after = result.stats_after;
	after = known;
	TableStatsMerge merge(table.Record().columns, after);
	merge.AddColumnStats(InlinedRowsColumnStats(table.Record().columns, *changes.inlined_rows));
	if (after.column_stats.size() != known.column_stats.size()) {
		return false;
	}
	for (size_t i = 0; i < known.column_stats.size(); i++) {
		auto &before = known.column_stats[i];
		auto &now = after.column_stats[i];
		if (before.Same(now)) {
			continue;
		}
		ColumnStatsChange change;
		change.expected = before;
		change.updated = now;
		if (!before.SameBounds(now)) {
			if (now.has_min_max && !before.has_min_max) {
				return false; // (bounds where there were none: not an insert into a table that has had rows)
			}
			change.bounds = now.has_min_max ? ColumnStatsChange::Bounds::WIDEN : ColumnStatsChange::Bounds::UNKNOWN;
		}
		result.column_stats_changes.push_back(std::move(change));
	}
	return true;
}

//! Table `table_id`'s part of the commit; false when one of its rows keeps a committed id (an UPDATE's), or its
//! column statistics are not known
bool DescribeTable(LakeTransaction &transaction, int64_t table_id, const LocalTableChanges &changes,
                   InlinedInsertCommit::Table &result) {
	auto table = transaction.CurrentTable(table_id);
	if (!table) {
		return false;
	}
	auto &rows = *changes.inlined_rows;
	auto column_count = rows.ColumnCount() - 2; // then the provisional row id and the snapshot id
	result.table_id = table_id;
	result.schema_version = table->Record().schema_version;
	result.inlined_table = "ducklake_inlined_data_" + std::to_string(table_id) + "_" +
	                       std::to_string(result.schema_version);
	result.column_types.assign(rows.Types().begin(), rows.Types().begin() + column_count);
	result.rows = &rows;
	for (auto &chunk : rows.Chunks()) {
		auto row_ids = duckdb::FlatVector::GetData<int64_t>(chunk.data[column_count]);
		for (duckdb::idx_t row = 0; row < chunk.size(); row++) {
			if (!IsLocalRowId(row_ids[row])) {
				return false;
			}
			result.row_offsets.push_back(row_ids[row] - kLocalRowIdBase);
		}
	}
	result.new_row_count = changes.new_row_count;
	return DescribeColumnStats(transaction.GetCatalog().Store(), *table, changes, result);
}

} // namespace

bool TryOneStepCommit(LakeTransaction &transaction, CommittedSnapshot &result) {
	auto &changes = transaction.changes;
	if (!transaction.GetCatalog().Store().CommitsInlinedInsertsInOneStep() || !OnlyInlinedInserts(changes)) {
		return false;
	}
	InlinedInsertCommit commit;
	commit.base_snapshot_id = transaction.Snapshot().snapshot_id;
	ChangeSet change_set;
	for (auto &entry : changes.table_changes) {
		InlinedInsertCommit::Table table;
		if (!DescribeTable(transaction, entry.first, entry.second, table)) {
			return false;
		}
		commit.tables.push_back(std::move(table));
		change_set.AddId("inlined_insert", entry.first);
	}
	commit.changes = changes.commit_message;
	commit.changes.changes_made = change_set.ToString();
	auto snapshot_id = transaction.GetCatalog().Store().TryCommitInlinedInserts(commit);
	if (snapshot_id < 0) {
		return false;
	}
	result.snapshot_id = snapshot_id;
	result.parent_snapshot_id = snapshot_id - 1; // the statement took the latest snapshot's id + 1 under the lock
	return true;
}

} // namespace inlake

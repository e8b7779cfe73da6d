#include "metadata/sql/sql_write_txn.hpp"

#include "metadata/sql_literal.hpp"

#include "duckdb/common/string_util.hpp"
#include "duckdb/common/types/timestamp.hpp"

#include <chrono>
#include <thread>

namespace inlake {

SqlWriteTxn::SqlWriteTxn(SqlMetadataStore &store, const WriteRetryPolicy &retry)
    : store(store), connection(store.Connection()), guard(store.lock), batch(store.Prefix()) {
	auto wait_ms = retry.wait_ms;
	for (int64_t attempt = 0;; attempt++) {
		try {
			// the commit's first read travels with the BEGIN (one round trip to a server)
			latest = CatalogReader::LatestSnapshotFrom(connection.BeginWriteAndQuery(store.Reader().LatestSnapshotSql()));
			has_latest = true;
			break;
		} catch (CatalogQueryError &error) {
			if (error.kind != CatalogErrorKind::BUSY || attempt >= retry.max_retries) {
				throw;
			}
		}
		std::this_thread::sleep_for(std::chrono::microseconds(int64_t(wait_ms * 1000)));
		wait_ms *= retry.backoff;
	}
	open = true;
}

SqlWriteTxn::~SqlWriteTxn() {
	if (open) {
		try {
			Rollback();
		} catch (...) { // NOLINT: a destructor must not throw
		}
	}
}

SnapshotRecord SqlWriteTxn::GetLatestSnapshot() {
	if (has_latest) {
		has_latest = false; // read when the transaction began: nothing committed since (the lock is held)
		return latest;
	}
	return store.Reader().LatestSnapshot();
}

std::vector<SnapshotChangesRecord> SqlWriteTxn::GetChangesAfter(int64_t snapshot_id) {
	return store.Reader().ChangesAfter(snapshot_id);
}

TableStatsRecord SqlWriteTxn::GetTableStats(int64_t table_id) {
	auto &known = store.stats_after_commit;
	auto known_stats = known.stats.find(table_id);
	auto known_inlined = known.inlined_tables.find(table_id);
	if (known.snapshot_id == latest.snapshot_id && known_stats != known.stats.end() &&
	    known_inlined != known.inlined_tables.end()) {
		// this store's last commit wrote them, and nothing has committed since (`latest` was read under the lock)
		inlined_tables[table_id] = known_inlined->second;
		return stats_read[table_id] = known_stats->second;
	}
	// the table's inlined tables come along: a commit that writes the table asks for them next
	std::vector<InlinedTableRecord> inlined;
	auto stats = store.Reader().TableStatsAndInlinedTables(table_id, inlined);
	inlined_tables[table_id] = std::move(inlined);
	stats_read[table_id] = stats;
	store.KnowTableStats(stats); // (the catalog's, read under the lock)
	return stats;
}

bool SqlWriteTxn::NameInUse(int64_t schema_id, const std::string &name, const std::vector<int64_t> &tables,
                          const std::vector<int64_t> &views) {
	return store.Reader().NameInUse(schema_id, name, tables, views);
}

void SqlWriteTxn::InsertSnapshot(const SnapshotRecord &snapshot, const SnapshotChangesRecord &changes) {
	// `snapshot` carries the latest snapshot's time (the commit copied the latest record)
	batch.InsertSnapshot(snapshot, NextSnapshotTime(snapshot.snapshot_time), changes);
}

void SqlWriteTxn::InsertSchema(const SchemaRecord &schema, int64_t begin_snapshot) {
	batch.InsertSchema(schema, begin_snapshot);
}

void SqlWriteTxn::InsertView(const ViewRecord &view, int64_t begin_snapshot) {
	batch.InsertView(view, begin_snapshot);
}

void SqlWriteTxn::EndView(int64_t view_id, int64_t end_snapshot) {
	batch.EndView(view_id, end_snapshot);
}

void SqlWriteTxn::InsertMacro(const MacroRecord &macro, int64_t begin_snapshot) {
	batch.InsertMacro(macro, begin_snapshot);
}

void SqlWriteTxn::EndMacro(int64_t macro_id, int64_t end_snapshot) {
	batch.EndMacro(macro_id, end_snapshot);
}

void SqlWriteTxn::EndSchema(int64_t schema_id, int64_t end_snapshot) {
	batch.EndSchema(schema_id, end_snapshot);
}

void SqlWriteTxn::InsertTable(const TableRecord &table, int64_t begin_snapshot) {
	batch.InsertTable(table, begin_snapshot);
}

void SqlWriteTxn::EndTable(int64_t table_id, int64_t end_snapshot) {
	batch.EndTable(table_id, end_snapshot);
}

void SqlWriteTxn::InsertDataFile(const DataFileRecord &file) {
	batch.InsertDataFile(file);
}

void SqlWriteTxn::InsertNameMapping(const NameMapping &mapping) {
	batch.InsertNameMapping(mapping);
}

std::vector<DataFileRecord> SqlWriteTxn::FindLiveDataFilesByPath(int64_t table_id,
                                                                 const std::vector<std::string> &paths) {
	return store.Reader().DataFilesWithPaths(table_id, -1, paths);
}

void SqlWriteTxn::EndDataFilesOfTable(int64_t table_id, int64_t end_snapshot) {
	batch.EndDataFilesOfTable(table_id, end_snapshot);
}

void SqlWriteTxn::EndDataFiles(int64_t table_id, const std::vector<int64_t> &data_file_ids, int64_t end_snapshot) {
	batch.EndDataFiles(table_id, data_file_ids, end_snapshot);
}

void SqlWriteTxn::WriteTableStats(const TableStatsRecord &stats, bool exists) {
	// only the column stats rows that differ from those this transaction read (under the lock) are written
	auto read = stats_read.find(stats.table_id);
	store.Writer().WriteTableStats(stats, exists, read != stats_read.end() ? &read->second : nullptr);
	stats_read[stats.table_id] = stats; // what the catalog holds now
	stats_written.insert(stats.table_id);
}

void SqlWriteTxn::RecordSchemaVersion(int64_t begin_snapshot, int64_t schema_version, int64_t table_id) {
	batch.RecordSchemaVersion(begin_snapshot, schema_version, table_id);
}

void SqlWriteTxn::WriteSortOrder(int64_t table_id, int64_t sort_id, const std::vector<TableRecord::SortKey> &sort_keys,
                                 int64_t snapshot_id) {
	batch.WriteSortOrder(table_id, sort_id, sort_keys, snapshot_id);
}

void SqlWriteTxn::WritePartitionSpec(int64_t table_id, const PartitionSpec &spec, int64_t snapshot_id,
                                  bool superseded) {
	batch.WritePartitionSpec(table_id, spec, snapshot_id, superseded);
}

void SqlWriteTxn::WriteOption(const OptionRecord &option, bool remove) {
	batch.WriteOption(option, remove);
}

std::vector<InlinedTableRecord> SqlWriteTxn::GetInlinedTables(int64_t table_id) {
	auto known = inlined_tables.find(table_id);
	if (known != inlined_tables.end()) {
		return known->second; // read by this transaction, which has changed none of them since
	}
	return store.Reader().InlinedTables(table_id);
}

void SqlWriteTxn::CreateInlinedTable(const InlinedTableRecord &table, const std::vector<LakeColumn> &columns,
                                     const InlinedColumnNames &names) {
	inlined_tables.erase(table.table_id);
	store.Writer().CreateInlinedTable(table, columns, names);
}

void SqlWriteTxn::AppendInlinedRows(const std::string &inlined_table, duckdb::ColumnDataCollection &rows) {
	auto &dialect = connection.Dialect();
	std::vector<std::vector<duckdb::Value>> encoded;
	encoded.reserve(rows.Count());
	for (auto &chunk : rows.Chunks()) {
		for (duckdb::idx_t row = 0; row < chunk.size(); row++) {
			std::vector<duckdb::Value> values;
			values.reserve(chunk.ColumnCount());
			for (duckdb::idx_t column = 0; column < chunk.ColumnCount(); column++) {
				auto value = chunk.GetValue(column, row);
				// the row id and snapshot columns are BIGINT in every dialect
				values.push_back(column < 3 ? std::move(value) : dialect.EncodeInlined(value));
			}
			encoded.push_back(std::move(values));
		}
	}
	connection.AppendRows(store.Prefix() + SqlIdentifier(inlined_table), {}, encoded);
}

int64_t SqlWriteTxn::EndInlinedRows(const std::string &inlined_table, const InlinedColumnNames &names,
                                    const std::vector<int64_t> &row_ids, int64_t end_snapshot, int64_t visible_at) {
	return store.Writer().EndInlinedRows(inlined_table, names, row_ids, end_snapshot, visible_at);
}

void SqlWriteTxn::InsertDeleteFile(const DeleteFileRecord &file) {
	store.Writer().InsertDeleteFile(file);
}

bool SqlWriteTxn::DeletesChangedSince(int64_t table_id, int64_t data_file_id, int64_t snapshot_id,
                                      bool include_inlined) {
	return store.Reader().DeletesChangedSince(table_id, data_file_id, snapshot_id, include_inlined);
}

bool SqlWriteTxn::AnyDeletesChangedSince(int64_t table_id, const std::vector<int64_t> &data_file_ids,
                                         int64_t snapshot_id, int64_t first_new_file_id) {
	return store.Reader().AnyDeletesChangedSince(table_id, data_file_ids, snapshot_id, first_new_file_id);
}

std::vector<DataFileRecord> SqlWriteTxn::GetLiveDataFiles(int64_t table_id) {
	return store.Reader().LiveDataFiles(table_id);
}

std::vector<InlinedDeleteRecord> SqlWriteTxn::FindInlinedDeletes(int64_t table_id,
                                                                 const std::vector<InlinedDeleteRecord> &positions) {
	return store.Reader().FindInlinedDeletes(table_id, positions);
}

void SqlWriteTxn::AppendInlinedDeletes(int64_t table_id, const std::vector<InlinedDeleteRecord> &deletes,
                                       int64_t snapshot_id) {
	store.Writer().AppendInlinedDeletes(table_id, deletes, snapshot_id);
}

int64_t SqlWriteTxn::CountInlinedRowsEndedAfter(const std::string &inlined_table, const InlinedColumnNames &names,
                                                int64_t snapshot_id) {
	return store.Reader().CountInlinedRowsEndedAfter(inlined_table, names, snapshot_id);
}

void SqlWriteTxn::DeleteInlinedRowsUpTo(const std::string &inlined_table, const InlinedColumnNames &names,
                                        int64_t snapshot_id) {
	store.Writer().DeleteInlinedRowsUpTo(inlined_table, names, snapshot_id);
}

void SqlWriteTxn::DeleteInlinedDeletesUpTo(int64_t table_id, int64_t data_file_id, int64_t snapshot_id) {
	store.Writer().DeleteInlinedDeletesUpTo(table_id, data_file_id, snapshot_id);
}

void SqlWriteTxn::DropInlinedTable(const InlinedTableRecord &table) {
	inlined_tables.erase(table.table_id);
	store.Writer().DropInlinedTable(table);
}

void SqlWriteTxn::Commit() {
	// End rows first (an UPDATE must not touch rows this commit inserts), then insert.
	for (auto &statement : batch.EndStatements()) {
		connection.Execute(statement);
	}
	for (auto &entry : batch.StagedRows()) {
		InsertStagedRows(connection, store.Prefix(), entry.first, entry.second);
	}
	for (auto &statement : batch.Statements()) {
		connection.Execute(statement);
	}
	if (batch.HasSnapshot()) {
		InsertStagedRows(connection, store.Prefix(), "ducklake_snapshot", {batch.SnapshotRow()});
		InsertStagedRows(connection, store.Prefix(), "ducklake_snapshot_changes", {batch.ChangesRow()});
	}
	open = false;
	store.stats_after_commit = SqlMetadataStore::StatsAfterCommit(); // unknown until the COMMIT succeeds
	connection.Commit(); // a failed COMMIT rolls back and throws
	for (auto table_id : stats_written) {
		store.KnowTableStats(stats_read[table_id]);
	}
	RememberStatsAfterCommit();
}

//! Whether a commit's changes (changes_made) only add or delete rows: its tables' stats changed only as it wrote
//! them through WriteTableStats (no schema, column or table change)
static bool OnlyRowChanges(const std::string &changes_made) {
	for (auto &change : duckdb::StringUtil::Split(changes_made, ",")) {
		auto kind = change.substr(0, change.find(':'));
		if (kind != "inlined_insert" && kind != "inlined_delete" && kind != "inserted_into_table" &&
		    kind != "deleted_from_table") {
			return false;
		}
	}
	return true;
}

void SqlWriteTxn::RememberStatsAfterCommit() {
	// (the changes row: snapshot id, changes_made, ...)
	if (!batch.HasSnapshot() || !OnlyRowChanges(batch.ChangesRow()[1].ToString())) {
		return;
	}
	SqlMetadataStore::StatsAfterCommit after;
	after.snapshot_id = batch.SnapshotRow()[0].GetValue<int64_t>();
	for (auto table_id : stats_written) {
		auto inlined = inlined_tables.find(table_id);
		if (inlined != inlined_tables.end()) { // (absent: this transaction created an inlined table)
			after.stats[table_id] = stats_read[table_id];
			after.inlined_tables[table_id] = inlined->second;
		}
	}
	store.stats_after_commit = std::move(after);
}

void SqlWriteTxn::Rollback() {
	if (!open) {
		return;
	}
	open = false;
	connection.Rollback();
}

// --- expiry and cleanup: the backend-neutral CatalogMaintenance ---

std::vector<SnapshotRecord> SqlWriteTxn::GetAllSnapshots() {
	return store.Maintenance().AllSnapshots();
}

void SqlWriteTxn::DeleteSnapshots(const std::vector<int64_t> &snapshot_ids) {
	store.Maintenance().DeleteSnapshots(snapshot_ids);
}

std::vector<FileLocationRecord> SqlWriteTxn::FindUnreachableDataFiles() {
	return store.Maintenance().FindUnreachableDataFiles();
}

std::vector<FileLocationRecord> SqlWriteTxn::FindUnreachableDeleteFiles() {
	return store.Maintenance().FindUnreachableDeleteFiles();
}

void SqlWriteTxn::ScheduleFilesForDeletion(const std::vector<ScheduledFileRecord> &files) {
	store.Maintenance().ScheduleFilesForDeletion(files);
}

void SqlWriteTxn::RemoveDataFiles(const std::vector<int64_t> &data_file_ids) {
	store.Maintenance().RemoveDataFiles(data_file_ids);
}

void SqlWriteTxn::RemoveDeleteFiles(const std::vector<int64_t> &delete_file_ids) {
	store.Maintenance().RemoveDeleteFiles(delete_file_ids);
}

void SqlWriteTxn::RemoveUnreachableCatalogRows() {
	store.Maintenance().RemoveUnreachableCatalogRows();
}

int64_t SqlWriteTxn::RemoveUnreachableInlinedRows(const std::string &inlined_table, const InlinedColumnNames &names) {
	return store.Maintenance().RemoveUnreachableInlinedRows(inlined_table, names);
}

std::vector<InlinedTableRecord> SqlWriteTxn::GetAllInlinedTables() {
	return store.Reader().InlinedTables(-1);
}

std::vector<int64_t> SqlWriteTxn::FindRemovedTables() {
	return store.Maintenance().FindRemovedTables();
}

void SqlWriteTxn::RemoveTableLeftovers(int64_t table_id) {
	store.Maintenance().RemoveTableLeftovers(table_id);
}

std::vector<ScheduledFileRecord> SqlWriteTxn::GetScheduledFiles(bool all, duckdb::timestamp_tz_t before) {
	return store.Maintenance().ScheduledFiles(all, before);
}

void SqlWriteTxn::RemoveScheduledFiles(const std::vector<ScheduledFileRecord> &files) {
	store.Maintenance().RemoveScheduledFiles(files);
}

} // namespace inlake

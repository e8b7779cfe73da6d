#include "metadata/duckdb/duckdb_write_txn.hpp"

#include "metadata/column_rows.hpp"
#include "metadata/duckdb/duckdb_metadata_store.hpp"
#include "metadata/duckdb/result_reader.hpp"
#include "metadata/sql_literal.hpp"

#include "duckdb/main/materialized_query_result.hpp"

namespace inlake {

DuckDBWriteTxn::DuckDBWriteTxn(DuckDBMetadataStore &store, InternalConnection &connection)
    : store(store), connection(connection), guard(store.lock),
      batch(store.Prefix()), direct(*connection.context, store.MetadataDatabase(), store.MetadataSchema()) {
	// What BEGIN does, without running a statement for it.
	auto &transaction = connection.context->transaction;
	transaction.BeginTransaction();
	transaction.SetAutoCommit(false);
	open = true;
}

DuckDBWriteTxn::~DuckDBWriteTxn() {
	if (open) {
		try {
			Rollback();
		} catch (...) { // NOLINT: a destructor must not throw
		}
	}
}

void DuckDBWriteTxn::Execute(const std::string &sql) {
	store.Query(sql);
}

SnapshotRecord DuckDBWriteTxn::GetLatestSnapshot() {
	return store.ReadLatestSnapshot();
}

std::vector<SnapshotChangesRecord> DuckDBWriteTxn::GetChangesAfter(int64_t snapshot_id) {
	return store.Reader().ChangesAfter(snapshot_id);
}

TableStatsRecord DuckDBWriteTxn::GetTableStats(int64_t table_id) {
	auto pending = staged.stats.find(table_id);
	if (pending != staged.stats.end()) {
		return pending->second;
	}
	return ReadTableStats(store, table_id);
}

TableStatsRecord ReadTableStats(DuckDBMetadataStore &store, int64_t table_id) {
	auto cached = store.cache.stats.find(table_id);
	if (cached != store.cache.stats.end()) {
		return cached->second;
	}
	auto stats = store.Reader().TableStats(table_id);
	store.cache.stats[table_id] = stats;
	return stats;
}

bool DuckDBWriteTxn::NameInUse(int64_t schema_id, const std::string &name, const std::vector<int64_t> &tables,
                          const std::vector<int64_t> &views) {
	return store.Reader().NameInUse(schema_id, name, tables, views);
}

void DuckDBWriteTxn::InsertSnapshot(const SnapshotRecord &snapshot, const SnapshotChangesRecord &changes) {
	staged.has_latest = true;
	staged.latest = snapshot;
	staged.latest.snapshot_time = NextSnapshotTime(snapshot.snapshot_time); // `snapshot` copied the latest's time
	batch.InsertSnapshot(snapshot, staged.latest.snapshot_time, changes);
}

void DuckDBWriteTxn::InsertSchema(const SchemaRecord &schema, int64_t begin_snapshot) {
	batch.InsertSchema(schema, begin_snapshot);
}

void DuckDBWriteTxn::InsertView(const ViewRecord &view, int64_t begin_snapshot) {
	batch.InsertView(view, begin_snapshot);
}

void DuckDBWriteTxn::EndView(int64_t view_id, int64_t end_snapshot) {
	batch.EndView(view_id, end_snapshot);
}

void DuckDBWriteTxn::InsertMacro(const MacroRecord &macro, int64_t begin_snapshot) {
	batch.InsertMacro(macro, begin_snapshot);
}

void DuckDBWriteTxn::EndMacro(int64_t macro_id, int64_t end_snapshot) {
	batch.EndMacro(macro_id, end_snapshot);
}

void DuckDBWriteTxn::EndSchema(int64_t schema_id, int64_t end_snapshot) {
	batch.EndSchema(schema_id, end_snapshot);
}

void DuckDBWriteTxn::InsertTable(const TableRecord &table, int64_t begin_snapshot) {
	batch.InsertTable(table, begin_snapshot);
}

void DuckDBWriteTxn::EndTable(int64_t table_id, int64_t end_snapshot) {
	staged.touched_tables.insert(table_id);
	batch.EndTable(table_id, end_snapshot);
}

void DuckDBWriteTxn::InsertDataFile(const DataFileRecord &file) {
	staged.touched_tables.insert(file.table_id);
	batch.InsertDataFile(file);
}

void DuckDBWriteTxn::InsertNameMapping(const NameMapping &mapping) {
	staged.touched_tables.insert(mapping.table_id);
	batch.InsertNameMapping(mapping);
}

std::vector<DataFileRecord> DuckDBWriteTxn::FindLiveDataFilesByPath(int64_t table_id,
                                                                    const std::vector<std::string> &paths) {
	return store.Reader().DataFilesWithPaths(table_id, -1, paths);
}

void DuckDBWriteTxn::EndDataFilesOfTable(int64_t table_id, int64_t end_snapshot) {
	staged.touched_tables.insert(table_id);
	batch.EndDataFilesOfTable(table_id, end_snapshot);
}

void DuckDBWriteTxn::EndDataFiles(int64_t table_id, const std::vector<int64_t> &data_file_ids,
                                  int64_t end_snapshot) {
	staged.touched_tables.insert(table_id);
	batch.EndDataFiles(table_id, data_file_ids, end_snapshot);
}

void DuckDBWriteTxn::RecordSchemaVersion(int64_t begin_snapshot, int64_t schema_version, int64_t table_id) {
	batch.RecordSchemaVersion(begin_snapshot, schema_version, table_id);
}

void DuckDBWriteTxn::WriteSortOrder(int64_t table_id, int64_t sort_id,
                                    const std::vector<TableRecord::SortKey> &sort_keys, int64_t snapshot_id) {
	batch.WriteSortOrder(table_id, sort_id, sort_keys, snapshot_id);
}

void DuckDBWriteTxn::WritePartitionSpec(int64_t table_id, const PartitionSpec &spec, int64_t snapshot_id,
                                  bool superseded) {
	batch.WritePartitionSpec(table_id, spec, snapshot_id, superseded);
}

void DuckDBWriteTxn::WriteOption(const OptionRecord &option, bool remove) {
	batch.WriteOption(option, remove);
}

void DuckDBWriteTxn::Commit() {
	// End rows first (an UPDATE must not touch rows this commit inserts), then insert.
	for (auto &statement : batch.EndStatements()) {
		Execute(statement);
	}
	// the storage API instead of INSERT statements: the commit's fast path on a DuckDB file
	for (auto &entry : batch.StagedRows()) {
		direct.AppendValues(entry.first, entry.second);
	}
	for (auto &statement : batch.Statements()) {
		Execute(statement);
	}
	for (auto &write : stats_writes) {
		WriteStatsRows(write);
	}
	if (batch.HasSnapshot()) {
		direct.AppendValues("ducklake_snapshot", {batch.SnapshotRow()});
		direct.AppendValues("ducklake_snapshot_changes", {batch.ChangesRow()});
	}
	// What COMMIT does, without running a statement for it; on failure the transaction is rolled back.
	open = false;
	connection.context->transaction.Commit();
	staged.ApplyTo(store.cache);
	store.CheckpointIfWalLarge(removed_inlined_rows);
}

void DuckDBWriteTxn::Rollback() {
	if (!open) {
		return;
	}
	open = false;
	if (connection.HasActiveTransaction()) {
		connection.Rollback();
	}
}

} // namespace inlake

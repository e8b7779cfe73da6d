#include "metadata/duckdb/duckdb_write_txn.hpp"

#include "metadata/column_rows.hpp"
#include "metadata/duckdb/duckdb_metadata_store.hpp"
#include "metadata/duckdb/result_reader.hpp"
#include "metadata/sql_literal.hpp"

#include "duckdb/main/materialized_query_result.hpp"

namespace inlake {

DuckDBWriteTxn::DuckDBWriteTxn(DuckDBMetadataStore &store, InternalConnection &connection)
    : store(store), connection(connection), guard(store.lock),
      direct(*connection.context, store.MetadataDatabase(), store.MetadataSchema()) {
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
	auto result = store.Query("SELECT snapshot_id, changes_made FROM " + store.Prefix() +
	                          "ducklake_snapshot_changes WHERE snapshot_id > " + SqlInt(snapshot_id) +
	                          " ORDER BY snapshot_id");
	std::vector<SnapshotChangesRecord> changes;
	for (duckdb::idx_t row = 0; row < result->RowCount(); row++) {
		ResultRow r(*result, row);
		SnapshotChangesRecord record;
		record.snapshot_id = r.Int(0);
		record.changes_made = r.String(1);
		changes.push_back(std::move(record));
	}
	return changes;
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
	auto stats = QueryTableStats(store, table_id);
	store.cache.stats[table_id] = stats;
	return stats;
}

TableStatsRecord QueryTableStats(DuckDBMetadataStore &store, int64_t table_id) {
	TableStatsRecord stats;
	stats.table_id = table_id;
	auto result = store.Query("SELECT record_count, next_row_id, file_size_bytes FROM " + store.Prefix() +
	                          "ducklake_table_stats WHERE table_id = " + SqlInt(table_id));
	if (result->RowCount() == 0) {
		stats.table_id = -1; // no stats row yet
		return stats;
	}
	ResultRow r(*result, 0);
	stats.record_count = r.Int(0);
	stats.next_row_id = r.Int(1);
	stats.file_size_bytes = r.Int(2);
	auto columns = store.Query("SELECT column_id, contains_null, contains_nan, min_value, max_value FROM " +
	                           store.Prefix() + "ducklake_table_column_stats WHERE table_id = " + SqlInt(table_id));
	for (duckdb::idx_t row = 0; row < columns->RowCount(); row++) {
		ResultRow c(*columns, row);
		ColumnStatsRecord column;
		column.column_id = c.Int(0);
		column.contains_null = c.Bool(1, false);
		column.contains_nan = c.Bool(2, false);
		column.has_min_max = !c.IsNull(3) && !c.IsNull(4);
		column.min_value = c.String(3);
		column.max_value = c.String(4);
		stats.column_stats.push_back(std::move(column));
	}
	return stats;
}

void DuckDBWriteTxn::Stage(const std::string &table, std::vector<duckdb::Value> row) {
	for (auto &entry : staged_rows) {
		if (entry.first == table) {
			entry.second.push_back(std::move(row));
			return;
		}
	}
	staged_rows.emplace_back(table, std::vector<std::vector<duckdb::Value>> {std::move(row)});
}

namespace {

using duckdb::Value;

Value Text(const std::string &text) {
	return Value(text);
}

Value TextOrNull(const std::string &text, bool present) {
	return present ? Value(text) : Value(duckdb::LogicalType::VARCHAR);
}

Value IdOrNull(int64_t id) {
	return id >= 0 ? Value::BIGINT(id) : Value(duckdb::LogicalType::BIGINT);
}

const Value kNullId = Value(duckdb::LogicalType::BIGINT);

} // namespace

void DuckDBWriteTxn::InsertSnapshot(const SnapshotRecord &snapshot, const SnapshotChangesRecord &changes) {
	staged.has_latest = true;
	staged.latest = snapshot;
	staged.latest.snapshot_time = duckdb::timestamp_tz_t(duckdb::Timestamp::GetCurrentTimestamp());
	auto text = [](const std::string &value, bool present) {
		return present ? duckdb::Value(value) : duckdb::Value(duckdb::LogicalType::VARCHAR);
	};
	snapshot_row = {duckdb::Value::BIGINT(snapshot.snapshot_id), duckdb::Value::TIMESTAMPTZ(staged.latest.snapshot_time),
	                duckdb::Value::BIGINT(snapshot.schema_version), duckdb::Value::BIGINT(snapshot.next_catalog_id),
	                duckdb::Value::BIGINT(snapshot.next_file_id)};
	changes_row = {duckdb::Value::BIGINT(snapshot.snapshot_id), duckdb::Value(changes.changes_made),
	               text(changes.author, changes.has_author), text(changes.commit_message, changes.has_commit_message),
	               text(changes.commit_extra_info, changes.has_commit_extra_info)};
}

void DuckDBWriteTxn::InsertSchema(const SchemaRecord &schema, int64_t begin_snapshot) {
	Stage("ducklake_schema", {Value::BIGINT(schema.schema_id), Value::UUID(schema.schema_uuid),
	                          Value::BIGINT(begin_snapshot), kNullId, Text(schema.schema_name), Text(schema.path),
	                          Value::BOOLEAN(schema.path_is_relative)});
}

void DuckDBWriteTxn::EndSchema(int64_t schema_id, int64_t end_snapshot) {
	end_statements.push_back("UPDATE " + store.Prefix() + "ducklake_schema SET end_snapshot = " + SqlInt(end_snapshot) +
	                     " WHERE schema_id = " + SqlInt(schema_id) + " AND end_snapshot IS NULL");
}

void DuckDBWriteTxn::InsertTable(const TableRecord &table, int64_t begin_snapshot) {
	Stage("ducklake_table", {Value::BIGINT(table.table_id), Value::UUID(table.table_uuid), Value::BIGINT(begin_snapshot),
	                         kNullId, Value::BIGINT(table.schema_id), Text(table.table_name), Text(table.path),
	                         Value::BOOLEAN(table.path_is_relative)});
	for (auto &column : FlattenColumnTrees(table.table_id, table.columns)) {
		Stage("ducklake_column",
		      {Value::BIGINT(column.column_id), Value::BIGINT(begin_snapshot), kNullId, Value::BIGINT(table.table_id),
		       Value::BIGINT(column.column_order), Text(column.column_name), Text(column.column_type),
		       TextOrNull(column.initial_default, column.has_initial_default),
		       TextOrNull(column.default_value, column.has_default), Value::BOOLEAN(column.nulls_allowed),
		       IdOrNull(column.parent_column), TextOrNull("expression", column.has_default),
		       TextOrNull("duckdb", column.has_default)});
	}
}

void DuckDBWriteTxn::EndTable(int64_t table_id, int64_t end_snapshot) {
	staged.touched_tables.insert(table_id);
	for (auto table : {"ducklake_table", "ducklake_column"}) {
		end_statements.push_back("UPDATE " + store.Prefix() + table + " SET end_snapshot = " + SqlInt(end_snapshot) +
		                     " WHERE table_id = " + SqlInt(table_id) + " AND end_snapshot IS NULL");
	}
}

void DuckDBWriteTxn::InsertDataFile(const DataFileRecord &file) {
	staged.touched_tables.insert(file.table_id);
	std::vector<Value> row {Value::BIGINT(file.data_file_id), Value::BIGINT(file.table_id),
	                        Value::BIGINT(file.begin_snapshot), kNullId, Value::BIGINT(file.file_order),
	                        Text(file.path), Value::BOOLEAN(file.path_is_relative), Text("parquet"),
	                        Value::BIGINT(file.record_count), Value::BIGINT(file.file_size_bytes),
	                        Value::BIGINT(file.footer_size), Value::BIGINT(file.row_id_start), kNullId,
	                        Value(duckdb::LogicalType::VARCHAR), kNullId, IdOrNull(file.partial_max)};
	if (file.row_group_count >= 0) {
		row.push_back(Value::BIGINT(file.row_group_count)); // format 1.1 only; left out, it is NULL
	}
	Stage("ducklake_data_file", std::move(row));
	for (auto &column : file.column_stats) {
		// min/max are values of the user's data: typed values, never SQL text
		Stage("ducklake_file_column_stats",
		      {Value::BIGINT(file.data_file_id), Value::BIGINT(file.table_id), Value::BIGINT(column.column_id),
		       Value::BIGINT(column.column_size_bytes), Value::BIGINT(column.value_count),
		       Value::BIGINT(column.null_count), TextOrNull(column.min_value, column.has_min_max),
		       TextOrNull(column.max_value, column.has_min_max), Value::BOOLEAN(column.contains_nan),
		       Value(duckdb::LogicalType::VARCHAR)});
	}
}

void DuckDBWriteTxn::EndDataFilesOfTable(int64_t table_id, int64_t end_snapshot) {
	staged.touched_tables.insert(table_id);
	end_statements.push_back("UPDATE " + store.Prefix() + "ducklake_data_file SET end_snapshot = " + SqlInt(end_snapshot) +
	                     " WHERE table_id = " + SqlInt(table_id) + " AND end_snapshot IS NULL");
}

void DuckDBWriteTxn::RecordSchemaVersion(int64_t begin_snapshot, int64_t schema_version, int64_t table_id) {
	Stage("ducklake_schema_versions", {Value::BIGINT(begin_snapshot), Value::BIGINT(schema_version), IdOrNull(table_id)});
}

void DuckDBWriteTxn::Commit() {
	// End rows first (an UPDATE must not touch rows this commit inserts), then insert.
	for (auto &statement : end_statements) {
		Execute(statement);
	}
	for (auto &entry : staged_rows) {
		direct.AppendValues(entry.first, entry.second);
	}
	for (auto &statement : statements) {
		Execute(statement);
	}
	for (auto &write : stats_writes) {
		WriteStatsRows(write);
	}
	if (!snapshot_row.empty()) {
		direct.AppendValues("ducklake_snapshot", {snapshot_row});
		direct.AppendValues("ducklake_snapshot_changes", {changes_row});
	}
	// What COMMIT does, without running a statement for it; on failure the transaction is rolled back.
	open = false;
	connection.context->transaction.Commit();
	staged.ApplyTo(store.cache);
	store.CheckpointIfWalLarge();
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

#include "metadata/duckdb/duckdb_write_txn.hpp"

#include "metadata/column_rows.hpp"
#include "metadata/duckdb/duckdb_metadata_store.hpp"
#include "metadata/duckdb/result_reader.hpp"
#include "metadata/sql_literal.hpp"

#include "duckdb/main/materialized_query_result.hpp"

namespace inlake {

DuckDBWriteTxn::DuckDBWriteTxn(DuckDBMetadataStore &store, duckdb::Connection &connection)
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

void DuckDBWriteTxn::Stage(const std::string &table, std::string row) {
	for (auto &entry : staged_rows) {
		if (entry.first == table) {
			entry.second.push_back(std::move(row));
			return;
		}
	}
	staged_rows.emplace_back(table, std::vector<std::string> {std::move(row)});
}

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
	Stage("ducklake_schema", "(" + SqlInt(schema.schema_id) + ", " + SqlString(schema.schema_uuid) + ", " +
	                             SqlInt(begin_snapshot) + ", NULL, " + SqlString(schema.schema_name) + ", " +
	                             SqlString(schema.path) + ", " + SqlBool(schema.path_is_relative) + ")");
}

void DuckDBWriteTxn::EndSchema(int64_t schema_id, int64_t end_snapshot) {
	end_statements.push_back("UPDATE " + store.Prefix() + "ducklake_schema SET end_snapshot = " + SqlInt(end_snapshot) +
	                     " WHERE schema_id = " + SqlInt(schema_id) + " AND end_snapshot IS NULL");
}

void DuckDBWriteTxn::InsertTable(const TableRecord &table, int64_t begin_snapshot) {
	Stage("ducklake_table", "(" + SqlInt(table.table_id) + ", " + SqlString(table.table_uuid) + ", " +
	                            SqlInt(begin_snapshot) + ", NULL, " + SqlInt(table.schema_id) + ", " +
	                            SqlString(table.table_name) + ", " + SqlString(table.path) + ", " +
	                            SqlBool(table.path_is_relative) + ")");
	for (auto &column : FlattenColumnTrees(table.table_id, table.columns)) {
		Stage("ducklake_column (column_id, begin_snapshot, end_snapshot, table_id, column_order, column_name, "
		      "column_type, initial_default, default_value, nulls_allowed, parent_column, default_value_type, "
		      "default_value_dialect)",
		      "(" + SqlInt(column.column_id) + ", " + SqlInt(begin_snapshot) + ", NULL, " + SqlInt(table.table_id) +
		          ", " + SqlInt(column.column_order) + ", " + SqlString(column.column_name) + ", " +
		          SqlString(column.column_type) + ", " +
		          SqlStringOrNull(column.initial_default, column.has_initial_default) + ", " +
		          SqlStringOrNull(column.default_value, column.has_default) + ", " +
		          SqlBool(column.nulls_allowed) + ", " + SqlIdOrNull(column.parent_column) + ", " +
		          (column.has_default ? "'expression'" : "NULL") + ", " + (column.has_default ? "'duckdb'" : "NULL") +
		          ")");
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
	bool with_row_groups = file.row_group_count >= 0;
	Stage(std::string("ducklake_data_file (data_file_id, table_id, begin_snapshot, end_snapshot, file_order, path, "
	                  "path_is_relative, file_format, record_count, file_size_bytes, footer_size, row_id_start, "
	                  "partition_id, encryption_key, mapping_id, partial_max") +
	          (with_row_groups ? ", row_group_count)" : ")"),
	      "(" + SqlInt(file.data_file_id) + ", " + SqlInt(file.table_id) + ", " + SqlInt(file.begin_snapshot) +
	          ", NULL, " + SqlInt(file.file_order) + ", " + SqlString(file.path) + ", " +
	          SqlBool(file.path_is_relative) + ", 'parquet', " + SqlInt(file.record_count) + ", " +
	          SqlInt(file.file_size_bytes) + ", " + SqlInt(file.footer_size) + ", " + SqlInt(file.row_id_start) +
	          ", NULL, NULL, NULL, " + SqlIdOrNull(file.partial_max) +
	          (with_row_groups ? ", " + SqlInt(file.row_group_count) : std::string()) + ")");
	for (auto &column : file.column_stats) {
		Stage("ducklake_file_column_stats",
		      "(" + SqlInt(file.data_file_id) + ", " + SqlInt(file.table_id) + ", " + SqlInt(column.column_id) + ", " +
		          SqlInt(column.column_size_bytes) + ", " + SqlInt(column.value_count) + ", " +
		          SqlInt(column.null_count) + ", " + SqlStringOrNull(column.min_value, column.has_min_max) + ", " +
		          SqlStringOrNull(column.max_value, column.has_min_max) + ", " + SqlBool(column.contains_nan) +
		          ", NULL)");
	}
}

void DuckDBWriteTxn::EndDataFilesOfTable(int64_t table_id, int64_t end_snapshot) {
	staged.touched_tables.insert(table_id);
	end_statements.push_back("UPDATE " + store.Prefix() + "ducklake_data_file SET end_snapshot = " + SqlInt(end_snapshot) +
	                     " WHERE table_id = " + SqlInt(table_id) + " AND end_snapshot IS NULL");
}

void DuckDBWriteTxn::RecordSchemaVersion(int64_t begin_snapshot, int64_t schema_version, int64_t table_id) {
	Stage("ducklake_schema_versions",
	      "(" + SqlInt(begin_snapshot) + ", " + SqlInt(schema_version) + ", " + SqlIdOrNull(table_id) + ")");
}

void DuckDBWriteTxn::Commit() {
	// End rows first (an UPDATE must not touch rows this commit inserts), then insert.
	for (auto &statement : end_statements) {
		Execute(statement);
	}
	for (auto &entry : staged_rows) {
		std::string sql = "INSERT INTO " + store.Prefix() + entry.first + " VALUES ";
		for (size_t i = 0; i < entry.second.size(); i++) {
			sql += (i ? ", " : "") + entry.second[i];
		}
		Execute(sql);
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

#include "metadata/sql/catalog_writer.hpp"

#include <array>

#include "metadata/sql/catalog_write_batch.hpp"

#include "metadata/catalog_tables_sql.hpp"
#include "metadata/sql/catalog_reader.hpp"
#include "metadata/sql_literal.hpp"

#include "duckdb/common/types/timestamp.hpp"
#include "duckdb/common/types/uuid.hpp"

namespace inlake {
using duckdb::Value;

static std::string IdList(const std::vector<int64_t> &ids) {
	std::string list;
	for (auto id : ids) {
		list += (list.empty() ? "" : ", ") + SqlInt(id);
	}
	return list;
}

void CatalogWriter::CreateCatalog(const StoreInitOptions &options) {
	auto &dialect = connection.Dialect();
	for (auto &ddl : CatalogTableDDL(options.format_version, prefix, dialect)) {
		connection.Execute(ddl);
	}
	// what a listing restricted to some partitions (and the stats of the files it finds) looks rows up by: without
	// these, a one-partition query reads every row of a table of many files on the catalog server
	for (auto &index : {std::array<const char *, 3> {"ducklake_file_partition_value_lookup",
	                                                 "ducklake_file_partition_value",
	                                                 "table_id, partition_key_index, partition_value"},
	                    std::array<const char *, 3> {"ducklake_file_column_stats_file", "ducklake_file_column_stats",
	                                                 "data_file_id"}}) {
		auto sql = dialect.CreateLookupIndex(prefix, index[0], index[1], index[2]);
		if (!sql.empty()) {
			connection.Execute(sql);
		}
	}
	auto now = dialect.TimestampTzLiteral(duckdb::timestamp_tz_t(duckdb::Timestamp::GetCurrentTimestamp()));
	auto schema_uuid = options.lake_id.empty() ? duckdb::UUID::ToString(duckdb::UUID::GenerateRandomUUID())
	                                           : options.lake_id;
	connection.Execute("INSERT INTO " + prefix + "ducklake_metadata (key, value, scope, scope_id) VALUES ('version', " +
	                   SqlString(options.format_version) + ", NULL, NULL), ('created_by', " +
	                   SqlString(options.created_by) + ", NULL, NULL), ('data_path', " + SqlString(options.data_path) +
	                   ", NULL, NULL), ('encrypted', " + (options.encrypted ? "'true'" : "'false'") + ", NULL, NULL)");
	connection.Execute("INSERT INTO " + prefix + "ducklake_snapshot VALUES (0, " + now + ", 0, 1, 0)");
	connection.Execute("INSERT INTO " + prefix +
	                   "ducklake_snapshot_changes VALUES (0, 'created_schema:\"main\"', NULL, NULL, NULL)");
	connection.Execute("INSERT INTO " + prefix + "ducklake_schema VALUES (0, " + SqlString(schema_uuid) +
	                   ", 0, NULL, " + "'main', 'main/', " + dialect.Literal(Value::BOOLEAN(true)) + ")");
}

void CatalogWriter::CreateInlinedTable(const InlinedTableRecord &table, const std::vector<LakeColumn> &columns,
                                       const InlinedColumnNames &names) {
	auto &dialect = connection.Dialect();
	auto bigint = " " + dialect.CatalogColumnType("BIGINT");
	std::string sql = "CREATE TABLE " + prefix + SqlIdentifier(table.table_name) + " (" + SqlIdentifier(names.row_id) +
	                  bigint + ", " + SqlIdentifier(names.begin_snapshot) + bigint + ", " +
	                  SqlIdentifier(names.end_snapshot) + bigint;
	for (auto &column : columns) {
		sql += ", " + SqlIdentifier(column.name) + " " + dialect.InlinedColumnType(column.type) +
		       dialect.InlinedColumnStorage(column.type);
	}
	connection.Execute(sql + ")" + dialect.CreateTableSuffix());
	connection.Execute("INSERT INTO " + prefix + "ducklake_inlined_data_tables VALUES (" + SqlInt(table.table_id) +
	                   ", " + SqlString(table.table_name) + ", " + SqlInt(table.schema_version) + ")");
}

int64_t CatalogWriter::EndInlinedRows(const std::string &inlined_table, const InlinedColumnNames &names,
                                      const std::vector<int64_t> &row_ids, int64_t end_snapshot, int64_t visible_at) {
	if (row_ids.empty()) {
		return 0;
	}
	return connection.ExecuteCount("UPDATE " + prefix + SqlIdentifier(inlined_table) + " SET " +
	                               SqlIdentifier(names.end_snapshot) + " = " + SqlInt(end_snapshot) + " WHERE " +
	                               SqlIdentifier(names.row_id) + " IN (" + IdList(row_ids) + ") AND " +
	                               SqlIdentifier(names.begin_snapshot) + " <= " + SqlInt(visible_at) + " AND " +
	                               SqlIdentifier(names.end_snapshot) + " IS NULL");
}

void CatalogWriter::DeleteInlinedRowsUpTo(const std::string &inlined_table, const InlinedColumnNames &names,
                                          int64_t snapshot_id) {
	connection.Execute("DELETE FROM " + prefix + SqlIdentifier(inlined_table) + " WHERE " +
	                   SqlIdentifier(names.begin_snapshot) + " <= " + SqlInt(snapshot_id));
}

void CatalogWriter::DropInlinedTable(const InlinedTableRecord &table) {
	connection.DropTable(prefix + SqlIdentifier(table.table_name));
	connection.Execute("DELETE FROM " + prefix + "ducklake_inlined_data_tables WHERE table_id = " +
	                   SqlInt(table.table_id) + " AND table_name = " + SqlString(table.table_name));
}

void CatalogWriter::InsertDeleteFile(const DeleteFileRecord &file) {
	auto &dialect = connection.Dialect();
	// The new file answers for its data file from its begin snapshot on. Usually that is the new snapshot and only
	// the current delete file ends; a flush's merged partial file begins at its oldest deletion, so every older
	// delete file still visible from then on ends there too (one delete file per data file and snapshot).
	connection.Execute("UPDATE " + prefix + "ducklake_delete_file SET end_snapshot = " + SqlInt(file.begin_snapshot) +
	                   " WHERE data_file_id = " + SqlInt(file.data_file_id) +
	                   " AND (end_snapshot IS NULL OR end_snapshot > " + SqlInt(file.begin_snapshot) + ")");
	connection.Execute("INSERT INTO " + prefix +
	                   "ducklake_delete_file (delete_file_id, table_id, begin_snapshot, end_snapshot, data_file_id, "
	                   "path, path_is_relative, format, delete_count, file_size_bytes, footer_size, encryption_key, "
	                   "partial_max) VALUES (" +
	                   SqlInt(file.delete_file_id) + ", " + SqlInt(file.table_id) + ", " + SqlInt(file.begin_snapshot) +
	                   ", NULL, " + SqlInt(file.data_file_id) + ", " + SqlString(file.path) + ", " +
	                   dialect.Literal(Value::BOOLEAN(file.path_is_relative)) + ", " + SqlString(file.format) + ", " +
	                   SqlInt(file.delete_count) + ", " + SqlInt(file.file_size_bytes) + ", " +
	                   SqlInt(file.footer_size) + ", " +
	                   (file.encryption_key.empty() ? std::string("NULL") : SqlString(file.encryption_key)) + ", " +
	                   SqlIdOrNull(file.partial_max) + ")");
}

void CatalogWriter::AppendInlinedDeletes(int64_t table_id, const std::vector<InlinedDeleteRecord> &deletes,
                                         int64_t snapshot_id) {
	if (deletes.empty()) {
		return;
	}
	auto &dialect = connection.Dialect();
	auto bigint = " " + dialect.CatalogColumnType("BIGINT");
	auto table = prefix + SqlIdentifier(InlinedDeleteTableName(table_id));
	connection.Execute("CREATE TABLE IF NOT EXISTS " + table + " (file_id" + bigint + ", row_id" + bigint +
	                   ", begin_snapshot" + bigint + ")" + dialect.CreateTableSuffix());
	std::vector<std::vector<Value>> rows;
	rows.reserve(deletes.size());
	for (auto &entry : deletes) {
		rows.push_back({Value::BIGINT(entry.file_id), Value::BIGINT(entry.position), Value::BIGINT(snapshot_id)});
	}
	connection.AppendRows(table, {}, rows);
}

void CatalogWriter::DeleteInlinedDeletesUpTo(int64_t table_id, int64_t data_file_id, int64_t snapshot_id) {
	auto name = InlinedDeleteTableName(table_id);
	if (!connection.TableExists(name)) {
		return;
	}
	connection.Execute("DELETE FROM " + prefix + SqlIdentifier(name) + " WHERE file_id = " + SqlInt(data_file_id) +
	                   " AND begin_snapshot <= " + SqlInt(snapshot_id));
}

static std::vector<Value> ColumnStatsValues(const ColumnStatsRecord &column) {
	bool storable = BoundsStorable(column.has_min_max, column.min_value, column.max_value);
	auto text = [&](const std::string &value) {
		return storable ? Value(value) : Value(duckdb::LogicalType::VARCHAR);
	};
	return {Value::BOOLEAN(column.contains_null), Value::BOOLEAN(column.contains_nan), text(column.min_value),
	        text(column.max_value)};
}

void CatalogWriter::UpdateChangedColumnStats(const TableStatsRecord &stats, const TableStatsRecord &previous) {
	// the values are parameters: the statement's text is the same at every commit (kept prepared)
	auto &dialect = connection.Dialect();
	std::string sql = "UPDATE " + prefix + "ducklake_table_column_stats SET contains_null = " + dialect.Parameter(1) +
	                  ", contains_nan = " + dialect.Parameter(2) + ", min_value = " + dialect.Parameter(3) +
	                  ", max_value = " + dialect.Parameter(4) + " WHERE table_id = " + dialect.Parameter(5) +
	                  " AND column_id = " + dialect.Parameter(6);
	for (size_t i = 0; i < stats.column_stats.size(); i++) {
		auto &column = stats.column_stats[i];
		if (column.Same(previous.column_stats[i])) {
			continue;
		}
		auto values = ColumnStatsValues(column);
		values.push_back(Value::BIGINT(stats.table_id));
		values.push_back(Value::BIGINT(column.column_id));
		connection.ExecuteWithParameters(sql, values);
	}
}

void CatalogWriter::WriteTableStats(const TableStatsRecord &stats, bool exists, const TableStatsRecord *previous) {
	auto id = SqlInt(stats.table_id);
	// the counts are parameters: the statement's text is the same at every commit (kept prepared)
	auto &dialect = connection.Dialect();
	std::vector<Value> counts {Value::BIGINT(stats.record_count), Value::BIGINT(stats.next_row_id),
	                           Value::BIGINT(stats.file_size_bytes), Value::BIGINT(stats.table_id)};
	if (exists) {
		connection.ExecuteWithParameters("UPDATE " + prefix + "ducklake_table_stats SET record_count = " +
		                                     dialect.Parameter(1) + ", next_row_id = " + dialect.Parameter(2) +
		                                     ", file_size_bytes = " + dialect.Parameter(3) +
		                                     " WHERE table_id = " + dialect.Parameter(4),
		                                 counts);
		if (previous && previous->SameColumnIds(stats)) {
			UpdateChangedColumnStats(stats, *previous);
			return;
		}
		connection.Execute("DELETE FROM " + prefix + "ducklake_table_column_stats WHERE table_id = " + id);
	} else {
		connection.Execute("INSERT INTO " + prefix + "ducklake_table_stats VALUES (" + id + ", " +
		                   SqlInt(stats.record_count) + ", " + SqlInt(stats.next_row_id) + ", " +
		                   SqlInt(stats.file_size_bytes) + ")");
	}
	if (stats.column_stats.empty()) {
		return;
	}
	std::vector<std::vector<Value>> rows;
	for (auto &column : stats.column_stats) {
		std::vector<Value> row {Value::BIGINT(stats.table_id), Value::BIGINT(column.column_id)};
		for (auto &value : ColumnStatsValues(column)) {
			row.push_back(std::move(value));
		}
		rows.push_back(std::move(row));
	}
	connection.AppendRows(prefix + "ducklake_table_column_stats",
	                      {"table_id", "column_id", "contains_null", "contains_nan", "min_value", "max_value"}, rows);
}

} // namespace inlake

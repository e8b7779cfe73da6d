#include "metadata/sql/catalog_write_batch.hpp"

#include "metadata/catalog_tables_sql.hpp"
#include "metadata/column_rows.hpp"
#include "metadata/sql_literal.hpp"

#include <algorithm>

namespace inlake {
using duckdb::Value;

namespace {

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

void CatalogWriteBatch::Stage(const std::string &table, Row row) {
	for (auto &entry : staged_rows) {
		if (entry.first == table) {
			entry.second.push_back(std::move(row));
			return;
		}
	}
	staged_rows.emplace_back(table, std::vector<Row> {std::move(row)});
}

void CatalogWriteBatch::InsertSnapshot(const SnapshotRecord &snapshot, duckdb::timestamp_tz_t snapshot_time,
                                       const SnapshotChangesRecord &changes) {
	snapshot_row = {Value::BIGINT(snapshot.snapshot_id), Value::TIMESTAMPTZ(snapshot_time),
	                Value::BIGINT(snapshot.schema_version), Value::BIGINT(snapshot.next_catalog_id),
	                Value::BIGINT(snapshot.next_file_id)};
	changes_row = {Value::BIGINT(snapshot.snapshot_id), Value(changes.changes_made),
	               TextOrNull(changes.author, changes.has_author),
	               TextOrNull(changes.commit_message, changes.has_commit_message),
	               TextOrNull(changes.commit_extra_info, changes.has_commit_extra_info)};
}

void CatalogWriteBatch::InsertSchema(const SchemaRecord &schema, int64_t begin_snapshot) {
	Stage("ducklake_schema",
	      {Value::BIGINT(schema.schema_id), Value::UUID(schema.schema_uuid), Value::BIGINT(begin_snapshot), kNullId,
	       Text(schema.schema_name), Text(schema.path), Value::BOOLEAN(schema.path_is_relative)});
}

void CatalogWriteBatch::EndSchema(int64_t schema_id, int64_t end_snapshot) {
	AddEndStatement("UPDATE " + prefix + "ducklake_schema SET end_snapshot = " + SqlInt(end_snapshot) +
	                " WHERE schema_id = " + SqlInt(schema_id) + " AND end_snapshot IS NULL");
}

void CatalogWriteBatch::InsertTable(const TableRecord &table, int64_t begin_snapshot) {
	Stage("ducklake_table", {Value::BIGINT(table.table_id), Value::UUID(table.table_uuid),
	                         Value::BIGINT(begin_snapshot), kNullId, Value::BIGINT(table.schema_id),
	                         Text(table.table_name), Text(table.path), Value::BOOLEAN(table.path_is_relative)});
	auto columns = FlattenColumnTrees(table.table_id, table.columns);
	int64_t largest_id = 0;
	for (auto &column : columns) {
		largest_id = std::max(largest_id, column.column_id);
	}
	if (table.max_column_id > largest_id && table.max_column_id > table.recorded_max_column_id) {
		// a column added and dropped before this commit: a row visible at no snapshot (it ends where it begins)
		// keeps its id from being handed out again
		Stage("ducklake_column",
		      {Value::BIGINT(table.max_column_id), Value::BIGINT(begin_snapshot), Value::BIGINT(begin_snapshot),
		       Value::BIGINT(table.table_id), Value::BIGINT(int64_t(columns.size())),
		       Text("_ducklake_dropped_column_" + std::to_string(table.max_column_id)), Text("int64"),
		       Value(duckdb::LogicalType::VARCHAR), Value(duckdb::LogicalType::VARCHAR), Value::BOOLEAN(true),
		       kNullId});
	}
	for (auto &column : columns) {
		Stage("ducklake_column",
		      {Value::BIGINT(column.column_id), Value::BIGINT(begin_snapshot), kNullId, Value::BIGINT(table.table_id),
		       Value::BIGINT(column.column_order), Text(column.column_name), Text(column.column_type),
		       TextOrNull(column.initial_default, column.has_initial_default),
		       TextOrNull(column.default_value, column.has_default), Value::BOOLEAN(column.nulls_allowed),
		       IdOrNull(column.parent_column), TextOrNull("expression", column.has_default),
		       TextOrNull("duckdb", column.has_default)});
	}
	InsertComments(table, begin_snapshot);
}

void CatalogWriteBatch::InsertView(const ViewRecord &view, int64_t begin_snapshot) {
	Stage("ducklake_view", {Value::BIGINT(view.view_id), Value::UUID(view.view_uuid), Value::BIGINT(begin_snapshot),
	                        kNullId, Value::BIGINT(view.schema_id), Text(view.view_name), Text(view.dialect),
	                        Text(view.sql), TextOrNull(view.column_aliases, !view.column_aliases.empty())});
	if (view.has_comment) {
		Stage("ducklake_tag", {Value::BIGINT(view.view_id), Value::BIGINT(begin_snapshot), kNullId, Text("comment"),
		                       Text(view.comment)});
	}
}

void CatalogWriteBatch::EndView(int64_t view_id, int64_t end_snapshot) {
	for (auto entry : {std::make_pair("ducklake_view", "view_id"), std::make_pair("ducklake_tag", "object_id")}) {
		AddEndStatement("UPDATE " + prefix + entry.first + " SET end_snapshot = " + SqlInt(end_snapshot) + " WHERE " +
		                entry.second + " = " + SqlInt(view_id) + " AND end_snapshot IS NULL");
	}
}

void CatalogWriteBatch::InsertMacro(const MacroRecord &macro, int64_t begin_snapshot) {
	Stage("ducklake_macro", {Value::BIGINT(macro.schema_id), Value::BIGINT(macro.macro_id), Text(macro.macro_name),
	                         Value::BIGINT(begin_snapshot), kNullId});
	for (size_t impl_id = 0; impl_id < macro.impls.size(); impl_id++) {
		auto &impl = macro.impls[impl_id];
		Stage("ducklake_macro_impl", {Value::BIGINT(macro.macro_id), Value::BIGINT(int64_t(impl_id)), Text(impl.dialect),
		                              Text(impl.sql), Text(impl.type)});
		for (size_t column_id = 0; column_id < impl.parameters.size(); column_id++) {
			auto &parameter = impl.parameters[column_id];
			Stage("ducklake_macro_parameters",
			      {Value::BIGINT(macro.macro_id), Value::BIGINT(int64_t(impl_id)), Value::BIGINT(int64_t(column_id)),
			       Text(parameter.parameter_name), Text(parameter.parameter_type),
			       TextOrNull(parameter.default_value, parameter.default_value_type != "unknown"),
			       Text(parameter.default_value_type)});
		}
	}
}

void CatalogWriteBatch::EndMacro(int64_t macro_id, int64_t end_snapshot) {
	AddEndStatement("UPDATE " + prefix + "ducklake_macro SET end_snapshot = " + SqlInt(end_snapshot) +
	                " WHERE macro_id = " + SqlInt(macro_id) + " AND end_snapshot IS NULL");
}

void CatalogWriteBatch::InsertComments(const TableRecord &table, int64_t begin_snapshot) {
	if (table.has_comment) {
		Stage("ducklake_tag", {Value::BIGINT(table.table_id), Value::BIGINT(begin_snapshot), kNullId, Text("comment"),
		                       Text(table.comment)});
	}
	for (auto &column : table.columns) {
		if (column.has_comment) {
			Stage("ducklake_column_tag", {Value::BIGINT(table.table_id), Value::BIGINT(column.column_id),
			                              Value::BIGINT(begin_snapshot), kNullId, Text("comment"), Text(column.comment)});
		}
	}
}

void CatalogWriteBatch::EndTable(int64_t table_id, int64_t end_snapshot) {
	AddEndStatement("UPDATE " + prefix + "ducklake_tag SET end_snapshot = " + SqlInt(end_snapshot) +
	                " WHERE object_id = " + SqlInt(table_id) + " AND end_snapshot IS NULL");
	for (auto table : {"ducklake_table", "ducklake_column", "ducklake_column_tag"}) {
		AddEndStatement("UPDATE " + prefix + table + " SET end_snapshot = " + SqlInt(end_snapshot) +
		                " WHERE table_id = " + SqlInt(table_id) + " AND end_snapshot IS NULL");
	}
}

void CatalogWriteBatch::InsertDataFile(const DataFileRecord &file) {
	Row row {Value::BIGINT(file.data_file_id),
	         Value::BIGINT(file.table_id),
	         Value::BIGINT(file.begin_snapshot),
	         kNullId,
	         Value::BIGINT(file.file_order),
	         Text(file.path),
	         Value::BOOLEAN(file.path_is_relative),
	         Text("parquet"),
	         Value::BIGINT(file.record_count),
	         Value::BIGINT(file.file_size_bytes),
	         Value::BIGINT(file.footer_size),
	         Value::BIGINT(file.row_id_start),
	         IdOrNull(file.partition_id),
	         file.encryption_key.empty() ? Value(duckdb::LogicalType::VARCHAR) : Text(file.encryption_key),
	         IdOrNull(file.mapping_id),
	         IdOrNull(file.partial_max)};
	if (file.row_group_count >= 0) {
		row.push_back(Value::BIGINT(file.row_group_count)); // format 1.1 only; left out, it is NULL
	}
	Stage("ducklake_data_file", std::move(row));
	for (auto &value : file.partition_values) {
		Stage("ducklake_file_partition_value",
		      {Value::BIGINT(file.data_file_id), Value::BIGINT(file.table_id), Value::BIGINT(value.key_index),
		       value.has_value ? Text(value.value) : Value(duckdb::LogicalType::VARCHAR)});
	}
	for (auto &column : file.column_stats) {
		// min/max are values of the user's data: typed values, never SQL text
		Stage("ducklake_file_column_stats",
		      {Value::BIGINT(file.data_file_id), Value::BIGINT(file.table_id), Value::BIGINT(column.column_id),
		       Value::BIGINT(column.column_size_bytes), Value::BIGINT(column.value_count),
		       Value::BIGINT(column.null_count), TextOrNull(column.min_value, BoundsStorable(column.has_min_max, column.min_value, column.max_value)),
		       TextOrNull(column.max_value, BoundsStorable(column.has_min_max, column.min_value, column.max_value)), Value::BOOLEAN(column.contains_nan),
		       Value(duckdb::LogicalType::VARCHAR)});
	}
}

void CatalogWriteBatch::InsertNameMapping(const NameMapping &mapping) {
	Stage("ducklake_column_mapping",
	      {Value::BIGINT(mapping.mapping_id), Value::BIGINT(mapping.table_id), Text("map_by_name")});
	for (auto &entry : mapping.entries) {
		Stage("ducklake_name_mapping", {Value::BIGINT(mapping.mapping_id), Value::BIGINT(entry.column_id),
		                                Text(entry.source_name), Value::BIGINT(entry.target_field_id),
		                                IdOrNull(entry.parent_column), Value::BOOLEAN(entry.is_partition)});
	}
}

void CatalogWriteBatch::EndDataFilesOfTable(int64_t table_id, int64_t end_snapshot) {
	AddEndStatement("UPDATE " + prefix + "ducklake_data_file SET end_snapshot = " + SqlInt(end_snapshot) +
	                " WHERE table_id = " + SqlInt(table_id) + " AND end_snapshot IS NULL");
}

void CatalogWriteBatch::EndDataFiles(int64_t table_id, const std::vector<int64_t> &data_file_ids,
                                     int64_t end_snapshot) {
	for (size_t start = 0; start < data_file_ids.size(); start += 1000) {
		std::string ids;
		for (size_t i = start; i < data_file_ids.size() && i < start + 1000; i++) {
			ids += (ids.empty() ? "" : ", ") + SqlInt(data_file_ids[i]);
		}
		AddEndStatement("UPDATE " + prefix + "ducklake_data_file SET end_snapshot = " + SqlInt(end_snapshot) +
		                " WHERE table_id = " + SqlInt(table_id) + " AND data_file_id IN (" + ids +
		                ") AND end_snapshot IS NULL");
	}
}

void CatalogWriteBatch::RecordSchemaVersion(int64_t begin_snapshot, int64_t schema_version, int64_t table_id) {
	Stage("ducklake_schema_versions",
	      {Value::BIGINT(begin_snapshot), Value::BIGINT(schema_version), IdOrNull(table_id)});
}

void CatalogWriteBatch::WriteSortOrder(int64_t table_id, int64_t sort_id,
                                       const std::vector<TableRecord::SortKey> &sort_keys, int64_t snapshot_id) {
	AddEndStatement("UPDATE " + prefix + "ducklake_sort_info SET end_snapshot = " + SqlInt(snapshot_id) +
	                " WHERE table_id = " + SqlInt(table_id) + " AND end_snapshot IS NULL");
	if (sort_keys.empty()) {
		return;
	}
	Stage("ducklake_sort_info", {Value::BIGINT(sort_id), Value::BIGINT(table_id), Value::BIGINT(snapshot_id), kNullId});
	for (size_t i = 0; i < sort_keys.size(); i++) {
		auto &key = sort_keys[i];
		Stage("ducklake_sort_expression",
		      {Value::BIGINT(sort_id), Value::BIGINT(table_id), Value::BIGINT(int64_t(i)), Value(key.expression),
		       Value("duckdb"), Value(key.direction), Value(key.null_order)});
	}
}

void CatalogWriteBatch::WritePartitionSpec(int64_t table_id, const PartitionSpec &spec, int64_t snapshot_id,
                                           bool superseded) {
	if (!superseded) {
		AddEndStatement("UPDATE " + prefix + "ducklake_partition_info SET end_snapshot = " + SqlInt(snapshot_id) +
		                " WHERE table_id = " + SqlInt(table_id) + " AND end_snapshot IS NULL");
	}
	if (!spec.IsPartitioned()) {
		return;
	}
	Stage("ducklake_partition_info", {Value::BIGINT(spec.partition_id), Value::BIGINT(table_id),
	                                  Value::BIGINT(snapshot_id), superseded ? Value::BIGINT(snapshot_id) : kNullId});
	for (size_t i = 0; i < spec.keys.size(); i++) {
		Stage("ducklake_partition_column", {Value::BIGINT(spec.partition_id), Value::BIGINT(table_id),
		                                    Value::BIGINT(int64_t(i)), Value::BIGINT(spec.keys[i].column_id),
		                                    Text(spec.keys[i].transform)});
	}
}

void CatalogWriteBatch::WriteOption(const OptionRecord &option, bool remove) {
	bool global = option.scope.empty();
	AddStatement("DELETE FROM " + prefix + "ducklake_metadata WHERE key = " + SqlString(option.key) +
	             (global ? " AND scope IS NULL"
	                     : " AND scope = " + SqlString(option.scope) + " AND scope_id = " + SqlInt(option.scope_id)));
	if (!remove) {
		AddStatement("INSERT INTO " + prefix + "ducklake_metadata VALUES (" + SqlString(option.key) + ", " +
		             SqlString(option.value) + ", " + SqlStringOrNull(option.scope, !global) + ", " +
		             (global ? std::string("NULL") : SqlInt(option.scope_id)) + ")");
	}
}

void InsertStagedRows(CatalogConnection &connection, const std::string &prefix, const std::string &table,
                      const std::vector<CatalogWriteBatch::Row> &rows) {
	auto &names = CatalogTableColumnNames(table);
	// one statement per run of rows of the same width (a row may leave trailing columns out)
	size_t start = 0;
	while (start < rows.size()) {
		auto width = rows[start].size();
		if (width > names.size()) {
			throw duckdb::IOException("inlake: %llu values staged for catalog table %s, which has fewer columns", width,
			                          table);
		}
		size_t end = start;
		while (end < rows.size() && rows[end].size() == width) {
			end++;
		}
		connection.AppendRows(prefix + table, std::vector<std::string>(names.begin(), names.begin() + width),
		                      std::vector<CatalogWriteBatch::Row>(rows.begin() + start, rows.begin() + end));
		start = end;
	}
}

bool BoundsStorable(bool has_min_max, const std::string &min_value, const std::string &max_value) {
	return has_min_max && min_value.find('\0') == std::string::npos && max_value.find('\0') == std::string::npos;
}

} // namespace inlake

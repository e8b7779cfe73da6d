#include "metadata/sql/catalog_reader.hpp"

#include <algorithm>

#include "metadata/column_rows.hpp"
#include "metadata/sql/result_row.hpp"
#include "metadata/sql_literal.hpp"

namespace inlake {

const char *const kSnapshotColumns = "snapshot_id, snapshot_time, schema_version, next_catalog_id, next_file_id";

std::string VisibleAt(int64_t snapshot_id) {
	auto s = SqlInt(snapshot_id);
	return "begin_snapshot <= " + s + " AND (end_snapshot IS NULL OR end_snapshot > " + s + ")";
}

std::string InlinedDeleteTableName(int64_t table_id) {
	return "ducklake_inlined_delete_" + std::to_string(table_id);
}

LakeMetadata CatalogReader::Metadata() {
	LakeMetadata metadata;
	// every column, found by name: a catalog of format 0.1 (to be migrated) has no scope columns
	auto result = connection.Query("SELECT * FROM " + prefix + "ducklake_metadata");
	auto column = [&](const char *name) {
		auto found = std::find(result.names.begin(), result.names.end(), name);
		return found == result.names.end() ? duckdb::idx_t(-1) : duckdb::idx_t(found - result.names.begin());
	};
	auto key_column = column("key"), value_column = column("value"), scope_column = column("scope"),
	     scope_id_column = column("scope_id");
	if (key_column == duckdb::idx_t(-1) || value_column == duckdb::idx_t(-1)) {
		throw duckdb::IOException("The catalog's ducklake_metadata table has no key and value columns");
	}
	for (duckdb::idx_t row = 0; row < result.RowCount(); row++) {
		ResultRow r(result, row);
		auto key = r.String(key_column);
		auto value = r.String(value_column);
		auto scope = scope_column == duckdb::idx_t(-1) ? std::string() : r.String(scope_column);
		if (scope.empty() && key == "version") {
			metadata.version = value;
		} else if (scope.empty() && key == "data_path") {
			metadata.data_path = value;
			metadata.has_data_path = true;
		} else if (scope.empty() && key == "created_by") {
			metadata.created_by = value;
		} else if (scope.empty() && key == "encrypted") {
			auto lowered = duckdb::StringUtil::Lower(value);
			if (lowered != "true" && lowered != "false") {
				// a guess either way would be wrong: false writes plain files into an encrypted lake
				throw duckdb::IOException("The catalog's ducklake_metadata row encrypted holds '%s', which is neither "
				                          "true nor false: the catalog is damaged",
				                          value);
			}
			metadata.encrypted = lowered == "true";
		} else {
			metadata.options.push_back(
			    OptionRecord {key, value, scope, scope_id_column == duckdb::idx_t(-1) ? -1 : r.Int(scope_id_column, -1)});
		}
	}
	auto first_schema =
	    connection.Query("SELECT schema_uuid FROM " + prefix + "ducklake_schema ORDER BY schema_id LIMIT 1");
	if (first_schema.RowCount() > 0) {
		metadata.lake_id = ResultRow(first_schema, 0).String(0);
	}
	return metadata;
}

SnapshotRecord SnapshotFromRow(const CatalogRows &result, duckdb::idx_t row) {
	ResultRow r(result, row);
	SnapshotRecord snapshot;
	snapshot.snapshot_id = r.Int(0);
	snapshot.snapshot_time = r.TimestampTz(1);
	snapshot.schema_version = r.Int(2);
	snapshot.next_catalog_id = r.Int(3);
	snapshot.next_file_id = r.Int(4);
	return snapshot;
}

std::string CatalogReader::LatestSnapshotSql() const {
	return std::string("SELECT ") + kSnapshotColumns + " FROM " + prefix +
	       "ducklake_snapshot ORDER BY snapshot_id DESC LIMIT 1";
}

SnapshotRecord CatalogReader::LatestSnapshotFrom(const CatalogRows &result) {
	if (result.RowCount() == 0) {
		throw duckdb::IOException("DuckLake catalog has no snapshot: the catalog database is corrupt");
	}
	return SnapshotFromRow(result, 0);
}

SnapshotRecord CatalogReader::LatestSnapshot() {
	return LatestSnapshotFrom(connection.QueryRepeated(LatestSnapshotSql()));
}

bool CatalogReader::Snapshot(int64_t snapshot_id, SnapshotRecord &snapshot) {
	auto result = connection.Query(std::string("SELECT ") + kSnapshotColumns + " FROM " + prefix +
	                               "ducklake_snapshot WHERE snapshot_id = " + SqlInt(snapshot_id));
	if (result.RowCount() == 0) {
		return false;
	}
	snapshot = SnapshotFromRow(result, 0);
	return true;
}

bool CatalogReader::SnapshotAtTime(duckdb::timestamp_tz_t time, SnapshotRecord &snapshot) {
	auto at_or_before = connection.Dialect().TimestampTzCondition("snapshot_time", "<=", time);
	auto result =
	    connection.Query(std::string("SELECT ") + kSnapshotColumns + " FROM " + prefix +
	                     "ducklake_snapshot WHERE " + at_or_before + " ORDER BY snapshot_id DESC LIMIT 1");
	if (result.RowCount() == 0) {
		return false;
	}
	snapshot = SnapshotFromRow(result, 0);
	return true;
}

std::vector<SnapshotListing> CatalogReader::Snapshots() {
	auto result =
	    connection.Query("SELECT s.snapshot_id, s.snapshot_time, s.schema_version, s.next_catalog_id, s.next_file_id, "
	                     "c.changes_made, c.author, c.commit_message, c.commit_extra_info FROM " +
	                     prefix + "ducklake_snapshot s LEFT JOIN " + prefix +
	                     "ducklake_snapshot_changes c USING (snapshot_id) ORDER BY s.snapshot_id");
	std::vector<SnapshotListing> listings;
	for (duckdb::idx_t row = 0; row < result.RowCount(); row++) {
		ResultRow r(result, row);
		SnapshotListing listing;
		listing.snapshot = SnapshotFromRow(result, row);
		listing.changes.snapshot_id = listing.snapshot.snapshot_id;
		listing.changes.changes_made = r.String(5);
		listing.changes.has_author = !r.IsNull(6);
		listing.changes.author = r.String(6);
		listing.changes.has_commit_message = !r.IsNull(7);
		listing.changes.commit_message = r.String(7);
		listing.changes.has_commit_extra_info = !r.IsNull(8);
		listing.changes.commit_extra_info = r.String(8);
		listings.push_back(std::move(listing));
	}
	return listings;
}

TableVersionSnapshot CatalogReader::TableVersion(int64_t table_id, int64_t schema_version) {
	TableVersionSnapshot result;
	auto versions = prefix + "ducklake_schema_versions";
	auto range = connection.Query(
	    "SELECT b, (SELECT min(n.begin_snapshot) FROM " + versions + " n WHERE n.table_id = " + SqlInt(table_id) +
	    " AND n.begin_snapshot > b) FROM (SELECT min(begin_snapshot) AS b " + "FROM " + versions +
	    " WHERE table_id = " + SqlInt(table_id) + " AND schema_version = " + SqlInt(schema_version) + ") AS began");
	std::string in_range;
	bool ended = false;
	int64_t end = 0;
	if (range.RowCount() > 0 && !range.GetValue(0, 0).IsNull()) {
		in_range = "snapshot_id >= " + SqlInt(ResultRow(range, 0).Int(0));
		ended = !range.GetValue(1, 0).IsNull();
		if (ended) {
			end = ResultRow(range, 0).Int(1);
			in_range += " AND snapshot_id < " + SqlInt(end);
		}
	} else {
		// a catalog without the table's version rows: the snapshots of that global schema version
		in_range = "schema_version = " + SqlInt(schema_version);
	}
	auto latest = connection.Query(std::string("SELECT ") + kSnapshotColumns + " FROM " + prefix +
	                               "ducklake_snapshot WHERE " + in_range + " ORDER BY snapshot_id DESC LIMIT 1");
	if (latest.RowCount() > 0) {
		result.found = result.exists = true;
		result.snapshot = SnapshotFromRow(latest, 0);
	} else if (ended) {
		result.found = true;
		result.snapshot.snapshot_id = end - 1;
	}
	return result;
}

void CatalogReader::ReadViews(int64_t snapshot_id, CatalogContents &contents) {
	auto views = connection.Query("SELECT view_id, " + connection.Dialect().AsText("view_uuid") +
	                              ", schema_id, view_name, dialect, sql, column_aliases FROM " + prefix +
	                              "ducklake_view WHERE " + VisibleAt(snapshot_id) + " ORDER BY view_id");
	for (duckdb::idx_t row = 0; row < views.RowCount(); row++) {
		ResultRow r(views, row);
		ViewRecord view;
		view.view_id = r.Int(0);
		view.view_uuid = r.String(1);
		view.schema_id = r.Int(2);
		view.view_name = r.String(3);
		view.dialect = r.String(4);
		view.sql = r.String(5);
		view.column_aliases = r.String(6);
		contents.views.push_back(std::move(view));
	}
}

void CatalogReader::ReadMacros(int64_t snapshot_id, CatalogContents &contents) {
	auto macros = connection.Query("SELECT macro_id, schema_id, macro_name FROM " + prefix + "ducklake_macro WHERE " +
	                               VisibleAt(snapshot_id) + " ORDER BY macro_id");
	if (macros.RowCount() == 0) {
		return;
	}
	std::map<int64_t, size_t> macro_index;
	for (duckdb::idx_t row = 0; row < macros.RowCount(); row++) {
		ResultRow r(macros, row);
		MacroRecord macro;
		macro.macro_id = r.Int(0);
		macro.schema_id = r.Int(1);
		macro.macro_name = r.String(2);
		macro_index[macro.macro_id] = contents.macros.size();
		contents.macros.push_back(std::move(macro));
	}
	auto visible_ids = "(SELECT macro_id FROM " + prefix + "ducklake_macro WHERE " + VisibleAt(snapshot_id) + ")";
	auto impls = connection.Query("SELECT macro_id, impl_id, dialect, sql, type FROM " + prefix +
	                              "ducklake_macro_impl WHERE macro_id IN " + visible_ids + " ORDER BY macro_id, impl_id");
	std::map<std::pair<int64_t, int64_t>, std::pair<size_t, size_t>> impl_index;
	for (duckdb::idx_t row = 0; row < impls.RowCount(); row++) {
		ResultRow r(impls, row);
		auto macro = macro_index.find(r.Int(0));
		if (macro == macro_index.end()) {
			continue;
		}
		MacroImplRecord impl;
		impl.dialect = r.String(2);
		impl.sql = r.String(3);
		impl.type = r.String(4);
		auto &target = contents.macros[macro->second].impls;
		impl_index[std::make_pair(r.Int(0), r.Int(1))] = std::make_pair(macro->second, target.size());
		target.push_back(std::move(impl));
	}
	auto parameters = connection.Query(
	    "SELECT macro_id, impl_id, parameter_name, parameter_type, default_value, default_value_type FROM " + prefix +
	    "ducklake_macro_parameters WHERE macro_id IN " + visible_ids + " ORDER BY macro_id, impl_id, column_id");
	for (duckdb::idx_t row = 0; row < parameters.RowCount(); row++) {
		ResultRow r(parameters, row);
		auto impl = impl_index.find(std::make_pair(r.Int(0), r.Int(1)));
		if (impl == impl_index.end()) {
			continue;
		}
		MacroParameterRecord parameter;
		parameter.parameter_name = r.String(2);
		parameter.parameter_type = r.IsNull(3) ? "unknown" : r.String(3);
		parameter.default_value = r.String(4);
		parameter.default_value_type = r.IsNull(5) ? "unknown" : r.String(5);
		contents.macros[impl->second.first].impls[impl->second.second].parameters.push_back(std::move(parameter));
	}
}

void CatalogReader::ReadComments(int64_t snapshot_id, CatalogContents &contents,
                                 const std::map<int64_t, size_t> &table_index) {
	auto visible = VisibleAt(snapshot_id);
	auto comments = connection.Query("SELECT object_id, -1, value FROM " + prefix + "ducklake_tag WHERE " + visible +
	                                 " AND key = 'comment' UNION ALL SELECT table_id, column_id, value FROM " + prefix +
	                                 "ducklake_column_tag WHERE " + visible + " AND key = 'comment'");
	for (duckdb::idx_t row = 0; row < comments.RowCount(); row++) {
		ResultRow r(comments, row);
		if (r.IsNull(2)) {
			continue;
		}
		auto index = table_index.find(r.Int(0));
		if (index == table_index.end()) {
			for (auto &view : contents.views) {
				if (view.view_id == r.Int(0) && r.Int(1, -1) < 0) {
					view.comment = r.String(2);
					view.has_comment = true;
				}
			}
			continue; // a comment on a schema or a view
		}
		auto &table = contents.tables[index->second];
		auto column_id = r.Int(1, -1);
		if (column_id < 0) {
			table.comment = r.String(2);
			table.has_comment = true;
		}
		for (auto &column : table.columns) {
			if (column_id >= 0 && column.column_id == column_id) {
				column.comment = r.String(2);
				column.has_comment = true;
			}
		}
	}
}

CatalogContents CatalogReader::Catalog(int64_t snapshot_id) {
	CatalogContents contents;
	auto visible = VisibleAt(snapshot_id);
	auto schemas = connection.Query("SELECT schema_id, " + connection.Dialect().AsText("schema_uuid") +
	                                ", schema_name, path, path_is_relative FROM " + prefix + "ducklake_schema WHERE " +
	                                visible + " ORDER BY schema_id");
	for (duckdb::idx_t row = 0; row < schemas.RowCount(); row++) {
		ResultRow r(schemas, row);
		contents.schemas.push_back(SchemaRecord {r.Int(0), r.String(1), r.String(2), r.String(3), r.Bool(4, true)});
	}
	auto tables =
	    connection.Query("SELECT t.table_id, " + connection.Dialect().AsText("t.table_uuid") +
	                     ", t.schema_id, t.table_name, t.path, "
	                     "t.path_is_relative, coalesce((SELECT max(v.schema_version) FROM " +
	                     prefix + "ducklake_schema_versions v WHERE v.table_id = t.table_id AND v.begin_snapshot <= " +
	                     SqlInt(snapshot_id) + "), (SELECT s.schema_version FROM " + prefix +
	                     "ducklake_snapshot s WHERE s.snapshot_id = t.begin_snapshot)) FROM " + prefix +
	                     "ducklake_table t WHERE " + VisibleAt(snapshot_id) + " ORDER BY t.table_id");
	std::map<int64_t, size_t> table_index;
	for (duckdb::idx_t row = 0; row < tables.RowCount(); row++) {
		ResultRow r(tables, row);
		TableRecord table;
		table.table_id = r.Int(0);
		table.table_uuid = r.String(1);
		table.schema_id = r.Int(2);
		table.table_name = r.String(3);
		table.path = r.String(4);
		table.path_is_relative = r.Bool(5, true);
		table.schema_version = r.Int(6, 0);
		table_index[table.table_id] = contents.tables.size();
		contents.tables.push_back(std::move(table));
	}
	auto columns =
	    connection.Query("SELECT table_id, column_id, column_order, column_name, column_type, default_value, "
	                     "nulls_allowed, parent_column, initial_default FROM " +
	                     prefix + "ducklake_column WHERE " + visible + " ORDER BY table_id, column_order");
	std::map<int64_t, std::vector<ColumnRow>> rows_by_table;
	for (duckdb::idx_t row = 0; row < columns.RowCount(); row++) {
		ResultRow r(columns, row);
		ColumnRow column;
		column.table_id = r.Int(0);
		column.column_id = r.Int(1);
		column.column_order = r.Int(2);
		column.column_name = r.String(3);
		column.column_type = r.String(4);
		column.has_default = !r.IsNull(5);
		column.default_value = r.String(5);
		column.nulls_allowed = r.Bool(6, true);
		column.parent_column = r.Int(7, -1);
		column.has_initial_default = !r.IsNull(8);
		column.initial_default = r.String(8);
		rows_by_table[column.table_id].push_back(std::move(column));
	}
	for (auto &entry : rows_by_table) {
		auto index = table_index.find(entry.first);
		if (index != table_index.end()) {
			contents.tables[index->second].columns = BuildColumnTrees(entry.second);
		}
	}
	ReadViews(snapshot_id, contents);
	ReadMacros(snapshot_id, contents);
	ReadComments(snapshot_id, contents, table_index);
	auto max_ids =
	    connection.Query("SELECT table_id, max(column_id) FROM " + prefix + "ducklake_column GROUP BY table_id");
	for (duckdb::idx_t row = 0; row < max_ids.RowCount(); row++) {
		ResultRow r(max_ids, row);
		auto index = table_index.find(r.Int(0));
		if (index != table_index.end()) {
			contents.tables[index->second].max_column_id = r.Int(1);
			contents.tables[index->second].recorded_max_column_id = r.Int(1);
		}
	}
	auto sorts = connection.Query("SELECT i.table_id, e.expression, e.sort_direction, e.null_order FROM " + prefix +
	                              "ducklake_sort_info i JOIN " + prefix +
	                              "ducklake_sort_expression e USING (sort_id, table_id) WHERE i." +
	                              VisibleAt(snapshot_id) + " ORDER BY i.table_id, e.sort_key_index");
	for (duckdb::idx_t row = 0; row < sorts.RowCount(); row++) {
		ResultRow r(sorts, row);
		auto index = table_index.find(r.Int(0));
		if (index != table_index.end()) {
			contents.tables[index->second].sort_keys.push_back({r.String(1), r.String(2), r.String(3)});
		}
	}
	auto partitions = connection.Query("SELECT i.table_id, i.partition_id, c.column_id, c.transform FROM " + prefix +
	                                   "ducklake_partition_info i JOIN " + prefix +
	                                   "ducklake_partition_column c USING (partition_id, table_id) WHERE i." +
	                                   VisibleAt(snapshot_id) + " ORDER BY i.table_id, c.partition_key_index");
	for (duckdb::idx_t row = 0; row < partitions.RowCount(); row++) {
		ResultRow r(partitions, row);
		auto index = table_index.find(r.Int(0));
		if (index != table_index.end()) {
			auto &spec = contents.tables[index->second].partition;
			spec.partition_id = r.Int(1);
			spec.keys.push_back({r.Int(2), r.String(3)});
		}
	}
	return contents;
}

int64_t DataFileRowIdStart(const CatalogRows &rows, duckdb::idx_t row, duckdb::idx_t column, int64_t data_file_id,
                           const std::string &path) {
	auto &value = rows.GetValue(column, row);
	if (value.IsNull()) {
		throw duckdb::IOException("The DuckLake catalog is damaged: data file %lld (%s) has no row_id_start "
		                          "(ducklake_data_file.row_id_start is NULL), so its rows' ids are unknown",
		                          (long long)data_file_id, path.empty() ? "path unknown" : path);
	}
	return value.GetValue<int64_t>();
}

std::string CatalogReader::ListingFilterSql(int64_t table_id, const PartitionListingFilter *filter,
                                            const std::string &alias) const {
	if (!filter || !filter->Restricts()) {
		return std::string();
	}
	std::string conditions;
	for (auto &key : filter->keys) {
		std::string values;
		for (auto &value : key.values) {
			values += (values.empty() ? "" : ", ") + SqlString(value);
		}
		std::string match;
		if (!values.empty()) {
			match = "v.partition_value IN (" + values + ")";
		}
		if (key.include_null) {
			match += (match.empty() ? "" : " OR ") + std::string("v.partition_value IS NULL");
		}
		if (match.empty()) {
			match = "1 = 0";
		}
		conditions += " AND " + alias + ".data_file_id IN (SELECT v.data_file_id FROM " + prefix +
		              "ducklake_file_partition_value v WHERE v.table_id = " + SqlInt(table_id) +
		              " AND v.partition_key_index = " + SqlInt(key.key_index) + " AND (" + match + "))";
	}
	return " AND (" + alias + ".partition_id IS NULL OR " + alias + ".partition_id <> " + SqlInt(filter->partition_id) +
	       " OR (1 = 1" + conditions + "))";
}

std::string CatalogReader::DataFilesSql(int64_t table_id, int64_t snapshot_id,
                                        const PartitionListingFilter *filter) const {
	return "SELECT data_file_id, table_id, begin_snapshot, file_order, path, path_is_relative, record_count, "
	       "file_size_bytes, footer_size, row_id_start, partial_max, mapping_id, partition_id, encryption_key FROM " +
	       prefix + "ducklake_data_file f WHERE table_id = " + SqlInt(table_id) + " AND " + VisibleAt(snapshot_id) +
	       ListingFilterSql(table_id, filter, "f") + " ORDER BY file_order, data_file_id";
}

std::vector<DataFileRecord> CatalogReader::DataFiles(int64_t table_id, int64_t snapshot_id,
                                                     const PartitionListingFilter *filter) {
	return DataFilesFrom(connection.Query(DataFilesSql(table_id, snapshot_id, filter)), table_id, snapshot_id,
	                     filter);
}

std::vector<DataFileRecord> CatalogReader::DataFilesFrom(const CatalogRows &files, int64_t table_id,
                                                         int64_t snapshot_id, const PartitionListingFilter *filter) {
	std::vector<DataFileRecord> result;
	std::map<int64_t, size_t> file_index;
	for (duckdb::idx_t row = 0; row < files.RowCount(); row++) {
		ResultRow r(files, row);
		DataFileRecord file;
		file.data_file_id = r.Int(0);
		file.table_id = r.Int(1);
		file.begin_snapshot = r.Int(2);
		file.file_order = r.Int(3, 0);
		file.path = r.String(4);
		file.path_is_relative = r.Bool(5, true);
		file.record_count = r.Int(6, 0);
		file.file_size_bytes = r.Int(7, 0);
		file.footer_size = r.Int(8, 0);
		file.row_id_start = DataFileRowIdStart(files, row, 9, file.data_file_id, file.path);
		file.partial_max = r.Int(10, -1);
		file.mapping_id = r.Int(11, -1);
		file.partition_id = files.ColumnCount() > 12 ? r.Int(12, -1) : -1;
		file.encryption_key = files.ColumnCount() > 13 ? r.String(13) : std::string();
		file_index[file.data_file_id] = result.size();
		result.push_back(std::move(file));
	}
	if (result.empty()) {
		return result;
	}
	// the other queries take the files found: by their ids when few (no second look at the partition values)
	auto file_condition = ListingFilterSql(table_id, filter, "f");
	if (!file_condition.empty() && result.size() <= 1000) {
		std::string ids;
		for (auto &file : result) {
			ids += (ids.empty() ? "" : ", ") + SqlInt(file.data_file_id);
		}
		file_condition = " AND f.data_file_id IN (" + ids + ")";
	}
	auto stats =
	    connection.Query("SELECT s.data_file_id, s.column_id, s.column_size_bytes, s.value_count, s.null_count, "
	                     "s.min_value, s.max_value, s.contains_nan FROM " +
	                     prefix + "ducklake_file_column_stats s JOIN " + prefix +
	                     "ducklake_data_file f USING (data_file_id) WHERE f.table_id = " + SqlInt(table_id) + " AND " +
	                     "f.begin_snapshot <= " + SqlInt(snapshot_id) +
	                     " AND (f.end_snapshot IS NULL OR f.end_snapshot > " + SqlInt(snapshot_id) + ")" +
	                     file_condition);
	for (duckdb::idx_t row = 0; row < stats.RowCount(); row++) {
		ResultRow r(stats, row);
		auto index = file_index.find(r.Int(0));
		if (index == file_index.end()) {
			continue;
		}
		FileColumnStatsRecord column;
		column.column_id = r.Int(1);
		column.column_size_bytes = r.Int(2, 0);
		column.value_count = r.Int(3, 0);
		column.null_count = r.Int(4, -1); // -1: unknown
		column.has_min_max = !r.IsNull(5) && !r.IsNull(6);
		column.min_value = r.String(5);
		column.max_value = r.String(6);
		column.contains_nan = r.Bool(7, false);
		result[index->second].column_stats.push_back(std::move(column));
	}
	AddInlinedDeletes(table_id, snapshot_id, result, file_index);
	AttachNameMappings(result);
	AddPartitionValues(table_id, snapshot_id, result, file_index, file_condition);
	auto deletes = connection.Query("SELECT " + std::string(kDeleteFileRefColumns) + " FROM " + prefix +
	                                "ducklake_delete_file WHERE table_id = " + SqlInt(table_id) + " AND " +
	                                VisibleAt(snapshot_id));
	for (duckdb::idx_t row = 0; row < deletes.RowCount(); row++) {
		ResultRow r(deletes, row);
		auto index = file_index.find(r.Int(0));
		if (index != file_index.end()) {
			result[index->second].delete_file = DeleteFileRefFrom(r);
		}
	}
	return result;
}

void CatalogReader::AddPartitionValues(int64_t table_id, int64_t snapshot_id, std::vector<DataFileRecord> &files,
                                       const std::map<int64_t, size_t> &file_index,
                                       const std::string &file_condition) {
	bool any = false;
	for (auto &file : files) {
		any = any || file.partition_id >= 0;
	}
	if (!any) {
		return;
	}
	auto values = connection.Query(
	    "SELECT v.data_file_id, v.partition_key_index, c.column_id, c.transform, v.partition_value FROM " + prefix +
	    "ducklake_file_partition_value v JOIN " + prefix + "ducklake_data_file f USING (data_file_id) JOIN " + prefix +
	    "ducklake_partition_column c ON c.partition_id = f.partition_id AND c.table_id = f.table_id AND "
	    "c.partition_key_index = v.partition_key_index WHERE f.table_id = " +
	    SqlInt(table_id) + " AND f.begin_snapshot <= " + SqlInt(snapshot_id) +
	    " AND (f.end_snapshot IS NULL OR f.end_snapshot > " + SqlInt(snapshot_id) + ")" + file_condition +
	    " ORDER BY v.data_file_id, v.partition_key_index");
	for (duckdb::idx_t row = 0; row < values.RowCount(); row++) {
		ResultRow r(values, row);
		auto index = file_index.find(r.Int(0));
		if (index == file_index.end()) {
			continue;
		}
		FilePartitionValue value;
		value.key_index = r.Int(1);
		value.column_id = r.Int(2);
		value.transform = r.String(3);
		value.has_value = !r.IsNull(4);
		value.value = r.String(4);
		files[index->second].partition_values.push_back(std::move(value));
	}
}

void CatalogReader::AddInlinedDeletes(int64_t table_id, int64_t snapshot_id, std::vector<DataFileRecord> &files,
                                      const std::map<int64_t, size_t> &file_index) {
	auto name = InlinedDeleteTableName(table_id);
	if (!connection.TableExists(name)) {
		return;
	}
	auto deletes = connection.Query("SELECT file_id, row_id FROM " + prefix + SqlIdentifier(name) +
	                                " WHERE begin_snapshot <= " + SqlInt(snapshot_id) + " ORDER BY file_id, row_id");
	for (duckdb::idx_t row = 0; row < deletes.RowCount(); row++) {
		ResultRow r(deletes, row);
		auto index = file_index.find(r.Int(0));
		if (index != file_index.end()) {
			files[index->second].deleted_positions.push_back(r.Int(1));
		}
	}
}

} // namespace inlake

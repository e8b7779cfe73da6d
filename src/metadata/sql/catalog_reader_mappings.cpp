// CatalogReader, the part about files added from outside (ducklake_add_data_files): their name mappings, and
// finding a table's files by stored path.
#include "metadata/sql/catalog_reader.hpp"

#include "metadata/sql/result_row.hpp"
#include "metadata/sql_literal.hpp"

#include <set>

namespace inlake {

void CatalogReader::AttachNameMappings(std::vector<DataFileRecord> &files) {
	std::set<int64_t> ids;
	for (auto &file : files) {
		if (file.mapping_id >= 0) {
			ids.insert(file.mapping_id);
		}
	}
	if (ids.empty()) {
		return;
	}
	std::string list;
	for (auto id : ids) {
		list += (list.empty() ? "" : ", ") + SqlInt(id);
	}
	std::map<int64_t, std::shared_ptr<NameMapping>> mappings;
	for (auto id : ids) {
		auto mapping = std::make_shared<NameMapping>();
		mapping->mapping_id = id;
		mappings[id] = std::move(mapping);
	}
	auto tables = connection.Query("SELECT mapping_id, table_id FROM " + prefix +
	                               "ducklake_column_mapping WHERE mapping_id IN (" + list + ")");
	for (duckdb::idx_t row = 0; row < tables.RowCount(); row++) {
		ResultRow r(tables, row);
		mappings[r.Int(0)]->table_id = r.Int(1, -1);
	}
	auto rows = connection.Query("SELECT mapping_id, column_id, source_name, target_field_id, parent_column, "
	                             "is_partition FROM " +
	                             prefix + "ducklake_name_mapping WHERE mapping_id IN (" + list +
	                             ") ORDER BY mapping_id, column_id");
	for (duckdb::idx_t row = 0; row < rows.RowCount(); row++) {
		ResultRow r(rows, row);
		NameMapEntry entry;
		entry.column_id = r.Int(1, -1);
		entry.source_name = r.String(2);
		entry.target_field_id = r.Int(3, -1);
		entry.parent_column = r.Int(4, -1);
		entry.is_partition = r.Bool(5, false);
		mappings[r.Int(0)]->entries.push_back(std::move(entry));
	}
	for (auto &file : files) {
		if (file.mapping_id >= 0) {
			file.name_mapping = mappings[file.mapping_id];
		}
	}
}

std::vector<DataFileRecord> CatalogReader::DataFilesWithPaths(int64_t table_id, int64_t snapshot_id,
                                                              const std::vector<std::string> &paths) {
	std::vector<DataFileRecord> result;
	if (paths.empty()) {
		return result;
	}
	std::string list;
	for (auto &path : paths) {
		list += (list.empty() ? "" : ", ") + SqlString(path);
	}
	auto visible = snapshot_id < 0 ? std::string("end_snapshot IS NULL") : VisibleAt(snapshot_id);
	auto rows = connection.Query("SELECT data_file_id, path, path_is_relative FROM " + prefix +
	                             "ducklake_data_file WHERE table_id = " + SqlInt(table_id) + " AND " + visible +
	                             " AND path IN (" + list + ")");
	for (duckdb::idx_t row = 0; row < rows.RowCount(); row++) {
		ResultRow r(rows, row);
		DataFileRecord file;
		file.data_file_id = r.Int(0);
		file.table_id = table_id;
		file.path = r.String(1);
		file.path_is_relative = r.Bool(2, true);
		result.push_back(std::move(file));
	}
	return result;
}

} // namespace inlake

#include "catalog/older_format_files.hpp"

#include "common/internal_connection.hpp"
#include "common/lake_paths.hpp"
#include "metadata/sql_literal.hpp"

#include <algorithm>
#include <map>

namespace inlake {

namespace {

//! One catalog table's rows, read by column name (older formats lack some columns: their values are NULL).
class OldRows {
public:
	OldRows(MetadataStore &store, const std::string &table) : rows(store.ReadCatalogTable(table)) {
	}
	size_t Count() const {
		return rows.rows.size();
	}
	duckdb::Value Get(size_t row, const std::string &column) const {
		auto found = std::find(rows.names.begin(), rows.names.end(), column);
		return found == rows.names.end() ? duckdb::Value() : rows.rows[row][found - rows.names.begin()];
	}
	std::string Text(size_t row, const std::string &column) const {
		auto value = Get(row, column);
		return value.IsNull() ? std::string() : value.ToString();
	}
	bool Flag(size_t row, const std::string &column) const {
		auto value = Get(row, column);
		return value.IsNull() || value.DefaultCastAs(duckdb::LogicalType::BOOLEAN).GetValue<bool>();
	}

private:
	CatalogTableRows rows;
};

//! id -> (path, relative, parent id) of the newest row of each schema or table
std::map<int64_t, std::string> Folders(const OldRows &rows, const std::string &id_column,
                                       const std::map<int64_t, std::string> &parents,
                                       const std::string &parent_column, const std::string &base) {
	std::map<int64_t, std::pair<int64_t, std::string>> newest; // id -> (begin snapshot, folder)
	for (size_t row = 0; row < rows.Count(); row++) {
		auto id = rows.Get(row, id_column).GetValue<int64_t>();
		auto begin = rows.Get(row, "begin_snapshot").GetValue<int64_t>();
		auto parent = base;
		if (!parent_column.empty()) {
			auto entry = parents.find(rows.Get(row, parent_column).GetValue<int64_t>());
			parent = entry == parents.end() ? base : entry->second;
		}
		auto folder = ResolveLakePath(parent, rows.Text(row, "path"), rows.Flag(row, "path_is_relative"));
		if (!newest.count(id) || newest[id].first <= begin) {
			newest[id] = {begin, folder};
		}
	}
	std::map<int64_t, std::string> result;
	for (auto &entry : newest) {
		result[entry.first] = entry.second.second;
	}
	return result;
}

} // namespace

std::vector<int64_t> DataFilesWithEmbeddedRowIds(duckdb::DatabaseInstance &db, MetadataStore &store,
                                                 const std::string &data_path) {
	OldRows files(store, "ducklake_data_file");
	auto schemas = Folders(OldRows(store, "ducklake_schema"), "schema_id", {}, "", data_path);
	auto tables = Folders(OldRows(store, "ducklake_table"), "table_id", schemas, "schema_id", data_path);
	std::map<std::string, int64_t> ids_by_path;
	std::string list;
	for (size_t row = 0; row < files.Count(); row++) {
		if (!files.Get(row, "partial_file_info").IsNull()) {
			continue; // a partial file: partial_max comes from its partial_file_info
		}
		auto table = tables.find(files.Get(row, "table_id").GetValue<int64_t>());
		auto path = ResolveLakePath(table == tables.end() ? data_path : table->second, files.Text(row, "path"),
		                            files.Flag(row, "path_is_relative"));
		ids_by_path[path] = files.Get(row, "data_file_id").GetValue<int64_t>();
		list += (list.empty() ? "" : ", ") + SqlString(path);
	}
	std::vector<int64_t> result;
	if (list.empty()) {
		return result;
	}
	auto connection = OpenInternalConnection(db);
	auto found = connection->Query("SELECT DISTINCT file_name FROM parquet_schema([" + list +
	                               "]) WHERE name = '_ducklake_internal_row_id'");
	if (found->HasError()) {
		throw duckdb::IOException("Cannot migrate the catalog: reading its data files' Parquet footers failed "
		                          "(the migration needs to know which files hold their rows' ids): %s",
		                          found->GetError());
	}
	for (duckdb::idx_t row = 0; row < found->RowCount(); row++) {
		auto entry = ids_by_path.find(found->GetValue(0, row).ToString());
		if (entry != ids_by_path.end()) {
			result.push_back(entry->second);
		}
	}
	std::sort(result.begin(), result.end());
	return result;
}

} // namespace inlake

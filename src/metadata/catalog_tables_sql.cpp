#include "metadata/catalog_tables_sql.hpp"

#include "duckdb/common/string_util.hpp"

#include <unordered_map>

namespace inlake {

namespace {

struct TableDef {
	const char *name;
	const char *columns;
	//! Extra columns format 1.1 appends (empty: none)
	const char *columns_1_1;
};

const TableDef kCatalogTables[] = {
    {"ducklake_metadata", "key VARCHAR NOT NULL, value VARCHAR NOT NULL, scope VARCHAR, scope_id BIGINT", ""},
    {"ducklake_snapshot",
     "snapshot_id BIGINT PRIMARY KEY, snapshot_time TIMESTAMPTZ, schema_version BIGINT, next_catalog_id BIGINT, "
     "next_file_id BIGINT",
     ""},
    {"ducklake_snapshot_changes",
     "snapshot_id BIGINT PRIMARY KEY, changes_made VARCHAR, author VARCHAR, commit_message VARCHAR, "
     "commit_extra_info VARCHAR",
     ""},
    {"ducklake_schema",
     "schema_id BIGINT PRIMARY KEY, schema_uuid UUID, begin_snapshot BIGINT, end_snapshot BIGINT, schema_name "
     "VARCHAR, path VARCHAR, path_is_relative BOOLEAN",
     ""},
    {"ducklake_table",
     "table_id BIGINT, table_uuid UUID, begin_snapshot BIGINT, end_snapshot BIGINT, schema_id BIGINT, table_name "
     "VARCHAR, path VARCHAR, path_is_relative BOOLEAN",
     ""},
    {"ducklake_view",
     "view_id BIGINT, view_uuid UUID, begin_snapshot BIGINT, end_snapshot BIGINT, schema_id BIGINT, view_name "
     "VARCHAR, dialect VARCHAR, sql VARCHAR, column_aliases VARCHAR",
     ""},
    {"ducklake_tag",
     "object_id BIGINT, begin_snapshot BIGINT, end_snapshot BIGINT, key VARCHAR, value VARCHAR", ""},
    {"ducklake_column_tag",
     "table_id BIGINT, column_id BIGINT, begin_snapshot BIGINT, end_snapshot BIGINT, key VARCHAR, value VARCHAR", ""},
    {"ducklake_data_file",
     "data_file_id BIGINT PRIMARY KEY, table_id BIGINT, begin_snapshot BIGINT, end_snapshot BIGINT, file_order "
     "BIGINT, path VARCHAR, path_is_relative BOOLEAN, file_format VARCHAR, record_count BIGINT, file_size_bytes "
     "BIGINT, footer_size BIGINT, row_id_start BIGINT, partition_id BIGINT, encryption_key VARCHAR, mapping_id "
     "BIGINT, partial_max BIGINT",
     ", row_group_count BIGINT"},
    {"ducklake_file_column_stats",
     "data_file_id BIGINT, table_id BIGINT, column_id BIGINT, column_size_bytes BIGINT, value_count BIGINT, "
     "null_count BIGINT, min_value VARCHAR, max_value VARCHAR, contains_nan BOOLEAN, extra_stats VARCHAR",
     ""},
    {"ducklake_delete_file",
     "delete_file_id BIGINT PRIMARY KEY, table_id BIGINT, begin_snapshot BIGINT, end_snapshot BIGINT, data_file_id "
     "BIGINT, path VARCHAR, path_is_relative BOOLEAN, format VARCHAR, delete_count BIGINT, file_size_bytes BIGINT, "
     "footer_size BIGINT, encryption_key VARCHAR, partial_max BIGINT",
     ", row_group_count BIGINT"},
    {"ducklake_column",
     "column_id BIGINT, begin_snapshot BIGINT, end_snapshot BIGINT, table_id BIGINT, column_order BIGINT, "
     "column_name VARCHAR, column_type VARCHAR, initial_default VARCHAR, default_value VARCHAR, nulls_allowed "
     "BOOLEAN, parent_column BIGINT, default_value_type VARCHAR, default_value_dialect VARCHAR",
     ""},
    {"ducklake_table_stats", "table_id BIGINT, record_count BIGINT, next_row_id BIGINT, file_size_bytes BIGINT", ""},
    {"ducklake_table_column_stats",
     "table_id BIGINT, column_id BIGINT, contains_null BOOLEAN, contains_nan BOOLEAN, min_value VARCHAR, max_value "
     "VARCHAR, extra_stats VARCHAR",
     ""},
    {"ducklake_partition_info", "partition_id BIGINT, table_id BIGINT, begin_snapshot BIGINT, end_snapshot BIGINT",
     ""},
    {"ducklake_partition_column",
     "partition_id BIGINT, table_id BIGINT, partition_key_index BIGINT, column_id BIGINT, transform VARCHAR", ""},
    {"ducklake_file_partition_value",
     "data_file_id BIGINT, table_id BIGINT, partition_key_index BIGINT, partition_value VARCHAR", ""},
    {"ducklake_files_scheduled_for_deletion",
     "data_file_id BIGINT, path VARCHAR, path_is_relative BOOLEAN, schedule_start TIMESTAMPTZ", ""},
    {"ducklake_inlined_data_tables", "table_id BIGINT, table_name VARCHAR, schema_version BIGINT", ""},
    {"ducklake_column_mapping", "mapping_id BIGINT, table_id BIGINT, type VARCHAR", ""},
    {"ducklake_name_mapping",
     "mapping_id BIGINT, column_id BIGINT, source_name VARCHAR, target_field_id BIGINT, parent_column BIGINT, "
     "is_partition BOOLEAN",
     ""},
    {"ducklake_schema_versions", "begin_snapshot BIGINT, schema_version BIGINT, table_id BIGINT", ""},
    {"ducklake_macro",
     "schema_id BIGINT, macro_id BIGINT, macro_name VARCHAR, begin_snapshot BIGINT, end_snapshot BIGINT", ""},
    {"ducklake_macro_impl",
     "macro_id BIGINT, impl_id BIGINT, dialect VARCHAR, sql VARCHAR, type VARCHAR", ""},
    {"ducklake_macro_parameters",
     "macro_id BIGINT, impl_id BIGINT, column_id BIGINT, parameter_name VARCHAR, parameter_type VARCHAR, "
     "default_value VARCHAR, default_value_type VARCHAR",
     ""},
    {"ducklake_sort_info", "sort_id BIGINT, table_id BIGINT, begin_snapshot BIGINT, end_snapshot BIGINT", ""},
    {"ducklake_sort_expression",
     "sort_id BIGINT, table_id BIGINT, sort_key_index BIGINT, expression VARCHAR, dialect VARCHAR, sort_direction "
     "VARCHAR, null_order VARCHAR",
     ""},
};

//! A column list in the spec's types ("id BIGINT PRIMARY KEY, name VARCHAR") with each type declared as the
//! dialect does.
std::string DeclaredColumns(const std::string &columns, const SqlDialect &dialect) {
	std::string result;
	for (auto &column : duckdb::StringUtil::Split(columns, ", ")) {
		auto words = duckdb::StringUtil::Split(column, " ");
		words[1] = dialect.CatalogColumnType(words[1]);
		result += (result.empty() ? "" : ", ") + duckdb::StringUtil::Join(words, " ");
	}
	return result;
}

} // namespace

bool IsSupportedFormatVersion(const std::string &format_version) {
	return format_version == "1.0" || format_version == "1.1";
}

bool IsMigratableFormatVersion(const std::string &format_version) {
	return format_version == "0.1" || format_version == "0.2" || format_version == "0.3";
}

std::vector<std::string> CatalogTableNames(const std::string &format_version) {
	std::vector<std::string> result;
	for (auto &table : kCatalogTables) {
		result.push_back(table.name);
	}
	if (format_version == "1.1") {
		result.push_back("ducklake_view_column_tag");
	}
	return result;
}

static const char *kViewColumnTagColumns =
    "view_id BIGINT, column_name VARCHAR, begin_snapshot BIGINT, end_snapshot BIGINT, key VARCHAR, value VARCHAR";

//! The column definitions ("name TYPE ...") of a catalog table, 1.1 columns included.
static std::vector<std::string> CatalogTableColumnDefinitions(const std::string &table_name) {
	std::string columns;
	if (table_name == "ducklake_view_column_tag") {
		columns = kViewColumnTagColumns;
	}
	for (auto &table : kCatalogTables) {
		if (table_name == table.name) {
			columns = std::string(table.columns) + table.columns_1_1;
		}
	}
	if (columns.empty()) {
		return {};
	}
	auto definitions = duckdb::StringUtil::Split(columns, ", ");
	return std::vector<std::string>(definitions.begin(), definitions.end());
}

static std::vector<std::string> ColumnNamesOf(const std::string &table_name) {
	std::vector<std::string> names;
	for (auto &column : CatalogTableColumnDefinitions(table_name)) {
		names.push_back(duckdb::StringUtil::Split(column, " ")[0]);
	}
	return names;
}

const std::vector<std::string> &CatalogTableColumnNames(const std::string &table_name) {
	// every commit asks for some (its snapshot and changes rows): split the definitions once
	static const auto names_by_table = []() {
		std::unordered_map<std::string, std::vector<std::string>> names;
		names["ducklake_view_column_tag"] = ColumnNamesOf("ducklake_view_column_tag");
		for (auto &table : kCatalogTables) {
			names[table.name] = ColumnNamesOf(table.name);
		}
		return names;
	}();
	static const std::vector<std::string> none;
	auto found = names_by_table.find(table_name);
	return found == names_by_table.end() ? none : found->second;
}

std::vector<std::string> CatalogTableColumnTypes(const std::string &table_name) {
	std::vector<std::string> types;
	for (auto &column : CatalogTableColumnDefinitions(table_name)) {
		types.push_back(duckdb::StringUtil::Split(column, " ")[1]);
	}
	return types;
}

//! The column list of a catalog table in a format version ("" when the version has no such table).
static std::string ColumnsInFormat(const std::string &table_name, const std::string &format_version) {
	bool is_1_1 = format_version == "1.1";
	if (table_name == "ducklake_view_column_tag") {
		return is_1_1 ? kViewColumnTagColumns : "";
	}
	for (auto &table : kCatalogTables) {
		if (table_name == table.name) {
			return std::string(table.columns) + (is_1_1 ? table.columns_1_1 : "");
		}
	}
	return std::string();
}

std::vector<std::string> CatalogTableColumnNames(const std::string &table_name, const std::string &format_version) {
	std::vector<std::string> names;
	auto columns = ColumnsInFormat(table_name, format_version);
	if (columns.empty()) {
		return names;
	}
	for (auto &column : duckdb::StringUtil::Split(columns, ", ")) {
		names.push_back(duckdb::StringUtil::Split(column, " ")[0]);
	}
	return names;
}

std::string CatalogTableCreateStatement(const std::string &table_name, const std::string &format_version,
                                        const std::string &prefix, const SqlDialect &dialect,
                                        const std::string &created_name) {
	auto columns = ColumnsInFormat(table_name, format_version);
	if (columns.empty()) {
		return std::string();
	}
	return "CREATE TABLE " + prefix + (created_name.empty() ? table_name : created_name) + " (" +
	       DeclaredColumns(columns, dialect) + ")" + dialect.CreateTableSuffix();
}

std::vector<std::string> CatalogTableDDL(const std::string &format_version, const std::string &prefix,
                                         const SqlDialect &dialect) {
	std::vector<std::string> result;
	for (auto &name : CatalogTableNames(format_version)) {
		result.push_back(CatalogTableCreateStatement(name, format_version, prefix, dialect));
	}
	return result;
}

} // namespace inlake

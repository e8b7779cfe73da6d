#include "metadata/sql/catalog_migration.hpp"

#include "metadata/catalog_tables_sql.hpp"
#include "metadata/sql/result_row.hpp"

#include "duckdb/common/string_util.hpp"

#include <algorithm>
#include <csignal>
#include <cstdlib>

namespace inlake {

//! Columns of older formats that format 1.0 dropped (their values move into other columns).
static bool IsDroppedColumn(const std::string &table, const std::string &column) {
	return table == "ducklake_data_file" && column == "partial_file_info";
}

static bool Contains(const std::vector<std::string> &names, const std::string &name) {
	return std::find(names.begin(), names.end(), name) != names.end();
}

static std::string JoinNames(const std::vector<std::string> &names) {
	return duckdb::StringUtil::Join(duckdb::vector<std::string>(names.begin(), names.end()), ", ");
}

void CatalogMigration::Run(const std::string &from_version) {
	if (!IsMigratableFormatVersion(from_version)) {
		throw duckdb::NotImplementedException("inlake cannot migrate a catalog of DuckLake format version %s (it "
		                                      "migrates 0.1, 0.2 and 0.3)",
		                                      from_version);
	}
	CheckPartialFileInfo();
	for (auto &table : CatalogTableNames("1.0")) {
		MigrateTable(table);
	}
	CheckLayout();
	Execute("UPDATE " + prefix + "ducklake_metadata SET value = '1.0' WHERE key = 'version' AND scope IS NULL");
}

void CatalogMigration::MigrateTable(const std::string &table) {
	std::vector<std::string> old_columns;
	bool old_is_table = false;
	auto old_rows = OldRows(table, old_columns, old_is_table);
	auto &dialect = connection.Dialect();
	if (old_rows.empty()) {
		Execute(CatalogTableCreateStatement(table, "1.0", prefix, dialect));
		return;
	}
	auto columns = CatalogTableColumnNames(table, "1.0");
	bool in_place = old_rows == prefix + table;
	if (in_place && old_columns == columns) {
		return;
	}
	for (auto &column : old_columns) {
		if (!Contains(columns, column) && !IsDroppedColumn(table, column)) {
			throw duckdb::IOException("Cannot migrate the catalog: its table %s has a column %s, which DuckLake "
			                          "format 1.0 does not know",
			                          table, column);
		}
	}
	auto rebuilt = table + "_migrated_to_1_0";
	Execute(CatalogTableCreateStatement(table, "1.0", prefix, dialect, rebuilt));
	if (table == "ducklake_schema_versions") {
		FillSchemaVersions(prefix + rebuilt, old_rows);
	} else {
		std::vector<std::string> values;
		for (auto &column : columns) {
			values.push_back(ColumnValue(table, column, old_columns));
		}
		Execute("INSERT INTO " + prefix + rebuilt + " (" + JoinNames(columns) + ") SELECT " + JoinNames(values) +
		        " FROM " + old_rows);
	}
	if (old_is_table) {
		Execute("DROP TABLE " + old_rows);
	}
	Execute("ALTER TABLE " + prefix + rebuilt + " RENAME TO " + table);
}

std::string CatalogMigration::OldRows(const std::string &table, std::vector<std::string> &old_columns,
                                      bool &is_table) {
	is_table = true;
	if (connection.TableExists(table)) {
		old_columns = ColumnsOf(table);
		return prefix + table;
	}
	if (table == "ducklake_file_column_stats" && connection.TableExists("ducklake_file_column_statistics")) {
		old_columns = ColumnsOf("ducklake_file_column_statistics");
		return prefix + "ducklake_file_column_statistics"; // its name before 0.2
	}
	if (table == "ducklake_schema_versions") {
		// before 0.3: each schema version began at the first snapshot that has it
		old_columns = {"begin_snapshot", "schema_version"};
		is_table = false;
		return "(SELECT min(snapshot_id) AS begin_snapshot, schema_version FROM " + prefix +
		       "ducklake_snapshot GROUP BY schema_version)";
	}
	return std::string();
}

std::string CatalogMigration::ColumnValue(const std::string &table, const std::string &column,
                                          const std::vector<std::string> &old_columns) {
	auto &dialect = connection.Dialect();
	if (Contains(old_columns, column)) {
		return column;
	}
	if (column == "partial_max" && Contains(old_columns, "partial_file_info")) {
		// 1.0: 'partial_max:N' (CheckPartialFileInfo made sure of the form) becomes N; a file that embeds its
		// rows' ids (an UPDATE wrote it) gets its begin snapshot, as inlake's own UPDATE marks such a file
		std::string ids;
		for (auto id : files_with_row_ids) {
			ids += (ids.empty() ? "" : ", ") + std::to_string(id);
		}
		auto embedded = ids.empty() ? "" : " WHEN data_file_id IN (" + ids + ") THEN begin_snapshot";
		return "CASE WHEN partial_file_info IS NOT NULL THEN CAST(substr(partial_file_info, 13) AS " +
		       dialect.CatalogColumnType("BIGINT") + ")" + embedded + " END";
	}
	if ((table == "ducklake_schema" || table == "ducklake_table") && column == "path") {
		return "''"; // 0.2: an empty relative path keeps 0.1's file paths relative to the data path
	}
	if ((table == "ducklake_schema" || table == "ducklake_table") && column == "path_is_relative") {
		return dialect.Literal(duckdb::Value::BOOLEAN(true));
	}
	if (table == "ducklake_column" && (column == "default_value_type" || column == "default_value_dialect")) {
		// 1.0: how a default is written; older formats wrote DuckDB expressions
		return std::string("CASE WHEN default_value IS NULL THEN NULL ELSE '") +
		       (column == "default_value_type" ? "expression" : "duckdb") + "' END";
	}
	auto types = CatalogTableColumnTypes(table);
	auto names = CatalogTableColumnNames(table);
	auto index = size_t(std::find(names.begin(), names.end(), column) - names.begin());
	return "CAST(NULL AS " + dialect.CatalogColumnType(types[index]) + ")";
}

void CatalogMigration::FillSchemaVersions(const std::string &new_table, const std::string &old_rows) {
	// Before 1.0 a schema version belonged to the whole catalog; from 1.0 on each row names its table. The tables
	// a version's first snapshot created or altered are those whose table or column rows began or ended there;
	// a version that changed no table (a schema created, say) keeps one row without a table.
	Execute("INSERT INTO " + new_table +
	        " (begin_snapshot, schema_version, table_id) SELECT DISTINCT v.begin_snapshot, v.schema_version, "
	        "c.table_id FROM " +
	        old_rows + " v JOIN (SELECT table_id, begin_snapshot AS snapshot_id FROM " + prefix +
	        "ducklake_table UNION SELECT table_id, begin_snapshot FROM " + prefix +
	        "ducklake_column UNION SELECT table_id, end_snapshot FROM " + prefix +
	        "ducklake_column WHERE end_snapshot IS NOT NULL) c ON c.snapshot_id = v.begin_snapshot");
	Execute("INSERT INTO " + new_table + " (begin_snapshot, schema_version, table_id) SELECT v.begin_snapshot, " +
	        "v.schema_version, CAST(NULL AS " + connection.Dialect().CatalogColumnType("BIGINT") + ") FROM " +
	        old_rows + " v WHERE v.begin_snapshot NOT IN (SELECT begin_snapshot FROM " + new_table + ")");
}

void CatalogMigration::CheckPartialFileInfo() {
	if (!Contains(ColumnsOf("ducklake_data_file"), "partial_file_info")) {
		return;
	}
	auto unknown = connection.Query("SELECT data_file_id, partial_file_info FROM " + prefix +
	                                "ducklake_data_file WHERE partial_file_info IS NOT NULL AND "
	                                "substr(partial_file_info, 1, 12) <> 'partial_max:'");
	if (unknown.RowCount() > 0) {
		ResultRow row(unknown, 0);
		throw duckdb::IOException("Cannot migrate the catalog: data file %lld has partial_file_info '%s', which is "
		                          "not of the form 'partial_max:N'; nothing was changed",
		                          row.Int(0), row.String(1));
	}
}

void CatalogMigration::CheckLayout() {
	for (auto &table : CatalogTableNames("1.0")) {
		auto expected = CatalogTableColumnNames(table, "1.0");
		auto found = ColumnsOf(table);
		if (found != expected) {
			throw duckdb::IOException("Cannot migrate the catalog: after the migration its table %s has the columns "
			                          "(%s), where a format 1.0 catalog has (%s); nothing was changed",
			                          table, JoinNames(found), JoinNames(expected));
		}
	}
}

std::vector<std::string> CatalogMigration::ColumnsOf(const std::string &table) {
	if (!connection.TableExists(table)) {
		return {};
	}
	return connection.Query("SELECT * FROM " + prefix + table + " LIMIT 0").names;
}

void CatalogMigration::Execute(const std::string &sql) {
	connection.Execute(sql);
	statements_run++;
	// a test kills the process in the middle of a migration to show the catalog is left as it was
	auto kill_at = std::getenv("INLAKE_TEST_KILL_MIGRATION_AT");
	if (kill_at && std::atoi(kill_at) == statements_run) {
		std::raise(SIGKILL);
	}
}

} // namespace inlake

//===----------------------------------------------------------------------===//
// CatalogMigration: upgrades a catalog of an older DuckLake format (0.1, 0.2,
// 0.3: what DuckDB 1.3 and 1.4's ducklake extension wrote) to format 1.0, in
// the caller's write transaction, on any backend.
//
// Each catalog table of format 1.0 is made from what the older catalog has:
// created when that version lacked it, left alone when its columns are
// already 1.0's, and otherwise rebuilt (a new table with 1.0's declaration,
// filled from the old one, which it then replaces). Rebuilding rather than
// ALTER ... ADD COLUMN gives every backend one path and the exact layout
// (column order, types, SQLite's STRICT) of a new 1.0 catalog; DuckDB also
// cannot update a table it altered in the same transaction. What each
// version changed, and the values the rebuild derives:
//   0.2  schema and table paths (empty and relative, so the 0.1 file paths
//        stay relative to the data path), option scopes, column and name
//        mappings; ducklake_file_column_statistics renamed ..._stats;
//   0.3  commit author and messages, extra stats, ducklake_schema_versions
//        (filled from the snapshots' schema versions when missing);
//   1.0  data_file.partial_file_info ('partial_max:N') becomes partial_max,
//        delete_file.partial_max, the table each schema version belongs to,
//        column default kinds, sort and macro tables.
// Data files are never touched. A column format 1.0 does not know fails the
// migration, as does a layout that still differs from a new 1.0 catalog's at
// the end; the caller then rolls back and nothing has changed.
//===----------------------------------------------------------------------===//
#pragma once

#include "metadata/sql/catalog_connection.hpp"

#include <string>
#include <vector>

namespace inlake {

class CatalogMigration {
public:
	//! `prefix` qualifies the catalog tables' names; `files_with_row_ids` are the data files (not partial ones)
	//! that embed their rows' ids (an UPDATE wrote them), which format 1.0 marks with partial_max
	CatalogMigration(CatalogConnection &connection, std::string prefix, std::vector<int64_t> files_with_row_ids)
	    : connection(connection), prefix(std::move(prefix)), files_with_row_ids(std::move(files_with_row_ids)) {
	}

	//! Upgrades the catalog from `from_version` (0.1, 0.2 or 0.3) to 1.0 in the caller's transaction.
	void Run(const std::string &from_version);

private:
	//! Creates, keeps or rebuilds one catalog table of format 1.0.
	void MigrateTable(const std::string &table);
	//! Where the old rows of a 1.0 table are ("": nowhere): the table itself or its older name (`is_table`), or a
	//! query; `old_columns` are the names they come with.
	std::string OldRows(const std::string &table, std::vector<std::string> &old_columns, bool &is_table);
	//! The SQL that gives a 1.0 column's value from an old row of the table.
	std::string ColumnValue(const std::string &table, const std::string &column,
	                        const std::vector<std::string> &old_columns);
	//! Fills the rebuilt ducklake_schema_versions: one row per table a schema version began for.
	void FillSchemaVersions(const std::string &new_table, const std::string &old_rows);
	void CheckPartialFileInfo();
	//! Fails unless every table of a new 1.0 catalog is there with its columns in the same order.
	void CheckLayout();

	//! The column names of a catalog table as the database has them, in order (empty: no such table).
	std::vector<std::string> ColumnsOf(const std::string &table);
	void Execute(const std::string &sql);

	CatalogConnection &connection;
	std::string prefix;
	std::vector<int64_t> files_with_row_ids;
	//! Statements run so far (INLAKE_TEST_KILL_MIGRATION_AT kills the process after one of them, for tests)
	int statements_run = 0;
};

} // namespace inlake

//===----------------------------------------------------------------------===//
// ALTER TABLE on a lake table: the table's record after the change.
//
// Supported: RENAME TO, RENAME COLUMN, ADD COLUMN (new column id, never
// reused), DROP COLUMN, ALTER COLUMN TYPE (without USING; of nested columns:
// fields matched by name), SET/DROP NOT NULL,
// SET/DROP DEFAULT, SET SORTED BY, and ADD/DROP/RENAME of nested fields
// (transaction/nested_field_alter.hpp). Column ids of kept columns stay, so
// Parquet files and inlined tables written before the change keep being read
// by id. Anything else is a NotImplementedException naming it. A sort order
// follows its columns: RENAME COLUMN renames them in the sort keys, DROP
// COLUMN drops the sort keys that use the column.
//===----------------------------------------------------------------------===//
#pragma once

#include "metadata/metadata_records.hpp"

#include "duckdb/parser/parsed_data/alter_table_info.hpp"

namespace inlake {

struct AlterResult {
	TableRecord record;
	//! The columns changed (the table gets a new schema version and inlined table)
	bool columns_changed = false;
	//! For rows the transaction already holds: the old column index of each new column (-1: added)
	std::vector<int64_t> column_sources;
	//! The sort order changed (SET SORTED BY, or a column it uses was renamed or dropped)
	bool sort_changed = false;
	//! The partition spec changed (SET / RESET PARTITIONED BY)
	bool partition_changed = false;
	//! ADD COLUMN s.f: the new field's column id (its DEFAULT, if any, is still in its default_sql)
	int64_t added_field_id = -1;
};

AlterResult AlterTableRecord(const TableRecord &record, duckdb::AlterTableInfo &info);

//! Whether `info` is COMMENT ON TABLE or COMMENT ON COLUMN of a table
bool IsTableComment(const duckdb::AlterInfo &info);
//! The record with the comment of COMMENT ON TABLE / COLUMN set (a NULL comment removes it); a clear error for a
//! column the table does not have.
TableRecord CommentedTableRecord(const TableRecord &record, const duckdb::AlterInfo &info);
//! Whether two versions of a table record carry the same table and column comments
bool SameComments(const TableRecord &before, const TableRecord &after);

} // namespace inlake

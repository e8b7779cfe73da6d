//===----------------------------------------------------------------------===//
// ALTER TABLE on the fields of nested columns: the table's record after
//   ALTER TABLE t ADD COLUMN s.f INT [DEFAULT c]     (AddFieldInfo)
//   ALTER TABLE t DROP COLUMN s.f                    (RemoveFieldInfo)
//   ALTER TABLE t RENAME COLUMN s.f TO g             (RenameFieldInfo)
// and the forms DuckDB's parser gives for STRUCTs inside LISTs and MAPs
// (l.element.f, l.list.f, m.value.f, m.key.f).
//
// Nested fields are ducklake_column rows with parent_column set, so these
// change the column tree as top-level ALTERs change the column list: a new
// field gets a new column id (never reused), a renamed field keeps its id,
// a dropped field's id is gone. Files and inlined tables written before are
// read by these ids (see common/nested_remap.hpp). Errors and IF [NOT]
// EXISTS follow DuckDB's native tables.
//===----------------------------------------------------------------------===//
#pragma once

#include "metadata/metadata_records.hpp"

#include "duckdb/parser/parsed_data/alter_table_info.hpp"

namespace inlake {

//! Whether `info` is ADD/DROP/RENAME of a nested field
bool IsNestedFieldAlter(const duckdb::AlterTableInfo &info);

//! Applies the field change to `record`. Returns false when nothing changes (IF [NOT] EXISTS). For ADD,
//! `added_field_id` is the new field's column id; its default (if any) is left in default_sql for the caller to
//! turn into its initial default.
bool AlterNestedField(TableRecord &record, duckdb::AlterTableInfo &info, int64_t &added_field_id);

//! ALTER COLUMN c SET DATA TYPE of a STRUCT/LIST/MAP column to another of the same kind: fields are matched by
//! name at every level (upstream DuckLake's struct evolution); a field the new type names and the column lacks is
//! added (a new id), a field it does not name is dropped, a kept leaf field may be promoted as a top-level column
//! can (catalog/type_promotion.hpp).
void EvolveNestedColumnType(TableRecord &record, LakeColumn &column, const duckdb::LogicalType &target);

//! The column or nested field with this id (nullptr if none)
LakeColumn *FindColumnById(std::vector<LakeColumn> &columns, int64_t column_id);

} // namespace inlake

//===----------------------------------------------------------------------===//
// Table columns between DuckDB's CreateTableInfo and the lake's LakeColumns.
//
// ColumnsFromCreateInfo assigns the column ids of a new table: 1, 2, ... in
// pre-order, nested fields numbered right after their parent, so every
// column and nested field has the id its Parquet field id will carry.
// CreateInfoFromColumns rebuilds the CreateTableInfo (columns, defaults,
// NOT NULL constraints) of a table loaded from the catalog.
//===----------------------------------------------------------------------===//
#pragma once

#include "common/lake_column.hpp"

#include "duckdb/parser/parsed_data/create_table_info.hpp"

#include <vector>

namespace inlake {

std::vector<LakeColumn> ColumnsFromCreateInfo(const duckdb::CreateTableInfo &info);
duckdb::unique_ptr<duckdb::CreateTableInfo> CreateInfoFromColumns(const std::string &schema, const std::string &table,
                                                                  const std::vector<LakeColumn> &columns);
//! The highest column id among these columns and their nested children (0 if none)
int64_t MaxColumnId(const std::vector<LakeColumn> &columns);
//! A column (or nested field) `definition` added to a table with `columns`, whose highest id ever used is
//! `max_column_id`: its ids (nested fields too) follow that id and the highest of `columns` (ids are never reused,
//! not even those of columns and fields dropped since), and `max_column_id` moves past them. A DEFAULT is kept as its
//! SQL text (the caller makes it the initial default).
LakeColumn AddedColumn(const duckdb::ColumnDefinition &definition, const std::vector<LakeColumn> &columns,
                       int64_t &max_column_id);
//! The child columns of a nested type with ids assigned from next_id.
std::vector<LakeColumn> NestedChildColumns(const duckdb::LogicalType &type, int64_t &next_id);

} // namespace inlake

//===----------------------------------------------------------------------===//
// LakeColumn: one column of a lake table as the read and write paths see it.
//
// column_id is the DuckLake column id: stable for the life of the column and
// written as the Parquet field id. Nested types (STRUCT, LIST, MAP) carry one
// child LakeColumn per nested field, each with its own column id, mirroring
// the parent_column rows of ducklake_column.
//===----------------------------------------------------------------------===//
#pragma once

#include "duckdb/common/types.hpp"
#include "duckdb/common/types/value.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace inlake {

struct LakeColumn {
	int64_t column_id = -1;
	std::string name;
	duckdb::LogicalType type;
	bool nulls_allowed = true;
	//! The default expression as SQL text (empty: no default)
	std::string default_sql;
	//! What rows written before the column existed hold in it (ducklake_column.initial_default): the default
	//! when the column was added, kept by later SET DEFAULTs, as value text (has_initial_default false: NULL;
	//! an empty text is the empty string)
	std::string initial_default;
	bool has_initial_default = false;
	//! COMMENT ON COLUMN (top-level columns; ducklake_column_tag key "comment"); has_comment false: none
	std::string comment;
	bool has_comment = false;
	//! For STRUCT: one per field. LIST: one child named "element". MAP: "key" and "value".
	std::vector<LakeColumn> children;
};

//! Rebuilds the type of a STRUCT, LIST or MAP column from its children's (names and types); other types stay.
inline void RebuildNestedType(LakeColumn &column) {
	switch (column.type.id()) {
	case duckdb::LogicalTypeId::STRUCT: {
		duckdb::child_list_t<duckdb::LogicalType> fields;
		for (auto &child : column.children) {
			fields.emplace_back(child.name, child.type);
		}
		column.type = duckdb::LogicalType::STRUCT(std::move(fields));
		break;
	}
	case duckdb::LogicalTypeId::LIST:
		column.type = duckdb::LogicalType::LIST(column.children[0].type);
		break;
	case duckdb::LogicalTypeId::MAP:
		column.type = duckdb::LogicalType::MAP(column.children[0].type, column.children[1].type);
		break;
	default:
		break;
	}
}

} // namespace inlake

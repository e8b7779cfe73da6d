//===----------------------------------------------------------------------===//
// TableModel: what the generator knows about one table (the same on the lake
// and the native side): its columns, their types, and the next unused key.
//
// Contract: column 0 is the key `k BIGINT`: unique, never updated, renamed,
// altered or dropped, and never reused (keys come from a counter that only
// grows, also across rolled-back inserts). Every column has a stable id that
// survives renames and type changes (time travel masks columns by id).
//===----------------------------------------------------------------------===//
#pragma once

#include "column_type.hpp"

#include <cstdint>
#include <climits>
#include <string>
#include <vector>

namespace inlake_random {

struct ColumnModel {
	int id = 0;
	std::string name;
	ColumnType type;
	//! The constant DEFAULT the column was added with ("" for none).
	std::string default_sql;
};

struct TableModel {
	//! Placeholder name in statement templates ("t1", "t2"); the table is called so on both sides.
	std::string name;
	std::vector<ColumnModel> columns;
	int64_t next_key = 1;
	//! The keys this table's own inserts take: [first_key, key_limit). Rows copied from the other table keep theirs.
	int64_t first_key = 1;
	int64_t key_limit = INT64_MAX;
	int next_column_id = 1;
	bool created = false;
	//! Ids of the columns the lake table is partitioned by (SET PARTITIONED BY; lake only): never dropped.
	std::vector<int> partition_column_ids;

	std::string CreateSql(const std::string &qualified_name) const;
	//! The non-key columns.
	std::vector<const ColumnModel *> ValueColumns() const;
	int FindColumn(const std::string &name) const;
	//! A fresh column name: mostly c<id>, sometimes one that needs quoting.
	std::string NewColumnName(int id, uint64_t salt) const;
	int64_t TakeKeys(int64_t count) {
		auto first = next_key;
		next_key += count;
		return first;
	}
};

} // namespace inlake_random

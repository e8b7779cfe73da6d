//===----------------------------------------------------------------------===//
// LocalChanges: everything a lake transaction changed and has not committed.
//
// Objects created in the transaction get transaction-local ids at or above
// kLocalIdBase; the commit replaces them with catalog ids. Entries are never
// freed before the transaction ends (bound plans may still point at them):
// dropping a created table moves it to `discarded_tables`.
//===----------------------------------------------------------------------===//
#pragma once

#include "catalog/lake_schema_entry.hpp"
#include "catalog/lake_table_entry.hpp"
#include "write/parquet_file_writer.hpp"

#include <map>
#include <set>
#include <vector>

namespace inlake {

constexpr int64_t kLocalIdBase = int64_t(1) << 56;

inline bool IsLocalId(int64_t id) {
	return id >= kLocalIdBase;
}

struct LocalTableChanges {
	//! Parquet files written by this transaction's inserts, in insert order
	std::vector<WrittenDataFile> new_files;
	//! Total rows in new_files (provisional row ids are kLocalIdBase + offset)
	int64_t new_row_count = 0;
};

struct LocalChanges {
	std::vector<duckdb::unique_ptr<LakeSchemaEntry>> created_schemas;
	std::set<int64_t> dropped_schema_ids;
	//! Tables created in this transaction, in creation order
	std::vector<duckdb::unique_ptr<LakeTableEntry>> created_tables;
	std::vector<duckdb::unique_ptr<LakeTableEntry>> discarded_tables;
	std::set<int64_t> dropped_table_ids;
	std::map<int64_t, LocalTableChanges> table_changes;
	int64_t next_local_id = kLocalIdBase;

	bool Empty() const {
		return created_schemas.empty() && dropped_schema_ids.empty() && created_tables.empty() &&
		       dropped_table_ids.empty() && table_changes.empty();
	}
	bool HasSchemaChanges() const {
		return !created_schemas.empty() || !dropped_schema_ids.empty() || !created_tables.empty() ||
		       !dropped_table_ids.empty();
	}
};

} // namespace inlake

//===----------------------------------------------------------------------===//
// StoreCache: what the DuckDB-file backend remembers of the catalog between
// calls, so that a small commit or a scan does not re-read it.
//
// Valid because a DuckDB catalog file is open read-write in one process only
// (DuckDB's file lock) and every write of this process goes through the one
// DuckDBMetadataStore of that file: what it last committed is the catalog's
// state. A write transaction stages its updates in a second StoreCache and
// applies them only after its catalog COMMIT succeeded. (Changing catalog
// tables by hand with SQL bypasses the cache: re-attach afterwards.)
//===----------------------------------------------------------------------===//
#pragma once

#include "metadata/metadata_records.hpp"

#include <map>
#include <set>
#include <utility>
#include <vector>

namespace inlake {

struct StoreCache {
	bool has_latest = false;
	SnapshotRecord latest;
	//! table id -> stats (a record with table_id -1: the table has no stats row)
	std::map<int64_t, TableStatsRecord> stats;
	std::map<int64_t, std::vector<InlinedTableRecord>> inlined_tables;
	//! (table id, snapshot id) -> data files visible then
	std::map<std::pair<int64_t, int64_t>, std::vector<DataFileRecord>> data_files;

	void InvalidateTable(int64_t table_id) {
		inlined_tables.erase(table_id);
		auto it = data_files.lower_bound(std::make_pair(table_id, INT64_MIN));
		while (it != data_files.end() && it->first.first == table_id) {
			it = data_files.erase(it);
		}
	}
};

//! Updates a write transaction staged for the cache.
struct StagedCacheUpdate {
	bool has_latest = false;
	SnapshotRecord latest;
	std::map<int64_t, TableStatsRecord> stats;
	std::set<int64_t> touched_tables;

	void ApplyTo(StoreCache &cache) const {
		if (has_latest) {
			cache.has_latest = true;
			cache.latest = latest;
		}
		for (auto table_id : touched_tables) {
			cache.InvalidateTable(table_id);
		}
		for (auto &entry : stats) {
			cache.stats[entry.first] = entry.second;
		}
	}
};

} // namespace inlake

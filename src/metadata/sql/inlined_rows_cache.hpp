//===----------------------------------------------------------------------===//
// InlinedRowsCache: decoded live rows of inlined tables that scans read,
// kept for the next scan.
//
// An entry holds the rows a scan read for one "shape" (inlined table, the
// columns read and how, their order) together with the latest snapshot of
// the catalog state they were read in. A scan of the same state takes them
// as they are; a scan of a newer state may extend them with the rows
// committed since, when nothing else changed the table's rows in between
// (see SqlReadSession::ExtendCachedRows). Only the newest rows of a shape
// are kept. Thread-safe.
//===----------------------------------------------------------------------===//
#pragma once

#include "duckdb/common/types/column/column_data_collection.hpp"

#include <map>
#include <memory>
#include <mutex>
#include <string>

namespace inlake {

class InlinedRowsCache {
public:
	struct Entry {
		//! The latest snapshot of the catalog state the rows were read in (-1: no entry)
		int64_t snapshot_id = -1;
		std::shared_ptr<duckdb::ColumnDataCollection> rows;
	};

	//! The rows kept for `shape`, if any
	Entry Find(const std::string &shape) const;
	//! Keeps `rows` for `shape`, unless rows of a newer catalog state are kept already
	void Keep(const std::string &shape, int64_t snapshot_id, std::shared_ptr<duckdb::ColumnDataCollection> rows);

	//! Rows kept for one shape at most (a larger scan is not kept)
	static constexpr duckdb::idx_t kMaxRows = 100000;

private:
	//! Shapes kept at most (then all are dropped: the tables being read now fill it again)
	static constexpr size_t kMaxShapes = 16;

	mutable std::mutex lock;
	std::map<std::string, Entry> entries;
};

} // namespace inlake

//===----------------------------------------------------------------------===//
// History: the expected contents of every table at every committed snapshot,
// for the time travel checks.
//
// Contract: Record stores, for lake snapshot id `snapshot`, the native images
// of the tables that exist then (a later record for the same id replaces the
// earlier one). MaskedColumns gives the column ids time travel to a snapshot
// may legitimately show as NULL: columns dropped after it, once a flush or
// CHECKPOINT followed the drop (README "Known limits": a flush writes rows under
// the current columns). Forget drops records of expired snapshots.
//===----------------------------------------------------------------------===//
#pragma once

#include "table_image.hpp"

#include <cstdint>
#include <map>
#include <set>
#include <vector>

namespace inlake_random {

struct SnapshotRecord {
	int64_t snapshot = 0;
	int64_t step = 0;
	//! One entry per table; `exists` false when the table was not created yet.
	std::vector<bool> exists;
	std::vector<TableImage> images;
};

class History {
public:
	void Record(SnapshotRecord record);
	void NoteDrop(int table, int column_id, int64_t snapshot);
	void NoteFlush(int64_t snapshot);
	std::set<int> MaskedColumns(int table, int64_t version) const;
	void Forget(int64_t snapshot);
	const std::map<int64_t, SnapshotRecord> &Records() const {
		return records;
	}
	std::map<int64_t, SnapshotRecord> &MutableRecords() {
		return records;
	}

private:
	std::map<int64_t, SnapshotRecord> records;
	//! (table, column id) -> snapshot of the drop.
	std::vector<std::pair<std::pair<int, int>, int64_t>> drops;
	std::vector<int64_t> flushes;
};

} // namespace inlake_random

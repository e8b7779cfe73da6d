//===----------------------------------------------------------------------===//
// History: the expected contents of every table at every committed snapshot,
// for the time travel checks.
//
// Contract: Record stores, for lake snapshot id `snapshot`, the native images
// of the tables that exist then (a later record for the same id replaces the
// earlier one). Forget drops records of expired snapshots.
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
	void Forget(int64_t snapshot);
	const std::map<int64_t, SnapshotRecord> &Records() const {
		return records;
	}
	std::map<int64_t, SnapshotRecord> &MutableRecords() {
		return records;
	}

private:
	std::map<int64_t, SnapshotRecord> records;
};

} // namespace inlake_random

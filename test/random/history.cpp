#include "history.hpp"

namespace inlake_random {

void History::Record(SnapshotRecord record) {
	auto snapshot = record.snapshot;
	records[snapshot] = std::move(record);
}

void History::Forget(int64_t snapshot) {
	records.erase(snapshot);
}

} // namespace inlake_random

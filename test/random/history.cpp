#include "history.hpp"

namespace inlake_random {

void History::Record(SnapshotRecord record) {
	auto snapshot = record.snapshot;
	records[snapshot] = std::move(record);
}

void History::NoteDrop(int table, int column_id, int64_t snapshot) {
	drops.push_back({{table, column_id}, snapshot});
}

void History::NoteFlush(int64_t snapshot) {
	flushes.push_back(snapshot);
}

std::set<int> History::MaskedColumns(int table, int64_t version) const {
	std::set<int> masked;
	for (auto &drop : drops) {
		if (drop.first.first != table || drop.second <= version) {
			continue;
		}
		for (auto flush : flushes) {
			if (flush >= drop.second) {
				masked.insert(drop.first.second);
			}
		}
	}
	return masked;
}

void History::Forget(int64_t snapshot) {
	records.erase(snapshot);
}

} // namespace inlake_random

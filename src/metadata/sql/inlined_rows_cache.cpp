#include "metadata/sql/inlined_rows_cache.hpp"

namespace inlake {

InlinedRowsCache::Entry InlinedRowsCache::Find(const std::string &shape) const {
	std::lock_guard<std::mutex> guard(lock);
	auto entry = entries.find(shape);
	return entry == entries.end() ? Entry() : entry->second;
}

void InlinedRowsCache::Keep(const std::string &shape, int64_t snapshot_id,
                            std::shared_ptr<duckdb::ColumnDataCollection> rows) {
	if (!rows || rows->Count() > kMaxRows) {
		return;
	}
	std::lock_guard<std::mutex> guard(lock);
	auto existing = entries.find(shape);
	if (existing != entries.end() && existing->second.snapshot_id > snapshot_id) {
		return; // a scan of an older catalog state finished after one of a newer state
	}
	if (existing == entries.end() && entries.size() >= kMaxShapes) {
		entries.clear();
	}
	entries[shape] = Entry {snapshot_id, std::move(rows)};
}

} // namespace inlake

#include "common/deletion_vector.hpp"

#include <algorithm>
#include <map>

namespace inlake {

std::vector<DeletionVector> VectorsOf(const std::vector<int64_t> &positions, const std::vector<int64_t> &snapshots) {
	std::vector<DeletionVector> result;
	if (snapshots.empty()) {
		DeletionVector vector;
		vector.positions = positions;
		result.push_back(std::move(vector));
		return result;
	}
	std::map<int64_t, std::vector<int64_t>> by_snapshot;
	for (size_t i = 0; i < positions.size(); i++) {
		by_snapshot[snapshots[i]].push_back(positions[i]);
	}
	std::vector<int64_t> so_far;
	for (auto &entry : by_snapshot) {
		std::vector<int64_t> merged;
		merged.reserve(so_far.size() + entry.second.size());
		std::merge(so_far.begin(), so_far.end(), entry.second.begin(), entry.second.end(), std::back_inserter(merged));
		merged.erase(std::unique(merged.begin(), merged.end()), merged.end());
		so_far = merged;
		DeletionVector vector;
		vector.snapshot_id = entry.first;
		vector.positions = std::move(merged);
		result.push_back(std::move(vector));
	}
	return result;
}

static int64_t SnapshotOf(const DeletionVector &vector, int64_t file_snapshot) {
	return vector.snapshot_id < 0 ? file_snapshot : vector.snapshot_id;
}

std::vector<int64_t> VectorPositionsAt(const std::vector<DeletionVector> &vectors, int64_t file_snapshot,
                                       int64_t snapshot) {
	const DeletionVector *chosen = nullptr;
	for (auto &vector : vectors) {
		auto at = SnapshotOf(vector, file_snapshot);
		if (at <= snapshot && (!chosen || at >= SnapshotOf(*chosen, file_snapshot))) {
			chosen = &vector;
		}
	}
	return chosen ? chosen->positions : std::vector<int64_t>();
}

std::vector<std::pair<int64_t, int64_t>> VectorPositionsWithSnapshots(const std::vector<DeletionVector> &vectors,
                                                                      int64_t file_snapshot) {
	std::map<int64_t, int64_t> first_seen;
	std::vector<const DeletionVector *> ordered;
	for (auto &vector : vectors) {
		ordered.push_back(&vector);
	}
	std::stable_sort(ordered.begin(), ordered.end(), [&](const DeletionVector *a, const DeletionVector *b) {
		return SnapshotOf(*a, file_snapshot) < SnapshotOf(*b, file_snapshot);
	});
	for (auto vector : ordered) {
		for (auto position : vector->positions) {
			first_seen.emplace(position, SnapshotOf(*vector, file_snapshot));
		}
	}
	std::vector<std::pair<int64_t, int64_t>> result;
	if (ordered.empty()) {
		return result;
	}
	// the last vector is the file's whole state: positions only an earlier vector held are not deleted now
	for (auto position : ordered.back()->positions) {
		result.emplace_back(position, first_seen[position]);
	}
	return result;
}

} // namespace inlake

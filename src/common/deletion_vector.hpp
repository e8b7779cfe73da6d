//===----------------------------------------------------------------------===//
// Deletion vectors and snapshots: what a Puffin delete file's vectors mean
// at each snapshot of the lake.
//
// A vector holds positions only. A delete file written by a DELETE holds one
// vector with every position of its data file deleted so far; it answers for
// the data file from its row's begin_snapshot on, and earlier snapshots read
// the older delete file (ducklake_delete_file keeps one row per vector, each
// with its begin/end snapshot). A file that holds deletions of several
// snapshots at once (a flush of inlined deletions, a merge: the catalog row
// has partial_max set) holds one vector per snapshot, ascending, each with
// every position deleted up to that snapshot and the property
// ducklake-snapshot-id naming it, as DuckLake writes them: a reader at
// snapshot S uses the last vector of a snapshot at or before S (none: nothing
// deleted yet). A vector without a snapshot stands for the file's begin
// snapshot.
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

namespace inlake {

struct DeletionVector {
	//! The snapshot the vector is the state of (-1: the delete file's begin snapshot)
	int64_t snapshot_id = -1;
	//! Deleted positions, ascending
	std::vector<int64_t> positions;
};

//! One cumulative vector per distinct snapshot of `snapshots` (one per position of `positions`, ascending by
//! position), ascending by snapshot. Without snapshots: one vector of all positions, snapshot -1.
std::vector<DeletionVector> VectorsOf(const std::vector<int64_t> &positions, const std::vector<int64_t> &snapshots);

//! The positions deleted at `snapshot`: those of the last vector whose snapshot (`file_snapshot` for -1) is at
//! or before it.
std::vector<int64_t> VectorPositionsAt(const std::vector<DeletionVector> &vectors, int64_t file_snapshot,
                                       int64_t snapshot);

//! (position, snapshot of the first vector holding it) of every position of the last vector, by position.
std::vector<std::pair<int64_t, int64_t>> VectorPositionsWithSnapshots(const std::vector<DeletionVector> &vectors,
                                                                      int64_t file_snapshot);

} // namespace inlake

//===----------------------------------------------------------------------===//
// inlake: the snapshot each connection last committed to each lake.
//
// Kept in the connection's ClientContext (a registered ClientContextState), so
// `ducklake_last_committed_snapshot('lake')` answers for the connection that
// asks: NULL until it commits a snapshot to that lake. A lake is told apart
// by its name and its catalog database (a lake attached again under the same
// name is another lake).
//===----------------------------------------------------------------------===//
#pragma once

#include "duckdb/main/client_context.hpp"

#include <cstdint>
#include <string>

namespace inlake {

class LakeCatalog;

void RecordLastCommittedSnapshot(duckdb::ClientContext &context, LakeCatalog &catalog, int64_t snapshot_id);
//! The snapshot this connection last committed to the lake; false when it has committed none
bool LastCommittedSnapshot(duckdb::ClientContext &context, LakeCatalog &catalog, int64_t &snapshot_id);

} // namespace inlake

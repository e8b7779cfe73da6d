//===----------------------------------------------------------------------===//
// DetachGuard: DETACH of a lake inside a transaction that changed it is
// refused before it runs.
//
// The transaction's changes reach the catalog only at COMMIT, and a COMMIT
// cannot reach a lake that is no longer attached: DuckDB would detach the
// lake and the writes would be lost without a word. Catalog::OnDetach comes
// too late to refuse (the database is gone by then), so the check runs where
// every statement's plan passes, as an optimizer extension looking for a
// DETACH of a lake this transaction has changed.
//===----------------------------------------------------------------------===//
#pragma once

#include "duckdb/main/config.hpp"

namespace inlake {

//! Registers the check with the database's configuration.
void RegisterDetachGuard(duckdb::DBConfig &config);

} // namespace inlake

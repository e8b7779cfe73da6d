//===----------------------------------------------------------------------===//
// The SQL a view is stored with. A query names the lake by the name it is
// attached under (`l.main.t`, or `l.t`), which another session may attach as
// something else: a stored view keeps such names only up to the schema
// (`main.t`), which DuckDB resolves in the view's own catalog when the view is
// used. Names of other catalogs are kept as written.
//===----------------------------------------------------------------------===//
#pragma once

#include "duckdb/parser/query_node.hpp"

#include <functional>
#include <string>

namespace inlake {

//! The SQL of `query` with the qualifiers naming the lake `lake_name` dropped. `is_lake_schema(name)` tells
//! whether the lake has a schema of that name (then `name.t` names the schema, not the lake).
std::string PortableViewSql(const duckdb::QueryNode &query, const std::string &lake_name,
                            const std::function<bool(const std::string &)> &is_lake_schema);

} // namespace inlake

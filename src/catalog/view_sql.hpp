//===----------------------------------------------------------------------===//
// The SQL a view is stored with. A query names the lake by the name it is
// attached under (`l.main.t`, `l.t`, a column `l.main.t.a`), which another
// session may attach as something else: a stored view keeps such names only
// up to the schema (`main.t`). When the view is read back, a name whose first
// part is one of the lake's schemas gets the lake's current name again
// (`main.t` is `l2.main.t`), so that a database attached under the schema's
// name (`ATTACH ... AS main2` beside a lake schema `main2`) does not make it
// ambiguous. Names of other catalogs are kept as written.
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
//! The stored `query` (as PortableViewSql wrote it) with the table names of the lake's schemas qualified by the
//! lake's name `lake_name` again.
void QualifyLakeNames(duckdb::QueryNode &query, const std::string &lake_name,
                      const std::function<bool(const std::string &)> &is_lake_schema);

} // namespace inlake

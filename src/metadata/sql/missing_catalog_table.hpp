//===----------------------------------------------------------------------===//
// A catalog table that a statement named and the catalog database lacks: a
// damaged catalog (a ducklake_* or inlined data table dropped by hand). The
// SQLite and PostgreSQL connections report it with the table's name and
// without the internal statement that found it missing, in the words the
// ATTACH uses for a catalog that lacks tables.
//===----------------------------------------------------------------------===//
#pragma once

#include <cstddef>
#include <string>

namespace inlake {

//! Whether `table` is a name the lake gives its catalog tables (ducklake_*), inlined data tables included.
bool IsCatalogTableName(const std::string &table);

//! The error text for a catalog database (as the lake displays it) that lacks the catalog table `table`.
std::string MissingCatalogTableMessage(const std::string &database, const std::string &table);

//! The last part of the (possibly qualified, possibly quoted) table name that starts at `position` of `sql`:
//! a position as PostgreSQL reports an error's (counted in characters from 1). Empty when there is none.
std::string TableNamedAt(const std::string &sql, size_t position);

} // namespace inlake

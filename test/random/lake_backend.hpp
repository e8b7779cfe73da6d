//===----------------------------------------------------------------------===//
// LakeBackend: the catalog backend a run attaches, and the one place that
// builds its ATTACH statement.
//
// Contract: AttachSql is the only code that spells an attach string: "duckdb"
// (ducklake:<dir>/lake.duckdb) and "sqlite" (ducklake:sqlite:<dir>/lake.sqlite);
// PostgreSQL plugs in here as a new case. Checks read catalog tables through
// CatalogTable, which works on every backend.
//===----------------------------------------------------------------------===//
#pragma once

#include <string>
#include <vector>

namespace inlake_random {

enum class Backend { DUCKDB, SQLITE };

//! Parses a --backend value; throws std::invalid_argument for an unknown one.
Backend ParseBackend(const std::string &name);
std::string BackendName(Backend backend);
std::vector<Backend> AllBackends();

//! ATTACH '<ducklake:...>' AS <alias> (DATA_PATH '<dir>/data/', DATA_INLINING_ROW_LIMIT n).
std::string AttachSql(Backend backend, const std::string &dir, const std::string &alias, int inlining_limit);

//! What CatalogTable takes to name the lake attached as `alias` (the alias itself).
std::string MetadataCatalog(const std::string &alias);
//! SQL naming one catalog table of the lake, on any backend: ducklake_catalog_table('<lake>', '<table>').
std::string CatalogTable(const std::string &lake, const std::string &table);

//! The data path the lake was attached with (ends in '/').
std::string DataPath(const std::string &dir);

} // namespace inlake_random

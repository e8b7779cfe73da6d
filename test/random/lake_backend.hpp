//===----------------------------------------------------------------------===//
// LakeBackend: the catalog backend a run attaches, and the one place that
// builds its ATTACH statement.
//
// Contract: AttachSql is the only code that spells an attach string. Today only
// "duckdb" (ducklake:<dir>/lake.duckdb) exists; SQLite and PostgreSQL plug in
// here as new cases (their paths/connection strings derived from the run dir).
//===----------------------------------------------------------------------===//
#pragma once

#include <string>
#include <vector>

namespace inlake_random {

enum class Backend { DUCKDB };

//! Parses a --backend value; throws std::invalid_argument for an unknown one.
Backend ParseBackend(const std::string &name);
std::string BackendName(Backend backend);
std::vector<Backend> AllBackends();

//! ATTACH '<ducklake:...>' AS <alias> (DATA_PATH '<dir>/data/', DATA_INLINING_ROW_LIMIT n).
std::string AttachSql(Backend backend, const std::string &dir, const std::string &alias, int inlining_limit);

//! The DuckDB catalog name under which the lake's metadata tables are visible.
std::string MetadataCatalog(const std::string &alias);

//! The data path the lake was attached with (ends in '/').
std::string DataPath(const std::string &dir);

} // namespace inlake_random

//===----------------------------------------------------------------------===//
// LakeBackend: the catalog backend a run attaches, and the one place that
// builds its ATTACH statement.
//
// Contract: AttachSql is the only code that spells an attach string: "duckdb"
// (ducklake:<dir>/lake.duckdb), "sqlite" (ducklake:sqlite:<dir>/lake.sqlite)
// and "postgres" (ducklake:postgres:<INLAKE_TEST_PG> dbname=<a database of the
// lake's own>, see postgres_catalogs.hpp). A run calls CreateCatalog before
// the first ATTACH of a lake and DropCatalog when it is done with it (file
// catalogs live in <dir>: nothing to do). Checks read catalog tables through
// CatalogTable, which works on every backend.
//===----------------------------------------------------------------------===//
#pragma once

#include "features.hpp"

#include <string>
#include <vector>

namespace inlake_random {

enum class Backend { DUCKDB, SQLITE, POSTGRES };

//! Parses a --backend value; throws std::invalid_argument for an unknown one.
Backend ParseBackend(const std::string &name);
std::string BackendName(Backend backend);
std::vector<Backend> AllBackends();
//! Why the backend cannot run here ("" when it can): postgres needs a test server (INLAKE_TEST_PG).
std::string BackendUnavailable(Backend backend);

//! `features` without what the backend cannot do by design (README known limits): postgres takes no chr(0)
//! inside nested values ("nested-nul").
FeatureSet BackendFeatures(Backend backend, FeatureSet features);

//! A fresh, empty catalog for the lake in `dir` (postgres: drops and creates its database); throws on failure.
void CreateCatalog(Backend backend, const std::string &dir);
//! Removes what CreateCatalog made outside `dir` (postgres: the database); throws on failure.
void DropCatalog(Backend backend, const std::string &dir);

//! ATTACH '<ducklake:...>' AS <alias> (DATA_PATH '<dir>/data/', DATA_INLINING_ROW_LIMIT n).
//! `encrypted`: the ATTACH says ENCRYPTED (a new lake is created encrypted; later attaches may leave it out)
std::string AttachSql(Backend backend, const std::string &dir, const std::string &alias, int inlining_limit,
                      bool encrypted = false);

//! What CatalogTable takes to name the lake attached as `alias` (the alias itself).
std::string MetadataCatalog(const std::string &alias);
//! SQL naming one catalog table of the lake, on any backend: ducklake_catalog_table('<lake>', '<table>').
std::string CatalogTable(const std::string &lake, const std::string &table);

//! The data path the lake was attached with (ends in '/').
std::string DataPath(const std::string &dir);

} // namespace inlake_random

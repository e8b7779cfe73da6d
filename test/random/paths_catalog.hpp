//===----------------------------------------------------------------------===//
// Paths catalog: the catalog backend of one seed of the path workload, and
// the ATTACH strings it spells.
//
// Contract: Prepare makes what the backend needs (PostgreSQL: a database of
// its own on the server in INLAKE_TEST_PG, dropped again by Release); the
// DuckDB and SQLite catalogs are the layout's catalog file, spelled from the
// working directory the lake is attached from (SpellFile: absolute, relative or `~/`).
// AttachSql writes `ATTACH 'ducklake:...' AS l (...)`, with DATA_PATH only
// when a spelling is given. CatalogFiles lists the files a catalog may write
// next to itself (its WAL, journal, lock file), which the inventory leaves out.
//===----------------------------------------------------------------------===//
#pragma once

#include "paths_layout.hpp"

#include <string>
#include <vector>

namespace inlake_random {

//! INLAKE_TEST_PG or "".
std::string PostgresTestServer();

class PathsCatalog {
public:
	PathsCatalog(PathsBackend backend, const std::string &catalog_file, const std::string &home, uint64_t seed);
	//! false with `error` when the backend cannot be prepared.
	bool Prepare(std::string &error);
	void Release();

	std::string AttachSql(Rng &rng, const std::string &cwd, const std::string &data_spelling, int limit) const;
	std::vector<std::string> CatalogFiles() const;

private:
	PathsBackend backend;
	std::string catalog_file;
	std::string home;
	std::string database;
};

//! The catalog files of a DuckDB or SQLite catalog file (itself, WAL, journal).
std::vector<std::string> CatalogFilesOf(const std::string &catalog_file);

} // namespace inlake_random

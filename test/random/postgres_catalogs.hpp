//===----------------------------------------------------------------------===//
// PostgresCatalogs: the PostgreSQL test server (INLAKE_TEST_PG, a conninfo
// without dbname, as scripts/pg-cluster.sh prints it) and the database each
// lake of the postgres backend gets there.
//
// Contract: a lake directory maps to one database name (a hash of the
// directory's path: a crash test child re-attaching the directory finds the
// same database). CreatePostgresDatabase drops a database of that name and
// creates it afresh; DropPostgresDatabase removes it (WITH (FORCE): sessions a
// killed child left behind do not keep it). Both throw std::runtime_error with
// the server's message when it cannot be reached or refuses.
//===----------------------------------------------------------------------===//
#pragma once

#include <string>

namespace inlake_random {

//! The test server's conninfo (INLAKE_TEST_PG), "" when none is given.
std::string PostgresServer();
//! The database of the lake in `dir` (inlake_random_<16 hex digits>).
std::string PostgresDatabase(const std::string &dir);
void CreatePostgresDatabase(const std::string &dir);
void DropPostgresDatabase(const std::string &dir);

} // namespace inlake_random

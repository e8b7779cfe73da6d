//===----------------------------------------------------------------------===//
// DuckLake secrets: connection settings kept out of SQL text.
//
//   CREATE SECRET name (TYPE ducklake, METADATA_PATH 'postgres:dbname=lake',
//                       DATA_PATH 's3://...', METADATA_SCHEMA 'lake1',
//                       METADATA_PARAMETERS MAP {'host': 'db1', 'SECRET': 'pg'});
//   ATTACH 'ducklake:name' AS lake;     -- or the unnamed secret: ATTACH 'ducklake:'
//
// ResolveLakeSecret turns 'ducklake:<secret name>' (a name that is a secret
// of type ducklake) and 'ducklake:' (the unnamed one) into the catalog path
// and options the secret holds; options given in the ATTACH win. As in
// DuckLake, a bare name is a secret's: one that names none is an error that
// lists the ducklake secrets (unless a file of that name exists: a catalog
// made so before, attached as it was), never a new lake. METADATA_
// PARAMETERS entries are ATTACH options when they name one, otherwise
// settings of the catalog connection (PostgreSQL conninfo keywords), plus
// SECRET: a postgres secret to take the connection's missing settings from.
//
// The postgres secret type (HOST, PORT, USER, PASSWORD, DATABASE) is
// registered when no other extension did; a PostgreSQL catalog whose
// connection string has no password falls back to the one named in
// METADATA_PARAMETERS, else to the unnamed postgres secret. Passwords are
// redacted in duckdb_secrets(): METADATA_PARAMETERS always, METADATA_PATH
// when it holds one (password=, or a URI's user:password@). Works for every backend: a secret may name
// a DuckDB file or a SQLite catalog just as well.
//===----------------------------------------------------------------------===//
#pragma once

#include "catalog/lake_options.hpp"

#include "duckdb/main/client_context.hpp"
#include "duckdb/main/database.hpp"

#include <string>
#include <unordered_map>

namespace inlake {

void RegisterLakeSecretTypes(duckdb::DatabaseInstance &db);

//! `path` is the ATTACH string after "ducklake:"; when it names a ducklake secret (or is empty: the unnamed one)
//! it is replaced by the secret's METADATA_PATH and the secret's settings are merged into `options`. Throws when
//! the path is empty and there is no unnamed ducklake secret, or it is a bare name that names neither a ducklake
//! secret nor an existing file.
void ResolveLakeSecret(duckdb::ClientContext &context, std::string &path,
                       std::unordered_map<std::string, duckdb::Value> &options);

//! Refuses a catalog database path that is itself a lake ("ducklake:..."): the catalog database is attached through
//! DuckDB, so it would attach a lake as its own catalog (a secret naming itself: without end). `what` names the
//! path in the error.
void CheckCatalogIsNoLake(const std::string &path, const std::string &what);

//! The settings (lower-case libpq keywords: host, port, user, password, dbname) of the postgres secret `name`
//! (empty: the unnamed one); empty when there is none.
std::map<std::string, std::string> PostgresSecretSettings(duckdb::ClientContext &context, const std::string &name);

} // namespace inlake

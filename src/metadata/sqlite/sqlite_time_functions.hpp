//===----------------------------------------------------------------------===//
// inlake_epoch_us(text): the SQL function that makes a SQLite catalog's
// times (TIMESTAMPTZ columns: text) compare as times.
//
// SQLite compares the text, which orders as the times do only for years 0000
// to 9999 written with four digits ('10000-01-01...' sorts before
// '2026-...'). The function reads the text as DuckDB does (ResultRow::
// TimestampTz) and returns the microseconds since 1970-01-01 UTC, which
// order correctly for every time DuckDB holds: infinity and -infinity
// included. NULL gives NULL; text that is not a time is an error naming it.
// Registered on every connection of a SQLite catalog (deterministic).
//===----------------------------------------------------------------------===//
#pragma once

struct sqlite3;

namespace inlake {

//! The function's name, for the SQL that calls it (SQLiteDialect::TimestampTzCondition)
constexpr const char *kSQLiteEpochMicrosFunction = "inlake_epoch_us";

//! Registers inlake_epoch_us on `db`; false when SQLite refused.
bool RegisterSQLiteTimeFunctions(sqlite3 *db);

} // namespace inlake

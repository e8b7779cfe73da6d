//===----------------------------------------------------------------------===//
// Masking passwords in texts that may quote a PostgreSQL connection string:
// libpq's error messages (a malformed URI is quoted whole, a component with a
// bad %-escape alone, without its key), messages built from them, and the
// settings duckdb_secrets() shows.
//
// What is replaced by ***, without parsing the text (it need not be a valid
// connection string):
// - the password of every URI's userinfo: scheme://user:PASSWORD@host (up to
//   the last '@' of the URI: a password holding an unescaped '@' is masked
//   whole);
// - the value of every password key: `password=VALUE` of keyword/value
//   strings (up to the next blank; a quoted value up to its closing quote) and
//   of URI query parameters (`?password=VALUE&...`, up to the next '&');
// - every literal occurrence of the passwords `conninfo` gives, as written and
//   %-decoded, also when libpq cannot parse it.
// Limit: in a URI whose password holds an unescaped '/' (libpq then reads no
// password but a host and port), the pieces libpq quotes separately are not
// known to be a password.
//===----------------------------------------------------------------------===//
#pragma once

#include <string>

namespace inlake {

//! `text` with the passwords it may hold replaced by *** (see above).
std::string MaskPostgresPasswords(const std::string &text, const std::string &conninfo = std::string());

//! Whether `conninfo` (or any text) holds a password MaskPostgresPasswords masks.
bool HoldsPostgresPassword(const std::string &conninfo);

} // namespace inlake

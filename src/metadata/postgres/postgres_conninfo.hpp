//===----------------------------------------------------------------------===//
// libpq connection strings (keyword/value or URI form): completed from
// METADATA_PARAMETERS and a postgres secret, and shown without a password.
//===----------------------------------------------------------------------===//
#pragma once

#include <map>
#include <string>

namespace inlake {

//! `conninfo` as a keyword/value string, with `overrides` set (they win) and `defaults` for what neither sets
//! (keys: libpq keywords). Throws InvalidInputException naming the problem when libpq cannot parse it (libpq's
//! message, its passwords masked).
std::string CompleteConninfo(const std::string &conninfo, const std::map<std::string, std::string> &overrides,
                             const std::map<std::string, std::string> &defaults);

//! The password the connection string gives (empty: none). Throws as CompleteConninfo.
std::string ConninfoPassword(const std::string &conninfo);
//! The connection string with its password replaced by ***.
std::string RedactedPostgresConninfo(const std::string &conninfo);

} // namespace inlake

//===----------------------------------------------------------------------===//
// The persisted lake options (ducklake_metadata rows with a scope): which
// keys exist, at which scopes they may be set, and what values they take.
//
// ValidateOption normalises a value to its stored text form, or throws an
// InvalidInputException naming the key and the problem (unknown key, value
// out of range, global-only key at table or schema scope). Keys are
// case-insensitive and stored lower-case.
//===----------------------------------------------------------------------===//
#pragma once

#include "duckdb/common/types/value.hpp"

#include <string>

namespace inlake {

enum class OptionScope { GLOBAL, SCHEMA, TABLE };

const char *OptionScopeName(OptionScope scope);

//! Returns the canonical (lower-case) key, throwing for unknown keys or a scope the key does not allow.
std::string CanonicalOptionKey(const std::string &key, OptionScope scope);
//! Returns the value as stored in ducklake_metadata.value, throwing for bad values.
std::string ValidateOptionValue(const std::string &key, const duckdb::Value &value);
//! What the option does ("" for an unknown key), as ducklake_options shows it.
std::string OptionDescription(const std::string &key);
//! A size: a non-negative byte count (a number, or digits as text) or DuckDB's size text ('10KB' = 10,000 bytes,
//! '1GiB' = 2^30 bytes, as SET memory_limit reads it). False when the value is none of these.
bool ParseByteSize(const duckdb::Value &value, int64_t &bytes);

} // namespace inlake

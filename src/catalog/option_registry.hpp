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

} // namespace inlake

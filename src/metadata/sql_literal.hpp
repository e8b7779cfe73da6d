//===----------------------------------------------------------------------===//
// SQL literal helpers for the metadata backends: quoting strings, ids and
// NULLs the same way in every statement the stores build.
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <string>

namespace inlake {

//! 'text' with embedded quotes doubled
std::string SqlString(const std::string &text);
//! "identifier" with embedded quotes doubled
std::string SqlIdentifier(const std::string &name);
std::string SqlInt(int64_t value);
//! NULL when value < 0, else the number
std::string SqlIdOrNull(int64_t value);
//! NULL when !present, else 'text'
std::string SqlStringOrNull(const std::string &text, bool present);
std::string SqlBool(bool value);

} // namespace inlake

//===----------------------------------------------------------------------===//
// inlake shell: statement preprocessing hook.
//
// PreprocessStatement receives every single SQL statement (trimmed, without its
// terminating `;`) right before the shell hands it to DuckDB, and returns the
// text to execute instead. This is the place where the lake rewrites statements
// DuckDB 1.4.4 cannot parse (e.g. `ALTER TABLE t SET (k = v)`). Today it returns
// its input unchanged.
//===----------------------------------------------------------------------===//
#pragma once

#include <string>

namespace inlake {

std::string PreprocessStatement(const std::string &sql);

} // namespace inlake

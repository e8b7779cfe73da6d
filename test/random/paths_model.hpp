//===----------------------------------------------------------------------===//
// Paths model: what the path workload's tables must hold. Each table is
// (k BIGINT, v VARCHAR) with a unique key k that is never reused; the model is
// the map k -> v, and every statement the workload runs has a predicate the
// model evaluates the same way (`k % m = r`, a key range).
//
// Contract: a PathsTable knows its SQL name (quoted, with its schema), whether
// it exists, and its rows; Render lists the rows as "k|v" lines, the form the
// check reads from the lake (`SELECT k || '|' || v ... ORDER BY k`).
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace inlake_random {

struct PathsTable {
	std::string schema;
	std::string name;
	bool created = false;
	std::map<int64_t, std::string> rows;

	//! "l"."schema"."name"
	std::string Sql(const std::string &alias) const;
	std::vector<std::string> Render() const;
	void Delete(int64_t modulus, int64_t remainder);
	void Update(int64_t modulus, int64_t remainder, const std::string &suffix);
};

std::string QuoteName(const std::string &name);

} // namespace inlake_random

//===----------------------------------------------------------------------===//
// inlake-sqllogictest: keyword substitution.
//
// Substitution owns the per-file variables (from `test-env` / `require-env`)
// and the per-file temporary directory, and rewrites command text:
//   ${NAME}      loop variable NAME, else variable NAME
//   {NAME}       loop variable NAME, else variable NAME (only names that are defined are replaced)
//   __TEST_DIR__, {TEST_DIR}   the file's temporary directory
//   {UUID}       a fresh random uuid at each occurrence
//   {BASE_TEST_NAME}   the file name without directory and `.test`
//   __WORKING_DIRECTORY__      the current working directory
//   {PG_TEST_DB}  a fresh database for the file on the PostgreSQL test server (INLAKE_TEST_PG)
// The variable CATALOG names the catalog backend (for `onlyif CATALOG=duckdb`)
// and, when the tests run on another catalog backend (INLAKE_TEST_CATALOG=sqlite), points every lake ATTACH
// string that names no backend ('ducklake:PATH') at that backend ('ducklake:sqlite:PATH'; for postgres see
// PostgresLakes).
// Unknown `${...}` / `{...}` are left as they are (SQL uses braces too).
// Apply is safe to call from several threads once the variables are set.
//===----------------------------------------------------------------------===//
#pragma once

#include "postgres_lakes.hpp"

#include <map>
#include <memory>
#include <string>

namespace inlake_test {

using LoopVariables = std::map<std::string, std::string>;

class Substitution {
public:
	Substitution(std::string test_dir, std::string base_test_name);

	void SetVariable(const std::string &name, const std::string &value);
	bool HasVariable(const std::string &name) const;
	std::string Apply(const std::string &text, const LoopVariables &loop_variables) const;

	//! The catalog backend the lakes of the file are attached on ("duckdb" unless INLAKE_TEST_CATALOG says)
	static std::string CatalogBackend();

	const std::string &TestDir() const {
		return test_dir;
	}

private:
	std::string test_dir;
	std::string base_test_name;
	std::map<std::string, std::string> variables;
	//! Databases of the lakes on a PostgreSQL test catalog (shared by copies of the substitution)
	std::shared_ptr<PostgresLakes> postgres_lakes;

	std::string RewriteAttach(std::string text) const;
	bool Lookup(const std::string &name, bool dollar, const LoopVariables &loop_variables, std::string &out) const;
};

} // namespace inlake_test

//===----------------------------------------------------------------------===//
// inlake-sqllogictest: keyword substitution.
//
// Substitution owns the per-file variables (from `test-env` / `require-env`)
// and the per-file temporary directory, and rewrites command text:
//   ${NAME}      loop variable NAME, else variable NAME
//   {NAME}       variable NAME (only names that are defined are replaced)
//   __TEST_DIR__, {TEST_DIR}   the file's temporary directory
//   {UUID}       a fresh random uuid at each occurrence
//   {BASE_TEST_NAME}   the file name without directory and `.test`
//   __WORKING_DIRECTORY__      the current working directory
// Unknown `${...}` / `{...}` are left as they are (SQL uses braces too).
// Apply is safe to call from several threads once the variables are set.
//===----------------------------------------------------------------------===//
#pragma once

#include <map>
#include <string>

namespace inlake_test {

using LoopVariables = std::map<std::string, std::string>;

class Substitution {
public:
	Substitution(std::string test_dir, std::string base_test_name);

	void SetVariable(const std::string &name, const std::string &value);
	bool HasVariable(const std::string &name) const;
	std::string Apply(const std::string &text, const LoopVariables &loop_variables) const;

	const std::string &TestDir() const {
		return test_dir;
	}

private:
	std::string test_dir;
	std::string base_test_name;
	std::map<std::string, std::string> variables;

	bool Lookup(const std::string &name, bool dollar, const LoopVariables &loop_variables, std::string &out) const;
};

} // namespace inlake_test

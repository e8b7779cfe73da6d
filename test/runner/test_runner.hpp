//===----------------------------------------------------------------------===//
// inlake-sqllogictest: running one test file.
//
// RunTestFile parses a file and executes its commands against a TestDatabase,
// printing every failure (file:line, the SQL, expected vs actual) to `out`.
// A file stops at its first failure, at `halt`, or at an unsatisfied
// `require` / `require-env` (the file then counts as skipped). Each file gets
// a fresh temporary directory (__TEST_DIR__), removed afterwards unless
// INLAKE_KEEP_TEST_DIR is set.
//
// FileRunner is the execution engine behind it: test_runner.cpp holds
// dispatch, statements and queries; test_control.cpp holds conditions,
// require, loops (sequential and concurrent) and the other control commands.
//===----------------------------------------------------------------------===//
#pragma once

#include "result_compare.hpp"
#include "substitution.hpp"
#include "test_database.hpp"
#include "test_parser.hpp"

#include <atomic>
#include <map>
#include <mutex>
#include <ostream>
#include <string>
#include <vector>

namespace inlake_test {

enum class FileOutcome { PASSED, FAILED, SKIPPED };

FileOutcome RunTestFile(const std::string &path, std::ostream &out);

//! Where a command runs: its connections and the loop variables in scope.
struct ExecContext {
	ConnectionSet *connections;
	LoopVariables variables;
	bool concurrent = false;
};

class FileRunner {
public:
	FileRunner(std::string path, std::string test_dir, std::ostream &out);

	FileOutcome Run(const std::vector<TestCommand> &commands);

private:
	std::string path;
	std::ostream &out;
	Substitution substitution;
	TestDatabase database;
	std::mutex mutex;
	std::atomic<bool> failed {false};
	std::atomic<bool> skip_mode {false};
	bool skipped = false;
	bool halted = false;
	std::string skip_reason;
	std::map<std::string, std::string> label_hashes;

	//! Each returns false when the file must stop (failure, skip, halt).
	bool ExecuteList(const std::vector<TestCommand> &commands, ExecContext &context);
	bool ExecuteCommand(const TestCommand &command, ExecContext &context);
	bool ExecuteStatement(const TestCommand &command, ExecContext &context);
	bool ExecuteQuery(const TestCommand &command, ExecContext &context);
	bool CheckLabel(const TestCommand &command, ExecContext &context, const ResultRows &rows);

	// test_control.cpp
	bool ConditionsHold(const TestCommand &command, ExecContext &context);
	bool ExecuteControl(const TestCommand &command, ExecContext &context);
	bool ExecuteRequire(const TestCommand &command);
	bool ExecuteRequireEnv(const TestCommand &command);
	bool ExecuteLoad(const TestCommand &command, ExecContext &context);
	bool ExecuteLoop(const TestCommand &command, ExecContext &context);
	bool ExecuteConcurrentLoop(const TestCommand &command, ExecContext &context,
	                           const std::vector<std::string> &values);
	std::vector<std::string> LoopValues(const TestCommand &command, ExecContext &context);
	bool Skip(const std::string &reason);

	void Fail(const TestCommand &command, const ExecContext &context, const std::string &what,
	          const std::string &sql, const std::string &details);
};

} // namespace inlake_test

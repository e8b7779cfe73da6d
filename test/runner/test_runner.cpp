#include "test_runner.hpp"

#include "duckdb/main/materialized_query_result.hpp"

#include <cstdlib>
#include <filesystem>

namespace inlake_test {

namespace {

const char *SEPARATOR = "================================================================================\n";
const char *THIN_SEPARATOR = "--------------------------------------------------------------------------------\n";

std::string BaseName(const std::string &path) {
	auto name = std::filesystem::path(path).filename().string();
	if (name.size() > 5 && name.compare(name.size() - 5, 5, ".test") == 0) {
		name = name.substr(0, name.size() - 5);
	}
	return name;
}

std::string CreateTestDir() {
	auto base = std::filesystem::temp_directory_path() / "inlake-test-XXXXXX";
	std::string pattern = base.string();
	if (!mkdtemp(pattern.data())) {
		throw std::runtime_error("cannot create a temporary test directory");
	}
	return pattern;
}

std::string Header(const TestCommand &command) {
	std::string header = command.type == CommandType::QUERY ? "query" : "statement";
	for (auto &param : command.params) {
		header += " " + param;
	}
	return header;
}

std::string RowCountText(const ResultRows &rows) {
	return std::to_string(rows.size()) + (rows.size() == 1 ? " row" : " rows");
}

} // namespace

FileRunner::FileRunner(std::string path_p, std::string test_dir, std::ostream &out_p)
    : path(std::move(path_p)), out(out_p), substitution(std::move(test_dir), BaseName(path)),
      database(substitution.TestDir() + "/.spill") {
}

FileOutcome FileRunner::Run(const std::vector<TestCommand> &commands) {
	ExecContext context {&database.Connections(), {}, false};
	ExecuteList(commands, context);
	database.Close();
	if (failed) {
		return FileOutcome::FAILED;
	}
	return skipped ? FileOutcome::SKIPPED : FileOutcome::PASSED;
}

bool FileRunner::ExecuteList(const std::vector<TestCommand> &commands, ExecContext &context) {
	for (auto &command : commands) {
		if (!ExecuteCommand(command, context)) {
			return false;
		}
	}
	return true;
}

bool FileRunner::ExecuteCommand(const TestCommand &command, ExecContext &context) {
	if (failed) {
		return false;
	}
	if (skip_mode && command.type != CommandType::MODE) {
		return true;
	}
	if (!ConditionsHold(command, context)) {
		return true;
	}
	try {
		switch (command.type) {
		case CommandType::STATEMENT:
			return ExecuteStatement(command, context);
		case CommandType::QUERY:
			return ExecuteQuery(command, context);
		default:
			return ExecuteControl(command, context);
		}
	} catch (std::exception &ex) {
		Fail(command, context, "exception while running the command", command.sql, ex.what());
		return false;
	}
}

bool FileRunner::ExecuteStatement(const TestCommand &command, ExecContext &context) {
	auto sql = substitution.Apply(command.sql, context.variables);
	auto &connection = context.connections->Get(substitution.Apply(command.connection, context.variables));
	auto result = connection.Query(sql);
	if (!result->HasError()) {
		if (command.expect == StatementExpect::ERROR) {
			Fail(command, context, "statement succeeded, but an error was expected", sql,
			     command.has_expected_error ? "expected error: " + command.expected_error : "");
			return false;
		}
		return true;
	}
	auto error = result->GetError();
	if (command.expect == StatementExpect::OK) {
		Fail(command, context, "statement failed unexpectedly", sql, "error: " + error);
		return false;
	}
	auto expected = substitution.Apply(command.expected_error, context.variables);
	if (command.has_expected_error && !ErrorMatches(error, expected)) {
		Fail(command, context, "statement failed with the wrong error", sql,
		     "expected error: " + expected + "\nactual error:   " + error);
		return false;
	}
	bool internal = result->GetErrorType() == duckdb::ExceptionType::INTERNAL;
	if (internal && expected.find("INTERNAL") == std::string::npos) {
		Fail(command, context, "statement raised an INTERNAL error", sql, "error: " + error);
		return false;
	}
	return true;
}

bool FileRunner::ExecuteQuery(const TestCommand &command, ExecContext &context) {
	auto sql = substitution.Apply(command.sql, context.variables);
	auto &connection = context.connections->Get(substitution.Apply(command.connection, context.variables));
	auto result = connection.Query(sql);
	if (result->HasError()) {
		Fail(command, context, "query failed", sql, "error: " + result->GetError());
		return false;
	}
	auto actual = MaterializeResult(*result);
	std::vector<std::string> expected_lines;
	for (auto &line : command.expected_lines) {
		expected_lines.push_back(substitution.Apply(line, context.variables));
	}
	auto comparison = CompareQueryResult(actual, command.column_types, command.sort_mode, expected_lines);
	if (!comparison.ok) {
		std::string details = comparison.message + "\n" + THIN_SEPARATOR;
		if (comparison.expected.empty() && !expected_lines.empty()) {
			details += "Expected:\n";
			for (auto &line : expected_lines) {
				details += line + "\n";
			}
		} else {
			details += "Expected (" + RowCountText(comparison.expected) + "):\n" + RenderRows(comparison.expected);
		}
		details += THIN_SEPARATOR;
		details += "Actual (" + RowCountText(actual.rows) + "):\n" + RenderRows(actual.rows);
		Fail(command, context, "wrong query result", sql, details);
		return false;
	}
	return CheckLabel(command, context, actual.rows);
}

bool FileRunner::CheckLabel(const TestCommand &command, ExecContext &context, const ResultRows &rows) {
	if (command.label.empty()) {
		return true;
	}
	auto label = substitution.Apply(command.label, context.variables);
	auto hash = HashRows(rows);
	std::string previous;
	{
		std::lock_guard<std::mutex> guard(mutex);
		auto entry = label_hashes.find(label);
		if (entry == label_hashes.end()) {
			label_hashes[label] = hash;
			return true;
		}
		previous = entry->second;
	}
	if (previous != hash) {
		Fail(command, context, "result differs from an earlier query with label '" + label + "'",
		     substitution.Apply(command.sql, context.variables),
		     "earlier: " + previous + "\nnow:     " + hash + "\n" + RenderRows(rows));
		return false;
	}
	return true;
}

void FileRunner::Fail(const TestCommand &command, const ExecContext &context, const std::string &what,
                      const std::string &sql, const std::string &details) {
	std::string message = SEPARATOR;
	message += "FAIL " + path + ":" + std::to_string(command.line) + ": " + what;
	if (!context.variables.empty()) {
		std::string variables;
		for (auto &entry : context.variables) {
			variables += (variables.empty() ? "" : ", ") + entry.first + "=" + entry.second;
		}
		message += " [" + variables + "]";
	}
	message += "\n";
	if (command.type == CommandType::STATEMENT || command.type == CommandType::QUERY) {
		message += THIN_SEPARATOR + Header(command) + "\n" + sql + "\n";
	}
	if (!details.empty()) {
		message += THIN_SEPARATOR + details;
		if (details.back() != '\n') {
			message += "\n";
		}
	}
	std::lock_guard<std::mutex> guard(mutex);
	failed = true;
	out << message << SEPARATOR;
	out.flush();
}

FileOutcome RunTestFile(const std::string &path, std::ostream &out) {
	std::vector<TestCommand> commands;
	try {
		commands = ParseTestFile(path);
	} catch (std::exception &ex) {
		out << SEPARATOR << "FAIL " << path << ": cannot parse: " << ex.what() << "\n" << SEPARATOR;
		return FileOutcome::FAILED;
	}
	auto test_dir = CreateTestDir();
	FileOutcome outcome;
	{
		FileRunner runner(path, test_dir, out);
		outcome = runner.Run(commands);
	}
	if (std::getenv("INLAKE_KEEP_TEST_DIR")) {
		out << "kept test directory " << test_dir << "\n";
	} else {
		std::error_code ignored;
		std::filesystem::remove_all(test_dir, ignored);
	}
	return outcome;
}

} // namespace inlake_test

// Control commands of FileRunner (declared in test_runner.hpp): conditions,
// require / require-env, load / restart / reconnect, test-env, mode, halt,
// sleep and loops.
#include "test_runner.hpp"

#include "duckdb/common/vector_size.hpp"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <set>
#include <thread>

namespace inlake_test {

namespace {

//! Names `require` accepts: what this build has built in or always satisfies.
const std::set<std::string> SATISFIED_REQUIRES = {
    "ducklake", "inlake", "parquet", "json", "icu", "core_functions", "autocomplete", "notwindows", "linux",
    "no_extension_autoloading", "64bit", "skip_reload", "notmingw", "notmusl", "noforcestorage",
    "no_alternative_verify", "no_vector_verification", "no_latest_storage"};

std::string Lower(std::string text) {
	for (auto &c : text) {
		c = char(std::tolower((unsigned char)c));
	}
	return text;
}

std::vector<std::string> ExpandForeachValue(const std::string &value) {
	static const std::vector<std::string> SIGNED = {"tinyint", "smallint", "integer", "bigint", "hugeint"};
	static const std::vector<std::string> UNSIGNED = {"utinyint", "usmallint", "uinteger", "ubigint", "uhugeint"};
	std::vector<std::string> result;
	if (value == "<signed>" || value == "<integral>" || value == "<numeric>") {
		result.insert(result.end(), SIGNED.begin(), SIGNED.end());
	}
	if (value == "<unsigned>" || value == "<integral>" || value == "<numeric>") {
		result.insert(result.end(), UNSIGNED.begin(), UNSIGNED.end());
	}
	if (value == "<numeric>") {
		result.insert(result.end(), {"float", "double"});
	}
	if (result.empty()) {
		result.push_back(value);
	}
	return result;
}

//! `sleep N UNIT`
std::chrono::nanoseconds SleepDuration(const std::vector<std::string> &params) {
	auto amount = std::stoll(params[0]);
	auto unit = params.size() > 1 ? Lower(params[1]) : "second";
	if (!unit.empty() && unit.back() == 's') {
		unit.pop_back();
	}
	if (unit == "second") {
		return std::chrono::seconds(amount);
	} else if (unit == "millisecond") {
		return std::chrono::milliseconds(amount);
	} else if (unit == "microsecond") {
		return std::chrono::microseconds(amount);
	} else if (unit == "nanosecond") {
		return std::chrono::nanoseconds(amount);
	} else if (unit == "minute") {
		return std::chrono::minutes(amount);
	}
	throw std::runtime_error("unknown sleep unit '" + params[1] + "'");
}

} // namespace

bool FileRunner::ConditionsHold(const TestCommand &command, ExecContext &context) {
	for (auto &condition : command.conditions) {
		auto expression = substitution.Apply(condition.expression, context.variables);
		bool matches;
		auto position = expression.find_first_of("!=<>");
		if (position == std::string::npos) {
			matches = Lower(expression) == "duckdb";
		} else {
			auto name = expression.substr(0, position);
			bool negate = expression[position] == '!';
			char op = negate ? '=' : expression[position];
			auto rhs = expression.substr(position + (negate ? 2 : 1));
			auto lhs = substitution.Apply("${" + name + "}", context.variables);
			if (op == '=') {
				matches = (lhs == rhs) != negate;
			} else {
				double left = std::atof(lhs.c_str()), right = std::atof(rhs.c_str());
				matches = op == '<' ? left < right : left > right;
			}
		}
		if (matches != condition.only_if) {
			return false;
		}
	}
	return true;
}

bool FileRunner::Skip(const std::string &reason) {
	std::lock_guard<std::mutex> guard(mutex);
	skipped = true;
	out << "SKIP " << path << ": " << reason << "\n";
	return false;
}

bool FileRunner::ExecuteRequire(const TestCommand &command) {
	auto &name = command.params[0];
	if (SATISFIED_REQUIRES.count(name)) {
		return true;
	}
	if ((name == "vector_size" || name == "exact_vector_size") && command.params.size() > 1) {
		auto size = std::stoull(command.params[1]);
		if (name == "vector_size" ? size <= STANDARD_VECTOR_SIZE : size == STANDARD_VECTOR_SIZE) {
			return true;
		}
	}
	if (name == "catalog" && command.params.size() > 1) {
		// require catalog duckdb [sqlite ...]: the file checks what only these backends have (the DuckDB catalog
		// database attached inside DuckDB, its WAL; a catalog that is a file)
		for (size_t i = 1; i < command.params.size(); i++) {
			if (command.params[i] == Substitution::CatalogBackend()) {
				return true;
			}
		}
	}
	std::string what = "require";
	for (auto &param : command.params) {
		what += " " + param;
	}
	return Skip(what + " (line " + std::to_string(command.line) + ")");
}

bool FileRunner::ExecuteRequireEnv(const TestCommand &command) {
	auto &name = command.params[0];
	auto value = std::getenv(name.c_str());
	if (!value) {
		return Skip("environment variable " + name + " is not set");
	}
	if (command.params.size() > 1 && command.params[1] != value) {
		return Skip("environment variable " + name + " is not '" + command.params[1] + "'");
	}
	substitution.SetVariable(name, value);
	return true;
}

bool FileRunner::ExecuteLoad(const TestCommand &command, ExecContext &context) {
	auto target = substitution.Apply(command.params[0], context.variables);
	bool read_only = command.params.size() > 1 && command.params[1] == "readonly";
	if (!read_only && target != ":memory:") {
		// like DuckDB's runner: `load` starts from a fresh file unless it is read-only
		std::remove(target.c_str());
		std::remove((target + ".wal").c_str());
	}
	database.Open(target, read_only);
	return true;
}

bool FileRunner::ExecuteControl(const TestCommand &command, ExecContext &context) {
	bool file_level = command.type == CommandType::LOAD || command.type == CommandType::RESTART ||
	                  command.type == CommandType::RECONNECT || command.type == CommandType::REQUIRE ||
	                  command.type == CommandType::REQUIRE_ENV || command.type == CommandType::TEST_ENV;
	if (file_level && context.concurrent) {
		Fail(command, context, "this command is not allowed inside a concurrent loop", "", "");
		return false;
	}
	switch (command.type) {
	case CommandType::REQUIRE:
		return ExecuteRequire(command);
	case CommandType::REQUIRE_ENV:
		return ExecuteRequireEnv(command);
	case CommandType::LOAD:
		return ExecuteLoad(command, context);
	case CommandType::RESTART:
		database.Restart();
		return true;
	case CommandType::RECONNECT:
		context.connections->Reconnect();
		return true;
	case CommandType::TEST_ENV: {
		std::string value;
		for (size_t i = 1; i < command.params.size(); i++) {
			value += (i > 1 ? " " : "") + command.params[i];
		}
		substitution.SetVariable(command.params[0], substitution.Apply(value, context.variables));
		return true;
	}
	case CommandType::MODE:
		if (command.params[0] == "skip") {
			skip_mode = true;
		} else if (command.params[0] == "unskip") {
			skip_mode = false;
		}
		return true;
	case CommandType::HALT: {
		std::lock_guard<std::mutex> guard(mutex);
		halted = true;
		return false;
	}
	case CommandType::SLEEP:
		std::this_thread::sleep_for(SleepDuration(command.params));
		return true;
	case CommandType::LOOP:
		return ExecuteLoop(command, context);
	default:
		return true;
	}
}

std::vector<std::string> FileRunner::LoopValues(const TestCommand &command, ExecContext &context) {
	std::vector<std::string> values;
	if (command.is_range) {
		auto start = std::stoll(substitution.Apply(command.params[1], context.variables));
		auto end = std::stoll(substitution.Apply(command.params[2], context.variables));
		for (auto i = start; i < end; i++) {
			values.push_back(std::to_string(i));
		}
		return values;
	}
	for (size_t i = 1; i < command.params.size(); i++) {
		for (auto &value : ExpandForeachValue(substitution.Apply(command.params[i], context.variables))) {
			values.push_back(value);
		}
	}
	return values;
}

bool FileRunner::ExecuteLoop(const TestCommand &command, ExecContext &context) {
	auto values = LoopValues(command, context);
	if (command.concurrent && !context.concurrent) {
		return ExecuteConcurrentLoop(command, context, values);
	}
	for (auto &value : values) {
		ExecContext iteration = context;
		iteration.variables[command.params[0]] = value;
		if (!ExecuteList(command.body, iteration)) {
			return false;
		}
	}
	return true;
}

bool FileRunner::ExecuteConcurrentLoop(const TestCommand &command, ExecContext &context,
                                       const std::vector<std::string> &values) {
	auto &db = database.Database();
	std::vector<std::thread> threads;
	for (auto &value : values) {
		threads.emplace_back([this, &db, &command, &context, value]() {
			ConnectionSet connections(&db);
			ExecContext iteration {&connections, context.variables, true};
			iteration.variables[command.params[0]] = value;
			ExecuteList(command.body, iteration);
		});
	}
	for (auto &thread : threads) {
		thread.join();
	}
	return !failed && !halted;
}

} // namespace inlake_test

#include "test_parser.hpp"

#include <fstream>
#include <sstream>

namespace inlake_test {

TestParseError::TestParseError(int64_t line_p, const std::string &message)
    : std::runtime_error("line " + std::to_string(line_p) + ": " + message), line(line_p) {
}

namespace {

std::vector<std::string> Tokenize(const std::string &line) {
	std::vector<std::string> tokens;
	std::istringstream stream(line);
	std::string token;
	while (stream >> token) {
		tokens.push_back(token);
	}
	return tokens;
}

bool IsEmptyOrComment(const std::string &line) {
	return line.empty() || line[0] == '#';
}

class Parser {
public:
	explicit Parser(const std::string &text) {
		std::istringstream stream(text);
		std::string line;
		while (std::getline(stream, line)) {
			if (!line.empty() && line.back() == '\r') {
				line.pop_back();
			}
			// a line of only whitespace separates records like an empty one
			if (line.find_first_not_of(" \t") == std::string::npos) {
				line.clear();
			}
			lines.push_back(line);
		}
	}

	std::vector<TestCommand> Parse() {
		std::vector<std::vector<TestCommand> *> stack;
		std::vector<TestCommand> top;
		std::vector<TestCommand *> open_loops;
		auto *target = &top;
		while (NextRecord()) {
			auto command = ParseRecord();
			if (command.type == CommandType::IGNORED && !command.params.empty() && command.params[0] == "endloop") {
				if (open_loops.empty()) {
					throw TestParseError(command.line, "endloop without loop");
				}
				open_loops.pop_back();
				target = stack.back();
				stack.pop_back();
				continue;
			}
			target->push_back(std::move(command));
			if (target->back().type == CommandType::LOOP) {
				open_loops.push_back(&target->back());
				stack.push_back(target);
				target = &target->back().body;
			}
		}
		if (!open_loops.empty()) {
			throw TestParseError(open_loops.back()->line, "loop without endloop");
		}
		return top;
	}

private:
	std::vector<std::string> lines;
	size_t current = 0;

	bool NextRecord() {
		while (current < lines.size() && IsEmptyOrComment(lines[current])) {
			current++;
		}
		return current < lines.size();
	}

	int64_t LineNumber() const {
		return int64_t(current) + 1;
	}

	std::string ExtractStatement() {
		std::string statement;
		while (current < lines.size() && !IsEmptyOrComment(lines[current]) && lines[current] != "----") {
			if (!statement.empty()) {
				statement += "\n";
			}
			statement += lines[current++];
		}
		return statement;
	}

	//! Lines after a `----` up to the next empty line; has_marker tells whether `----` was there.
	std::vector<std::string> ExtractExpected(bool &has_marker) {
		std::vector<std::string> result;
		has_marker = current < lines.size() && lines[current] == "----";
		if (!has_marker) {
			return result;
		}
		current++;
		while (current < lines.size() && !lines[current].empty()) {
			result.push_back(lines[current++]);
		}
		return result;
	}

	TestCommand ParseRecord() {
		std::vector<TestCondition> conditions;
		auto tokens = Tokenize(lines[current]);
		while (!tokens.empty() && (tokens[0] == "onlyif" || tokens[0] == "skipif")) {
			if (tokens.size() < 2) {
				throw TestParseError(LineNumber(), tokens[0] + " needs a parameter");
			}
			conditions.push_back(TestCondition {tokens[0] == "onlyif", tokens[1]});
			current++;
			if (current >= lines.size() || IsEmptyOrComment(lines[current])) {
				throw TestParseError(LineNumber() - 1, tokens[0] + " must be followed by a command");
			}
			tokens = Tokenize(lines[current]);
		}
		TestCommand command;
		command.line = LineNumber();
		command.conditions = std::move(conditions);
		command.params.assign(tokens.begin() + 1, tokens.end());
		auto &keyword = tokens[0];
		current++;
		if (keyword == "statement") {
			ParseStatement(command);
		} else if (keyword == "query") {
			ParseQuery(command);
		} else {
			ParseSingleLine(keyword, command);
		}
		return command;
	}

	void ParseStatement(TestCommand &command) {
		command.type = CommandType::STATEMENT;
		if (command.params.empty()) {
			throw TestParseError(command.line, "statement needs ok, error or maybe");
		}
		auto &kind = command.params[0];
		if (kind == "ok") {
			command.expect = StatementExpect::OK;
		} else if (kind == "error") {
			command.expect = StatementExpect::ERROR;
		} else if (kind == "maybe") {
			command.expect = StatementExpect::MAYBE;
		} else {
			throw TestParseError(command.line, "unknown statement kind '" + kind + "'");
		}
		if (command.params.size() > 1) {
			command.connection = command.params[1];
		}
		command.sql = ExtractStatement();
		if (command.sql.empty()) {
			throw TestParseError(command.line, "statement without SQL");
		}
		auto expected = ExtractExpected(command.has_expected_error);
		if (command.has_expected_error && command.expect == StatementExpect::OK) {
			throw TestParseError(command.line, "statement ok cannot have an expected result (use query)");
		}
		for (size_t i = 0; i < expected.size(); i++) {
			command.expected_error += (i ? "\n" : "") + expected[i];
		}
	}

	void ParseQuery(TestCommand &command) {
		command.type = CommandType::QUERY;
		if (command.params.empty()) {
			throw TestParseError(command.line, "query needs column types (e.g. query II)");
		}
		command.column_types = command.params[0];
		if (command.params.size() > 1) {
			auto &mode = command.params[1];
			if (mode == "nosort") {
				command.sort_mode = SortMode::NO_SORT;
			} else if (mode == "rowsort" || mode == "sort") {
				command.sort_mode = SortMode::ROW_SORT;
			} else if (mode == "valuesort") {
				command.sort_mode = SortMode::VALUE_SORT;
			} else {
				command.connection = mode;
			}
		}
		if (command.params.size() > 2) {
			command.label = command.params[2];
		}
		command.sql = ExtractStatement();
		if (command.sql.empty()) {
			throw TestParseError(command.line, "query without SQL");
		}
		bool has_marker;
		command.expected_lines = ExtractExpected(has_marker);
	}

	void ParseLoop(const std::string &keyword, TestCommand &command) {
		command.type = CommandType::LOOP;
		command.concurrent = keyword.rfind("concurrent", 0) == 0;
		command.is_range = keyword == "loop" || keyword == "concurrentloop";
		if (command.is_range && command.params.size() != 3) {
			throw TestParseError(command.line, keyword + " needs VAR START END");
		}
		if (!command.is_range && command.params.size() < 2) {
			throw TestParseError(command.line, keyword + " needs VAR and at least one value");
		}
	}

	void ParseSingleLine(const std::string &keyword, TestCommand &command) {
		if (keyword == "loop" || keyword == "foreach" || keyword == "concurrentloop" ||
		    keyword == "concurrentforeach") {
			ParseLoop(keyword, command);
		} else if (keyword == "endloop") {
			command.type = CommandType::IGNORED;
			command.params = {"endloop"};
		} else if (keyword == "require") {
			command.type = CommandType::REQUIRE;
		} else if (keyword == "require-env") {
			command.type = CommandType::REQUIRE_ENV;
		} else if (keyword == "load") {
			command.type = CommandType::LOAD;
		} else if (keyword == "restart") {
			command.type = CommandType::RESTART;
		} else if (keyword == "reconnect") {
			command.type = CommandType::RECONNECT;
		} else if (keyword == "test-env") {
			command.type = CommandType::TEST_ENV;
		} else if (keyword == "mode") {
			command.type = CommandType::MODE;
		} else if (keyword == "halt") {
			command.type = CommandType::HALT;
		} else if (keyword == "sleep") {
			command.type = CommandType::SLEEP;
		} else if (keyword == "hash-threshold" || keyword == "set" || keyword == "reset" || keyword == "tags") {
			command.type = CommandType::IGNORED;
		} else {
			throw TestParseError(command.line, "unrecognized command '" + keyword + "'");
		}
		bool needs_params = command.type == CommandType::REQUIRE || command.type == CommandType::REQUIRE_ENV ||
		                    command.type == CommandType::LOAD || command.type == CommandType::MODE ||
		                    command.type == CommandType::SLEEP;
		if (needs_params && command.params.empty()) {
			throw TestParseError(command.line, keyword + " needs a parameter");
		}
		if (command.type == CommandType::TEST_ENV && command.params.size() < 2) {
			throw TestParseError(command.line, "test-env needs NAME VALUE");
		}
	}
};

} // namespace

std::vector<TestCommand> ParseTestText(const std::string &text) {
	Parser parser(text);
	return parser.Parse();
}

std::vector<TestCommand> ParseTestFile(const std::string &path) {
	std::ifstream in(path, std::ios::binary);
	if (!in) {
		throw std::runtime_error("cannot open test file " + path);
	}
	std::stringstream buffer;
	buffer << in.rdbuf();
	return ParseTestText(buffer.str());
}

} // namespace inlake_test

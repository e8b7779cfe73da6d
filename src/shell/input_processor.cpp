#include "input_processor.hpp"

#include "dot_commands.hpp"
#include "shell_state.hpp"
#include "statement_splitter.hpp"

namespace inlake {

InputProcessor::InputProcessor(ShellState &state_p) : state(state_p) {
}

void InputProcessor::ProcessLine(const std::string &line) {
	if (buffer.empty()) {
		auto trimmed = TrimSql(line);
		if (!trimmed.empty() && trimmed[0] == '.') {
			RunDotCommand(state, trimmed);
			return;
		}
	}
	ProcessChunk(line + "\n");
}

bool InputProcessor::CompletesWith(const std::string &line) const {
	if (buffer.empty()) {
		auto trimmed = TrimSql(line);
		if (!trimmed.empty() && trimmed[0] == '.') {
			return true;
		}
	}
	return SplitStatements(buffer + line + "\n").remainder_blank;
}

void InputProcessor::ProcessChunk(const std::string &text) {
	buffer += text;
	RunCompleteStatements();
}

void InputProcessor::RunCompleteStatements() {
	auto split = SplitStatements(buffer);
	buffer = split.remainder_blank ? std::string() : split.remainder;
	for (auto &statement : split.statements) {
		if (state.ShouldStop()) {
			buffer.clear();
			return;
		}
		state.ExecuteSql(statement);
	}
}

void InputProcessor::Finish() {
	auto statement = TrimSql(buffer);
	buffer.clear();
	if (!statement.empty() && !state.ShouldStop()) {
		state.ExecuteSql(statement);
	}
}

} // namespace inlake

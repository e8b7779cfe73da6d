#include "dot_commands.hpp"

#include "shell_state.hpp"

#include <cctype>
#include <cerrno>
#include <cstdlib>

namespace inlake {

namespace {

using Arguments = std::vector<std::string>;
using duckdb::idx_t;

struct DotCommand {
	const char *name;
	//! minimum and maximum argument count (the command name excluded)
	size_t min_args;
	size_t max_args;
	bool (*run)(ShellState &state, const Arguments &args);
	const char *usage;
	const char *help;
};

bool ParseBool(ShellState &state, const std::string &text, bool &value) {
	std::string lower;
	for (auto c : text) {
		lower += char(std::tolower(static_cast<unsigned char>(c)));
	}
	if (lower == "on" || lower == "yes" || lower == "true" || lower == "1") {
		value = true;
		return true;
	}
	if (lower == "off" || lower == "no" || lower == "false" || lower == "0") {
		value = false;
		return true;
	}
	state.ReportError("ERROR: Not a boolean value: \"" + text + "\"");
	return false;
}

bool RunBail(ShellState &state, const Arguments &args) {
	return ParseBool(state, args[1], state.bail);
}

bool RunEcho(ShellState &state, const Arguments &args) {
	return ParseBool(state, args[1], state.echo);
}

bool RunExit(ShellState &state, const Arguments &args) {
	state.exit_requested = true;
	if (args.size() > 1) {
		state.exit_code = atoi(args[1].c_str());
	}
	return true;
}

bool RunHeaders(ShellState &state, const Arguments &args) {
	return ParseBool(state, args[1], state.print.show_header);
}

bool RunHelp(ShellState &state, const Arguments &args);

//! Parses a non-negative count, or reports that the text is none
bool ParseCount(ShellState &state, const std::string &text, idx_t &count) {
	char *end = nullptr;
	errno = 0;
	auto value = strtoll(text.c_str(), &end, 10);
	if (text.empty() || *end != '\0' || value < 0 || errno != 0) {
		state.ReportError("Error: not a non-negative number: \"" + text + "\"");
		return false;
	}
	count = static_cast<idx_t>(value);
	return true;
}

bool RunMaxRows(ShellState &state, const Arguments &args) {
	return ParseCount(state, args[1], state.print.max_rows);
}

bool RunMode(ShellState &state, const Arguments &args) {
	if (args.size() == 1) {
		state.Output(std::string("current output mode: ") + OutputModeName(state.print.mode) + "\n");
		return true;
	}
	if (!ParseOutputMode(args[1], state.print.mode)) {
		state.ReportError("Error: mode should be one of: box csv duckbox json line list markdown table");
		return false;
	}
	return true;
}

bool RunNullValue(ShellState &state, const Arguments &args) {
	state.print.null_value = args[1];
	return true;
}

bool RunPrint(ShellState &state, const Arguments &args) {
	std::string text;
	for (size_t i = 1; i < args.size(); i++) {
		text += (i > 1 ? " " : "") + args[i];
	}
	state.Output(text + "\n");
	return true;
}

bool RunRead(ShellState &state, const Arguments &args) {
	return state.RunFile(args[1]);
}

bool RunSchema(ShellState &state, const Arguments &args) {
	return ShowSchema(state, args.size() > 1 ? args[1] : "%");
}

} // namespace

std::string UnescapeSeparator(const std::string &text) {
	std::string result;
	for (size_t i = 0; i < text.size(); i++) {
		if (text[i] != '\\' || i + 1 >= text.size()) {
			result += text[i];
			continue;
		}
		char next = text[++i];
		result += next == 't' ? '\t' : next == 'n' ? '\n' : next == 'r' ? '\r' : next;
	}
	return result;
}

namespace {

bool RunSeparator(ShellState &state, const Arguments &args) {
	state.print.separator = UnescapeSeparator(args[1]);
	return true;
}

bool RunTables(ShellState &state, const Arguments &args) {
	return ShowTables(state, args.size() > 1 ? args[1] : "%");
}

bool RunTimer(ShellState &state, const Arguments &args) {
	return ParseBool(state, args[1], state.timer);
}

bool RunChanges(ShellState &state, const Arguments &args) {
	return ParseBool(state, args[1], state.show_changes);
}

bool RunColumns(ShellState &state, const Arguments &) {
	state.print.render_columns = true;
	return true;
}

bool RunRows(ShellState &state, const Arguments &) {
	state.print.render_columns = false;
	return true;
}

bool RunMaxWidth(ShellState &state, const Arguments &args) {
	return ParseCount(state, args[1], state.print.max_width);
}

bool RunWidth(ShellState &state, const Arguments &args) {
	std::vector<idx_t> widths;
	for (size_t i = 1; i < args.size(); i++) {
		idx_t width;
		if (!ParseCount(state, args[i], width)) {
			return false;
		}
		widths.push_back(width);
	}
	state.print.column_widths = widths;
	return true;
}

const DotCommand COMMANDS[] = {
    {"bail", 1, 1, RunBail, "on|off", "Stop after hitting an error"},
    {"changes", 1, 1, RunChanges, "on|off", "Show the number of rows changed by a statement"},
    {"columns", 0, 0, RunColumns, "", "Column-wise rendering of query results (duckbox)"},
    {"databases", 0, 0, ShowDatabases, "", "List names and paths of attached databases"},
    {"echo", 1, 1, RunEcho, "on|off", "Turn command echo on or off"},
    {"exit", 0, 1, RunExit, "?CODE?", "Exit this program with return-code CODE"},
    {"headers", 1, 1, RunHeaders, "on|off", "Turn display of headers on or off"},
    {"help", 0, 1, RunHelp, "", "Show help text"},
    {"maxrows", 1, 1, RunMaxRows, "COUNT", "Sets the maximum number of rows for display (duckbox mode)"},
    {"maxwidth", 1, 1, RunMaxWidth, "COUNT", "Sets the maximum width in characters (duckbox mode, 0: unlimited)"},
    {"mode", 0, 1, RunMode, "MODE", "Set output mode: box csv duckbox json line list markdown table"},
    {"nullvalue", 1, 1, RunNullValue, "STRING", "Use STRING in place of NULL values"},
    {"once", 1, 1, SetOnce, "FILE", "Output for the next SQL command only to FILE"},
    {"open", 0, 3, OpenDatabase, "?--readonly? ?FILE?", "Close the database and open FILE (none: in memory)"},
    {"output", 0, 1, SetOutput, "?FILE?", "Send output to FILE, or to stdout if FILE is omitted"},
    {"print", 0, 1000, RunPrint, "STRING...", "Print literal STRING"},
    {"quit", 0, 0, RunExit, "", "Exit this program"},
    {"read", 1, 1, RunRead, "FILE", "Read input from FILE"},
    {"rows", 0, 0, RunRows, "", "Row-wise rendering of query results (the default)"},
    {"schema", 0, 1, RunSchema, "?PATTERN?", "Show the CREATE statements matching PATTERN"},
    {"separator", 1, 1, RunSeparator, "SEP", "Change the column separator of list mode"},
    {"show", 0, 0, ShowSettings, "", "Show the current values for various settings"},
    {"tables", 0, 1, RunTables, "?PATTERN?", "List names of tables matching LIKE pattern PATTERN"},
    {"timer", 1, 1, RunTimer, "on|off", "Turn SQL timer on or off"},
    {"width", 0, 1000, RunWidth, "NUM1 NUM2 ...", "Set minimum column widths (table and markdown modes)"},
};

bool RunHelp(ShellState &state, const Arguments &args) {
	std::string text;
	for (auto &command : COMMANDS) {
		std::string usage = std::string(".") + command.name + " " + command.usage;
		usage.resize(std::max<size_t>(usage.size() + 1, 26), ' ');
		text += usage + command.help + "\n";
	}
	state.Output(text);
	return true;
}

const DotCommand *FindCommand(const std::string &name, bool &ambiguous) {
	const DotCommand *prefix_match = nullptr;
	size_t prefix_count = 0;
	for (auto &command : COMMANDS) {
		std::string command_name = command.name;
		if (command_name == name) {
			return &command;
		}
		if (command_name.compare(0, name.size(), name) == 0) {
			prefix_match = &command;
			prefix_count++;
		}
	}
	// like the DuckDB CLI, an unambiguous prefix (.header, .tab) names a command
	if (prefix_count > 1) {
		ambiguous = true;
	}
	return prefix_count == 1 ? prefix_match : nullptr;
}

} // namespace

std::vector<std::string> SplitDotCommandArguments(const std::string &line) {
	std::vector<std::string> args;
	size_t pos = 0;
	while (pos < line.size()) {
		while (pos < line.size() && std::isspace(static_cast<unsigned char>(line[pos]))) {
			pos++;
		}
		if (pos >= line.size()) {
			break;
		}
		std::string word;
		char quote = line[pos];
		if (quote == '\'' || quote == '"') {
			pos++;
			while (pos < line.size() && line[pos] != quote) {
				word += line[pos++];
			}
			pos++;
		} else {
			while (pos < line.size() && !std::isspace(static_cast<unsigned char>(line[pos]))) {
				word += line[pos++];
			}
		}
		args.push_back(word);
	}
	return args;
}

bool RunDotCommand(ShellState &state, const std::string &line) {
	auto args = SplitDotCommandArguments(line.substr(1));
	if (args.empty()) {
		return true;
	}
	bool ambiguous = false;
	auto command = FindCommand(args[0], ambiguous);
	if (!command || args.size() - 1 < command->min_args || args.size() - 1 > command->max_args) {
		if (command) {
			state.ReportError(std::string("Usage: .") + command->name + " " + command->usage);
		} else if (ambiguous) {
			state.ReportError("Error: \"." + args[0] + "\" is the start of more than one command. Enter \".help\" for help");
		} else {
			state.ReportError("Error: unknown command or invalid arguments:  \"" + args[0] +
			                  "\". Enter \".help\" for help");
		}
		return false;
	}
	return command->run(state, args);
}

} // namespace inlake

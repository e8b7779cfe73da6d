#include "dot_commands.hpp"

#include "history_file.hpp"
#include "shell_state.hpp"
#include "statement_splitter.hpp"

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
	//! The command takes the rest of its line as it is, as one argument (.shell)
	bool raw_argument;
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
	OutputMode mode;
	if (!ParseOutputMode(args[1], mode)) {
		state.ReportError("Error: mode should be one of: " + OutputModeNames());
		return false;
	}
	if (args.size() > 2 && mode != OutputMode::INSERT) {
		state.ReportError("Error: only .mode insert takes a table name: .mode insert TABLE");
		return false;
	}
	state.print.mode = mode;
	if (mode == OutputMode::INSERT) {
		state.print.insert_table = QuoteQualifiedName(args.size() > 2 ? args[2] : "table");
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
	std::vector<int64_t> widths;
	for (size_t i = 1; i < args.size(); i++) {
		// a negative width right-aligns its column (as in the DuckDB CLI)
		bool negative = !args[i].empty() && args[i][0] == '-';
		idx_t width = 0;
		if (!ParseCount(state, negative ? args[i].substr(1) : args[i], width)) {
			return false;
		}
		if (width > 100000) {
			state.ReportError("Error: column width " + args[i] + " is too large (at most 100000)");
			return false;
		}
		widths.push_back(negative ? -int64_t(width) : int64_t(width));
	}
	state.print.column_widths = widths;
	return true;
}

bool RunPrompt(ShellState &state, const Arguments &args) {
	state.main_prompt = args[1];
	if (args.size() > 2) {
		state.continuation_prompt = args[2];
	}
	return true;
}

const DotCommand COMMANDS[] = {
    {"bail", 1, 1, RunBail, false, "on|off", "Stop after hitting an error"},
    {"cd", 1, 1, ChangeDirectory, false, "DIRECTORY", "Change the working directory to DIRECTORY"},
    {"changes", 1, 1, RunChanges, false, "on|off", "Show the number of rows changed by a statement"},
    {"columns", 0, 0, RunColumns, false, "", "Column-wise rendering of query results (duckbox)"},
    {"databases", 0, 0, ShowDatabases, false, "", "List names and paths of attached databases"},
    {"dump", 0, 1, DumpDatabase, false, "?PATTERN?", "Render the current database's tables as SQL (not a lake's)"},
    {"echo", 1, 1, RunEcho, false, "on|off", "Turn command echo on or off"},
    {"exit", 0, 1, RunExit, false, "?CODE?", "Exit this program with return-code CODE"},
    {"headers", 1, 1, RunHeaders, false, "on|off", "Turn display of headers on or off"},
    {"help", 0, 1, RunHelp, false, "", "Show help text"},
    {"import", 2, 5, ImportFile, false, "?--csv? ?--skip N? FILE TABLE", "Import FILE (read_csv) into TABLE, created if new"},
    {"maxrows", 1, 1, RunMaxRows, false, "COUNT", "Sets the maximum number of rows for display (duckbox mode)"},
    {"maxwidth", 1, 1, RunMaxWidth, false, "COUNT",
     "Sets the maximum width in characters (duckbox mode, 0: unlimited)"},
    {"mode", 0, 2, RunMode, false, "MODE ?TABLE?", "Set output mode (.help lists the modes)"},
    {"nullvalue", 1, 1, RunNullValue, false, "STRING", "Use STRING in place of NULL values"},
    {"once", 1, 1, SetOnce, false, "FILE", "Output for the next SQL command only to FILE"},
    {"open", 0, 3, OpenDatabase, false, "?--readonly? ?FILE?", "Close the database and open FILE (none: in memory)"},
    {"output", 0, 1, SetOutput, false, "?FILE?", "Send output to FILE, or to stdout if FILE is omitted"},
    {"print", 0, 1000, RunPrint, false, "STRING...", "Print literal STRING"},
    {"prompt", 1, 2, RunPrompt, false, "MAIN ?CONTINUE?", "Replace the standard prompts"},
    {"quit", 0, 0, RunExit, false, "", "Exit this program"},
    {"read", 1, 1, RunRead, false, "FILE", "Read input from FILE"},
    {"rows", 0, 0, RunRows, false, "", "Row-wise rendering of query results (the default)"},
    {"schema", 0, 1, RunSchema, false, "?PATTERN?", "Show the CREATE statements matching PATTERN"},
    {"separator", 1, 1, RunSeparator, false, "SEP", "Change the column separator of list mode"},
    {"shell", 1, 1, RunSystemCommand, true, "CMD ARGS...", "Run CMD ARGS... in a system shell"},
    {"show", 0, 0, ShowSettings, false, "", "Show the current values for various settings"},
    {"system", 1, 1, RunSystemCommand, true, "CMD ARGS...", "Run CMD ARGS... in a system shell"},
    {"tables", 0, 1, RunTables, false, "?PATTERN?", "List names of tables matching LIKE pattern PATTERN"},
    {"timer", 1, 1, RunTimer, false, "on|off", "Turn SQL timer on or off"},
    {"width", 0, 1000, RunWidth, false, "NUM1 NUM2 ...",
     "Set minimum column widths (table, markdown, column; < 0: right-align)"},
};

bool RunHelp(ShellState &state, const Arguments &args) {
	std::string text;
	for (auto &command : COMMANDS) {
		std::string usage = std::string(".") + command.name + " " + command.usage;
		usage.resize(std::max<size_t>(usage.size() + 1, 26), ' ');
		text += usage + command.help + "\n";
	}
	text += "\nModes: " + OutputModeNames() + "\n";
	auto history = HistoryFilePath();
	text += "History: each statement typed at the prompt is appended to " +
	        (history.empty() ? std::string("~/.inlake_history (HOME is not set: not kept)") : history) +
	        " as it runs\n";
	text += "Startup: ~/.inlakerc (or the -init FILE) is read before other input\n";
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

std::vector<std::string> DotCommandNames() {
	std::vector<std::string> names;
	for (auto &command : COMMANDS) {
		names.push_back(command.name);
	}
	return names;
}

std::string QuoteQualifiedName(const std::string &name) {
	std::string result;
	for (auto &part : duckdb::StringUtil::Split(name, '.')) {
		result += (result.empty() ? "" : ".") + duckdb::KeywordHelper::WriteOptionallyQuoted(part);
	}
	return result.empty() ? duckdb::KeywordHelper::WriteOptionallyQuoted(name) : result;
}

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
	if (command && command->raw_argument) {
		// the rest of the line, quotes and all
		auto body = line.substr(1);
		auto end = body.find_first_of(" \t");
		auto rest = end == std::string::npos ? std::string() : TrimSql(body.substr(end));
		args.resize(1);
		if (!rest.empty()) {
			args.push_back(rest);
		}
	}
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

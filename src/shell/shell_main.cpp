// inlake: the command line shell. Parses the arguments, opens the database
// (with the inlake extension loaded), reads the startup file (~/.inlakerc, or
// the -init FILE instead, as the DuckDB CLI reads ~/.duckdbrc), applies the
// output options (so that they win over the startup file's) and runs SQL from
// -c / positional SQL, -f FILE, stdin, or the interactive prompt.
#include "dot_commands.hpp"
#include "result_printer.hpp"
#include "shell_state.hpp"

#include "duckdb.hpp"

#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>
#include <unistd.h>
#include <vector>

using inlake::OutputMode;
using inlake::ShellState;

namespace {

const char *USAGE = "Usage: inlake [OPTIONS] [FILENAME [SQL...]]\n"
                    "FILENAME is the name of a DuckDB database; a new in-memory database is used when omitted.\n"
                    "SQL runs the given statements (or a dot command) and exits.\n"
                    "OPTIONS include:\n"
                    "   -bail                stop after hitting an error\n"
                    "   -box / -duckbox      set output mode to 'duckbox' (the default)\n"
                    "   -c COMMAND           run \"COMMAND\" and exit\n"
                    "   -column / -html / -insert / -jsonlines / -quote / -tabs / -trash   set that output mode\n"
                    "   -cmd COMMAND         run \"COMMAND\" before reading stdin\n"
                    "   -csv                 set output mode to 'csv'\n"
                    "   -echo                print commands before execution\n"
                    "   -f FILENAME          run the script FILENAME and exit\n"
                    "   -header              turn headers on\n"
                    "   -help                show this message\n"
                    "   -init FILENAME       read/process named file before other input (instead of ~/.inlakerc)\n"
                    "   -json                set output mode to 'json'\n"
                    "   -line                set output mode to 'line'\n"
                    "   -list                set output mode to 'list'\n"
                    "   -markdown            set output mode to 'markdown'\n"
                    "   -noheader            turn headers off\n"
                    "   -nullvalue TEXT      set text string for NULL values (default '')\n"
                    "   -readonly            open the database read-only\n"
                    "   -s COMMAND           run \"COMMAND\" and exit\n"
                    "   -separator SEP       set the column separator of list mode (default '|')\n"
                    "   -table               set output mode to 'table'\n"
                    "   -unsigned            allow loading of unsigned extensions\n"
                    "   -version             show the DuckDB version\n";

struct ShellOptions {
	std::string database_path;
	std::vector<std::string> sql;          // -c and positional SQL
	std::vector<std::string> commands;     // -cmd
	std::string script_file;               // -f
	std::string init_file;                 // -init
	bool read_only = false;
	bool allow_unsigned = false;
	bool bail = false;
	bool echo = false;
	int header = -1; // -1: mode default
	bool mode_set = false;
	OutputMode mode = OutputMode::DUCKBOX;
	std::vector<std::pair<std::string, std::string>> print_options; // nullvalue / separator
};

//! Parses the arguments; returns -1 to continue, or an exit status
int ParseArguments(int argc, char **argv, ShellOptions &options) {
	std::vector<std::string> positional;
	for (int i = 1; i < argc; i++) {
		std::string arg = argv[i];
		if (arg.size() < 2 || arg[0] != '-') {
			positional.push_back(arg);
			continue;
		}
		if (arg.compare(0, 2, "--") == 0) {
			arg = arg.substr(1);
		}
		auto next = [&](std::string &target) {
			if (i + 1 >= argc) {
				fprintf(stderr, "Error: missing argument to %s\n", argv[i]);
				return false;
			}
			target = argv[++i];
			return true;
		};
		std::string value;
		OutputMode mode;
		if (arg == "-c" || arg == "-s" || arg == "-cmd" || arg == "-f" || arg == "-init" || arg == "-nullvalue" ||
		    arg == "-separator") {
			if (!next(value)) {
				return 1;
			}
			if (arg == "-c" || arg == "-s") {
				options.sql.push_back(value);
			} else if (arg == "-cmd") {
				options.commands.push_back(value);
			} else if (arg == "-f") {
				options.script_file = value;
			} else if (arg == "-init") {
				options.init_file = value;
			} else {
				options.print_options.emplace_back(arg, value);
			}
		} else if (inlake::ParseOutputMode(arg.substr(1), mode)) {
			options.mode = mode;
			options.mode_set = true;
		} else if (arg == "-header" || arg == "-noheader") {
			options.header = arg == "-header";
		} else if (arg == "-bail") {
			options.bail = true;
		} else if (arg == "-echo") {
			options.echo = true;
		} else if (arg == "-readonly") {
			options.read_only = true;
		} else if (arg == "-unsigned") {
			options.allow_unsigned = true;
		} else if (arg == "-batch" || arg == "-interactive" || arg == "-no-stdin") {
			// accepted for compatibility with the DuckDB CLI
		} else if (arg == "-version") {
			printf("inlake (DuckDB %s %s)\n", duckdb::DuckDB::LibraryVersion(), duckdb::DuckDB::SourceID());
			return 0;
		} else if (arg == "-help" || arg == "-h") {
			printf("%s", USAGE);
			return 0;
		} else {
			fprintf(stderr, "Error: unknown option: %s\nUse -help for a list of options.\n", argv[i]);
			return 1;
		}
	}
	if (!positional.empty()) {
		options.database_path = positional[0];
		options.sql.insert(options.sql.end(), positional.begin() + 1, positional.end());
	}
	return -1;
}

//! -bail and -echo: set before the startup file runs, so that they apply to it
void ApplyRunOptions(const ShellOptions &options, ShellState &state) {
	state.bail = state.bail || options.bail;
	state.echo = state.echo || options.echo;
}

//! The output options given: applied after the startup file, so that they win over its settings
void ApplyOutputOptions(const ShellOptions &options, ShellState &state) {
	if (options.mode_set) {
		state.print.mode = options.mode;
	}
	if (options.header >= 0) {
		state.print.show_header = options.header == 1;
	}
	for (auto &option : options.print_options) {
		if (option.first == "-nullvalue") {
			state.print.null_value = option.second;
		} else {
			state.print.separator = inlake::UnescapeSeparator(option.second);
		}
	}
}

//! -init FILE, or else ~/.inlakerc when there is one (a missing -init FILE, or a folder, is an error naming it; a
//! missing ~/.inlakerc is not); at the prompt, says which file it reads once it is open, as the DuckDB CLI does
void RunStartupFile(const ShellOptions &options, ShellState &state) {
	std::string path = options.init_file;
	if (path.empty()) {
		auto home = getenv("HOME");
		if (!home || !*home) {
			return;
		}
		path = std::string(home) + "/.inlakerc";
		if (access(path.c_str(), F_OK) != 0) {
			return;
		}
	}
	state.RunFile(path, isatty(STDIN_FILENO) && options.sql.empty() && options.script_file.empty());
}

int RunShell(const ShellOptions &options, ShellState &state) {
	ApplyRunOptions(options, state);
	RunStartupFile(options, state);
	ApplyOutputOptions(options, state);
	for (auto &command : options.commands) {
		if (state.ShouldStop()) {
			break;
		}
		state.RunText(command);
	}
	if (!options.sql.empty()) {
		for (auto &sql : options.sql) {
			if (state.ShouldStop()) {
				break;
			}
			state.RunText(sql);
		}
	} else if (!options.script_file.empty()) {
		if (!state.ShouldStop()) {
			state.RunFile(options.script_file);
		}
	} else if (isatty(STDIN_FILENO)) {
		state.interactive = true;
		state.RunInteractive();
		return state.exit_code;
	} else if (!state.ShouldStop()) {
		state.RunStream(std::cin);
	}
	if (state.exit_code != 0) {
		return state.exit_code;
	}
	return state.had_error ? 1 : 0;
}

} // namespace

int main(int argc, char **argv) {
	ShellOptions options;
	auto status = ParseArguments(argc, argv, options);
	if (status >= 0) {
		return status;
	}
	duckdb::unique_ptr<ShellState> state;
	try {
		ShellState::OpenOptions open;
		open.path = options.database_path;
		open.read_only = options.read_only;
		open.allow_unsigned_extensions = options.allow_unsigned;
		state = duckdb::make_uniq<ShellState>(open);
	} catch (std::exception &ex) {
		fprintf(stderr, "Error: unable to open database \"%s\": %s\n", options.database_path.c_str(),
		        duckdb::ErrorData(ex).Message().c_str());
		return 1;
	}
	return RunShell(options, *state);
}

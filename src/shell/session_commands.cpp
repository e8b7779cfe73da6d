// The dot commands about the session rather than one result: .open (another database), .databases (the attached
// ones), .output / .once (where results go), .show (the current settings) and .changes.
#include "dot_commands.hpp"
#include "shell_state.hpp"

namespace inlake {

using namespace duckdb;

bool OpenDatabase(ShellState &state, const std::vector<std::string> &args) {
	ShellState::OpenOptions options;
	options.allow_unsigned_extensions = state.Opened().allow_unsigned_extensions;
	for (size_t i = 1; i < args.size(); i++) {
		auto &arg = args[i];
		if (arg == "--readonly" || arg == "-readonly") {
			options.read_only = true;
		} else if (arg == "--new" || arg == "-new") {
			// the DuckDB CLI's --new empties the file first; refusing beats silently keeping its contents
			state.ReportError("Error: .open --new is not supported by inlake: remove the file first");
			return false;
		} else if (!arg.empty() && arg[0] == '-') {
			state.ReportError("Error: unknown option to .open: " + arg);
			return false;
		} else if (options.path.empty()) {
			options.path = arg;
		} else {
			state.ReportError("Usage: .open ?--readonly? ?FILE?");
			return false;
		}
	}
	return state.Reopen(options);
}

bool ShowDatabases(ShellState &state, const std::vector<std::string> &) {
	auto result = state.GetConnection().Query(
	    "SELECT database_name, coalesce(path, '') FROM duckdb_databases() WHERE NOT internal ORDER BY database_oid");
	if (result->HasError()) {
		state.ReportError(result->GetError());
		return false;
	}
	std::string text;
	for (idx_t row = 0; row < result->RowCount(); row++) {
		auto path = result->GetValue(1, row).ToString();
		text += result->GetValue(0, row).ToString() + ":" + (path.empty() ? "" : " " + path) + "\n";
	}
	state.Output(text);
	return true;
}

bool SetOutput(ShellState &state, const std::vector<std::string> &args) {
	return state.RedirectOutput(args.size() > 1 ? args[1] : std::string(), false);
}

bool SetOnce(ShellState &state, const std::vector<std::string> &args) {
	return state.RedirectOutput(args[1], true);
}

bool ShowSettings(ShellState &state, const std::vector<std::string> &) {
	auto on_off = [](bool value) { return std::string(value ? "on" : "off"); };
	std::string widths;
	for (auto width : state.print.column_widths) {
		widths += std::to_string(width) + " ";
	}
	auto line = [](const std::string &name, const std::string &value) {
		return std::string(12 - std::min<size_t>(name.size(), 12), ' ') + name + ": " + value + "\n";
	};
	std::string text;
	text += line("bail", on_off(state.bail));
	text += line("changes", on_off(state.show_changes));
	text += line("echo", on_off(state.echo));
	text += line("headers", on_off(state.print.show_header));
	text += line("maxrows", std::to_string(state.print.max_rows));
	text += line("maxwidth", state.print.max_width == 0 ? "unlimited" : std::to_string(state.print.max_width));
	text += line("mode", OutputModeName(state.print.mode) + std::string(state.print.render_columns ? " (columns)" : ""));
	text += line("nullvalue", "\"" + state.print.null_value + "\"");
	text += line("output", state.OutputName());
	text += line("separator", "\"" + state.print.separator + "\"");
	text += line("timer", on_off(state.timer));
	text += line("width", widths);
	text += line("filename", state.Opened().path.empty() ? ":memory:" : state.Opened().path);
	state.Output(text);
	return true;
}

} // namespace inlake

#include "shell_state.hpp"

#include "input_processor.hpp"
#include "line_reader.hpp"
#include "statement_preprocessor.hpp"
#include "statement_splitter.hpp"
#include "inlake_extension.hpp"

#include <chrono>
#include <csignal>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <unistd.h>

namespace inlake {

using namespace duckdb;

namespace {

//! The connection running a query right now, interrupted by Ctrl-C
Connection *active_connection = nullptr;

void HandleInterrupt(int) {
	if (active_connection) {
		active_connection->Interrupt();
	}
}

double CpuSeconds(const timeval &time) {
	return double(time.tv_sec) + double(time.tv_usec) / 1e6;
}

idx_t TerminalWidth() {
	winsize size;
	if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col > 0) {
		return size.ws_col;
	}
	return 80;
}

} // namespace

ShellState::ShellState(const OpenOptions &options) {
	Open(options);
	bool stdout_is_terminal = isatty(STDOUT_FILENO);
	print.max_width = stdout_is_terminal ? TerminalWidth() : 0;
	print.large_number_footer = stdout_is_terminal;
	signal(SIGINT, HandleInterrupt);
}

ShellState::~ShellState() {
	active_connection = nullptr;
	CloseOutputFile();
}

void ShellState::Open(const OpenOptions &options) {
	DBConfig config;
	if (options.read_only) {
		config.options.access_mode = AccessMode::READ_ONLY;
	}
	config.options.allow_unsigned_extensions = options.allow_unsigned_extensions;
	bool in_memory = options.path.empty() || options.path == ":memory:";
	auto new_database = make_uniq<DuckDB>(in_memory ? nullptr : options.path.c_str(), &config);
	LoadInlake(*new_database->instance);
	auto new_connection = make_uniq<Connection>(*new_database);
	connection = std::move(new_connection);
	database = std::move(new_database);
	opened = options;
	if (interactive) {
		EnableProgressBar();
	}
}

bool ShellState::Reopen(const OpenOptions &options) {
	// the current database must be closed first: opening the same file again would find it locked
	connection.reset();
	database.reset();
	try {
		Open(options);
		return true;
	} catch (std::exception &ex) {
		ReportError("Error: unable to open database \"" + options.path + "\": " + ErrorData(ex).Message());
	}
	try {
		Open(opened);
	} catch (std::exception &ex) {
		ReportError("Error: unable to reopen database \"" + opened.path + "\": " + ErrorData(ex).Message() +
		            "; using an in-memory database");
		OpenOptions memory;
		memory.allow_unsigned_extensions = opened.allow_unsigned_extensions;
		Open(memory);
	}
	return false;
}

void ShellState::EnableProgressBar() {
	connection->Query("SET enable_progress_bar = true");
}

bool ShellState::RedirectOutput(const std::string &path, bool once) {
	CloseOutputFile();
	if (path.empty() || path == "stdout") {
		return true;
	}
	output_file = fopen(path.c_str(), "w");
	if (!output_file) {
		ReportError("Error: cannot open \"" + path + "\" for writing");
		return false;
	}
	output_name = path;
	output_once = once;
	return true;
}

void ShellState::CloseOutputFile() {
	if (output_file) {
		fclose(output_file);
	}
	output_file = nullptr;
	output_once = false;
	output_name = "stdout";
}

void ShellState::EndStatementOutput() {
	if (output_once) {
		CloseOutputFile();
	}
}

bool ShellState::ExecuteSql(const std::string &sql) {
	if (echo) {
		Output(sql + ";\n");
	}
	auto start = std::chrono::steady_clock::now();
	rusage usage_before;
	getrusage(RUSAGE_SELF, &usage_before);

	// the hook: the lake rewrites statements DuckDB cannot parse before they reach it
	bool success = RunPreprocessed(sql);
	EndStatementOutput();
	if (timer) {
		rusage usage_after;
		getrusage(RUSAGE_SELF, &usage_after);
		std::chrono::duration<double> real = std::chrono::steady_clock::now() - start;
		PrintTimer(real.count(), CpuSeconds(usage_after.ru_utime) - CpuSeconds(usage_before.ru_utime),
		           CpuSeconds(usage_after.ru_stime) - CpuSeconds(usage_before.ru_stime));
	}
	return success;
}

bool ShellState::RunPreprocessed(const std::string &sql) {
	PreprocessedStatement plan;
	try {
		plan = PreprocessStatement(*connection, sql);
	} catch (std::exception &ex) {
		ReportError(ErrorData(ex).Message());
		return false;
	}
	for (auto &text : plan.statements) {
		if (!RunSqlText(text, !plan.quiet)) {
			if (plan.rollback_on_error) {
				// the error was reported; the transaction the plan opened must not stay open
				connection->Query("ROLLBACK");
			}
			return false;
		}
	}
	return true;
}

bool ShellState::RunSqlText(const std::string &text, bool print_results) {
	vector<unique_ptr<SQLStatement>> statements;
	try {
		statements = connection->ExtractStatements(text);
	} catch (std::exception &ex) {
		ReportError(ErrorData(ex).Message());
		return false;
	}
	for (auto &statement : statements) {
		if (!RunStatement(std::move(statement), print_results)) {
			return false;
		}
	}
	return true;
}

bool ShellState::RunStatement(unique_ptr<SQLStatement> statement, bool print_result) {
	active_connection = connection.get();
	auto result = connection->Query(std::move(statement));
	active_connection = nullptr;
	if (result->HasError()) {
		ReportError(result->GetError());
		return false;
	}
	if (result->properties.return_type == StatementReturnType::CHANGED_ROWS) {
		PrintChanges(*result);
	}
	if (!print_result || result->properties.return_type != StatementReturnType::QUERY_RESULT) {
		return true;
	}
	std::string output;
	try {
		PrintResult(*connection->context, *result, print, output);
	} catch (std::exception &ex) {
		Output(output);
		ReportError(ErrorData(ex).Message());
		return false;
	}
	Output(output);
	return true;
}

void ShellState::PrintChanges(MaterializedQueryResult &result) {
	if (result.RowCount() != 1 || result.ColumnCount() != 1) {
		return;
	}
	auto changes = result.GetValue(0, 0);
	if (changes.IsNull()) {
		return;
	}
	auto count = changes.GetValue<int64_t>();
	total_changes += count;
	if (show_changes) {
		Output("changes: " + std::to_string(count) + "   total_changes: " + std::to_string(total_changes) + "\n");
	}
}

void ShellState::PrintTimer(double real_seconds, double user_seconds, double sys_seconds) {
	char buffer[128];
	snprintf(buffer, sizeof(buffer), "Run Time (s): real %.3f user %f sys %f\n", real_seconds, user_seconds,
	         sys_seconds);
	Output(buffer);
}

void ShellState::ReportError(const std::string &message) {
	fflush(stdout);
	fprintf(stderr, "%s\n", message.c_str());
	fflush(stderr);
	had_error = true;
	if (bail) {
		bail_triggered = true;
	}
}

void ShellState::Output(const std::string &text) {
	auto target = output_file ? output_file : stdout;
	fwrite(text.data(), 1, text.size(), target);
	fflush(target);
}

bool ShellState::RunText(const std::string &text) {
	InputProcessor processor(*this);
	auto trimmed = TrimSql(text);
	if (!trimmed.empty() && trimmed[0] == '.') {
		processor.ProcessLine(trimmed);
		return !had_error;
	}
	processor.ProcessChunk(text);
	processor.Finish();
	return !had_error;
}

bool ShellState::RunStream(std::istream &input) {
	InputProcessor processor(*this);
	std::string line;
	while (!ShouldStop() && std::getline(input, line)) {
		processor.ProcessLine(line);
	}
	if (!ShouldStop()) {
		processor.Finish();
	}
	return !had_error;
}

bool ShellState::RunFile(const std::string &path) {
	std::ifstream input(path);
	if (!input.is_open()) {
		ReportError("Error: cannot open \"" + path + "\"");
		return false;
	}
	return RunStream(input);
}

ShellState *interactive_shell = nullptr;

Connection *InteractiveConnection() {
	return interactive_shell ? &interactive_shell->GetConnection() : nullptr;
}

void ShellState::RunInteractive() {
	Output("inlake (DuckDB " + std::string(DuckDB::LibraryVersion()) + ")\n"
	       "Enter \".help\" for usage hints.\n");
	EnableProgressBar();
	interactive_shell = this;
	LineReader reader(InteractiveConnection);
	InputProcessor processor(*this);
	const char *continuation_prompt = reader.SupportsUtf8() ? "\xC2\xB7 " : "> ";
	std::string line;
	std::string statement_lines; // the lines of the statement being typed, one history entry once it is complete
	while (!exit_requested) {
		auto status = reader.ReadLine(processor.InStatement() ? continuation_prompt : "D ", line);
		if (status == LineReader::Status::INTERRUPTED) {
			// Ctrl-C: what was typed is dropped, a fresh prompt follows
			processor.Discard();
			statement_lines.clear();
			fputs("\n", stdout); // the terminal, also while results go to a file
			continue;
		}
		if (status == LineReader::Status::END_OF_INPUT) {
			fputs("\n", stdout); // the terminal, also while results go to a file
			break;
		}
		statement_lines = HistoryEntry(statement_lines, line);
		processor.ProcessLine(line);
		if (!processor.InStatement()) {
			reader.AddHistory(statement_lines);
			statement_lines.clear();
		}
	}
	interactive_shell = nullptr;
}

} // namespace inlake

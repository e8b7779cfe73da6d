#include "shell_state.hpp"

#include "input_processor.hpp"
#include "line_reader.hpp"
#include "statement_preprocessor.hpp"
#include "statement_splitter.hpp"
#include "inlake_extension.hpp"

#include "duckdb/parser/statement/explain_statement.hpp"

#include <chrono>
#include <csignal>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

namespace inlake {

using namespace duckdb;

namespace {

//! The connection running a query right now, interrupted by Ctrl-C
Connection *active_connection = nullptr;
//! Ctrl-C was pressed: the input being processed stops (as in the DuckDB CLI and sqlite3)
volatile sig_atomic_t interrupt_seen = 0;
//! Files read inside each other at most (a .read of itself would otherwise recurse until the stack ends)
const int kMaxReadDepth = 32;

void HandleInterrupt(int) {
	interrupt_seen = 1;
	if (active_connection) {
		active_connection->Interrupt();
	}
}

//! The name a lake given as the database path gets: its file name without folders and extension, as DuckDB
//! names an attached file (ducklake:sqlite:/data/sales.sqlite: sales)
std::string LakeDatabaseName(const std::string &path) {
	auto name = path.substr(path.rfind(':') + 1);
	auto slash = name.find_last_of('/');
	if (slash != std::string::npos) {
		name = name.substr(slash + 1);
	}
	auto dot = name.find('.');
	if (dot != std::string::npos && dot > 0) {
		name = name.substr(0, dot);
	}
	return name.empty() ? std::string("lake") : name;
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
	// a lake as the database (inlake ducklake:x.ducklake): attached to an in-memory database and used, since
	// DuckDB would look for the ducklake extension before inlake is loaded; read-only is then the lake's
	bool lake = StringUtil::StartsWith(options.path, "ducklake:");
	bool in_memory = lake || options.path.empty() || options.path == ":memory:";
	DBConfig config;
	if (options.read_only && !lake) {
		config.options.access_mode = AccessMode::READ_ONLY;
	}
	config.options.allow_unsigned_extensions = options.allow_unsigned_extensions;
	auto new_database = make_uniq<DuckDB>(in_memory ? nullptr : options.path.c_str(), &config);
	LoadInlake(*new_database->instance);
	auto new_connection = make_uniq<Connection>(*new_database);
	if (lake) {
		auto name = LakeDatabaseName(options.path);
		auto attach = new_connection->Query("ATTACH " + KeywordHelper::WriteQuoted(options.path, '\'') + " AS " +
		                                    KeywordHelper::WriteOptionallyQuoted(name) +
		                                    (options.read_only ? " (READ_ONLY)" : ""));
		if (attach->HasError()) {
			attach->ThrowError();
		}
		auto use = new_connection->Query("USE " + KeywordHelper::WriteOptionallyQuoted(name));
		if (use->HasError()) {
			use->ThrowError();
		}
	}
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
	if (!plan.notice.empty()) {
		fflush(stdout);
		fprintf(stderr, "%s\n", plan.notice.c_str());
		fflush(stderr);
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
	if (interrupt_seen) {
		// Ctrl-C came after the statement was read but before it started: it does not start
		active_connection = nullptr;
		ReportError("INTERRUPT Error: Interrupted!");
		return false;
	}
	auto explain_format = statement->type == StatementType::EXPLAIN_STATEMENT
	                          ? statement->Cast<ExplainStatement>().explain_format
	                          : ExplainFormat::DEFAULT;
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
		PrintResult(*connection->context, *result, print, output, explain_format);
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

bool ShellState::ShouldStop() const {
	return exit_requested || bail_triggered || interrupt_seen;
}

bool ShellState::RunFile(const std::string &path, bool announce) {
	if (read_depth >= kMaxReadDepth) {
		ReportError("Error: cannot read \"" + path + "\": files read inside each other more than " +
		            std::to_string(kMaxReadDepth) + " deep");
		return false;
	}
	struct DepthGuard {
		int &depth;
		explicit DepthGuard(int &depth_p) : depth(depth_p) {
			depth++;
		}
		~DepthGuard() {
			depth--;
		}
	} guard(read_depth);
	std::ifstream input(path);
	if (!input.is_open()) {
		ReportError("Error: cannot open \"" + path + "\"");
		return false;
	}
	struct stat info;
	if (stat(path.c_str(), &info) == 0 && S_ISDIR(info.st_mode)) {
		// a folder opens, and reads as nothing: it would be skipped without a word
		ReportError("Error: cannot open \"" + path + "\": it is a folder");
		return false;
	}
	if (announce) {
		fprintf(stderr, "-- Loading resources from %s\n", path.c_str());
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
	const char *default_continuation = reader.SupportsUtf8() ? "\xC2\xB7 " : "> ";
	std::string line;
	std::string statement_lines; // the lines of the statement being typed, one history entry once it is complete
	while (!exit_requested) {
		interrupt_seen = 0; // a Ctrl-C stopped what the last line ran, not the prompt
		std::string continuation = continuation_prompt.empty() ? std::string(default_continuation) : continuation_prompt;
		auto status = reader.ReadLine(processor.InStatement() ? continuation.c_str() : main_prompt.c_str(), line);
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
		if (processor.CompletesWith(line)) {
			// saved before it runs: a statement that never ends (or ends the shell) is in the history too
			reader.AddHistory(statement_lines);
			statement_lines.clear();
		}
		processor.ProcessLine(line);
		if (!processor.InStatement()) {
			statement_lines.clear();
		}
	}
	interactive_shell = nullptr;
}

} // namespace inlake

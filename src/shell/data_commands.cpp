// The dot commands that move table data in and out as text:
// - .import [--csv] [--skip N] FILE TABLE: DuckDB's read_csv reads FILE (its dialect, header and types are
//   sniffed; --skip N skips N lines first) into TABLE, which is created from the file when it does not exist
//   and appended to (columns by position) when it does; TABLE may be qualified (lake.items), a lake's table
//   included. One statement: a file that fails to read leaves the table as it was.
// - .dump [PATTERN]: the current database as SQL, as the DuckDB CLI prints it: BEGIN TRANSACTION, its schemas,
//   sequences, the tables whose name matches the LIKE pattern, each with one INSERT per row, their indexes,
//   the matching views, COMMIT. A lake has no such dump (its tables live in Parquet files and its catalog's
//   history): for a lake it is refused with an error saying so.
#include "dot_commands.hpp"
#include "result_printer.hpp"
#include "shell_state.hpp"

namespace inlake {

using namespace duckdb;

namespace {

//! Runs `sql` with `parameters`; the materialized result, or nullptr after reporting the error
unique_ptr<MaterializedQueryResult> QueryWith(ShellState &state, const std::string &sql, vector<Value> parameters) {
	auto &connection = state.GetConnection();
	auto prepared = connection.Prepare(sql);
	if (prepared->HasError()) {
		state.ReportError(prepared->GetError());
		return nullptr;
	}
	auto result = prepared->Execute(parameters, false);
	if (result->HasError()) {
		state.ReportError(result->GetError());
		return nullptr;
	}
	return unique_ptr_cast<QueryResult, MaterializedQueryResult>(std::move(result));
}

std::string WithSemicolon(const std::string &sql) {
	return sql + (!sql.empty() && sql.back() == ';' ? "\n" : ";\n");
}

//! Appends the `sql` column (the first) of every row of `query`
bool AppendStatements(ShellState &state, const std::string &query, const std::string &pattern, std::string &out) {
	auto result = QueryWith(state, query, {Value(pattern)});
	if (!result) {
		return false;
	}
	for (idx_t row = 0; row < result->RowCount(); row++) {
		out += WithSemicolon(result->GetValue(0, row).ToString());
	}
	return true;
}

const char *SCHEMAS_QUERY = R"(
SELECT 'CREATE SCHEMA "' || replace(schema_name, '"', '""') || '"' FROM duckdb_schemas()
WHERE database_name = current_database() AND NOT internal AND schema_name <> 'main' AND $1 IS NOT NULL
ORDER BY oid)";

const char *SEQUENCES_QUERY = R"(
SELECT sql FROM duckdb_sequences() WHERE database_name = current_database() AND NOT temporary AND $1 IS NOT NULL
ORDER BY sequence_oid)";

const char *TABLES_QUERY = R"(
SELECT sql, schema_name, table_name FROM duckdb_tables()
WHERE database_name = current_database() AND NOT internal AND NOT temporary AND table_name LIKE $1
ORDER BY table_oid)";

const char *INDEXES_QUERY = R"(
SELECT sql FROM duckdb_indexes()
WHERE database_name = current_database() AND sql IS NOT NULL AND table_name LIKE $1
ORDER BY index_oid)";

const char *VIEWS_QUERY = R"(
SELECT sql FROM duckdb_views()
WHERE database_name = current_database() AND NOT internal AND NOT temporary AND view_name LIKE $1
ORDER BY view_oid)";

} // namespace

bool ImportFile(ShellState &state, const std::vector<std::string> &args) {
	std::vector<std::string> names;
	std::string skip;
	for (size_t i = 1; i < args.size(); i++) {
		if (args[i] == "--csv" || args[i] == "-csv") {
			continue; // the only format .import reads
		}
		if (args[i] == "--skip" || args[i] == "-skip") {
			if (i + 1 >= args.size() || args[i + 1].empty() ||
			    args[i + 1].find_first_not_of("0123456789") != std::string::npos) {
				state.ReportError("Error: .import --skip takes a number of lines");
				return false;
			}
			skip = args[++i];
		} else if (!args[i].empty() && args[i][0] == '-') {
			state.ReportError("Error: unknown option to .import: " + args[i]);
			return false;
		} else {
			names.push_back(args[i]);
		}
	}
	if (names.size() != 2) {
		state.ReportError("Usage: .import ?--csv? ?--skip N? FILE TABLE");
		return false;
	}
	auto &connection = state.GetConnection();
	auto table = QuoteQualifiedName(names[1]);
	auto source = "read_csv(" + KeywordHelper::WriteQuoted(names[0], '\'') +
	              (skip.empty() ? "" : ", skip = " + skip) + ")";
	auto probe = connection.Query("SELECT * FROM " + table + " LIMIT 0");
	if (probe->HasError() && probe->GetErrorType() != ExceptionType::CATALOG) {
		state.ReportError(probe->GetError());
		return false;
	}
	auto sql = probe->HasError() ? "CREATE TABLE " + table + " AS SELECT * FROM " + source
	                             : "INSERT INTO " + table + " SELECT * FROM " + source;
	auto result = connection.Query(sql);
	if (result->HasError()) {
		state.ReportError("Error: cannot import \"" + names[0] + "\" into " + table + ": " + result->GetError());
		return false;
	}
	return true;
}

bool DumpDatabase(ShellState &state, const std::vector<std::string> &args) {
	auto pattern = args.size() > 1 ? args[1] : std::string("%");
	auto database = QueryWith(state,
	                          "SELECT database_name, type FROM duckdb_databases() WHERE database_name = "
	                          "current_database() AND $1 IS NOT NULL",
	                          {Value(pattern)});
	if (!database) {
		return false;
	}
	if (database->RowCount() == 1 && database->GetValue(1, 0).ToString() == "ducklake") {
		state.ReportError("Error: .dump is not supported for lake catalogs: the current database \"" +
		                  database->GetValue(0, 0).ToString() +
		                  "\" is a lake. Copy its tables out with COPY (SELECT ...) TO 'file.parquet', or with "
		                  "CREATE TABLE ... AS SELECT into a DuckDB database and .dump that");
		return false;
	}
	std::string out = "BEGIN TRANSACTION;\n";
	if (!AppendStatements(state, SCHEMAS_QUERY, pattern, out) || !AppendStatements(state, SEQUENCES_QUERY, pattern, out)) {
		return false;
	}
	auto tables = QueryWith(state, TABLES_QUERY, {Value(pattern)});
	if (!tables) {
		return false;
	}
	auto &connection = state.GetConnection();
	for (idx_t row = 0; row < tables->RowCount(); row++) {
		out += WithSemicolon(tables->GetValue(0, row).ToString());
		auto schema = tables->GetValue(1, row).ToString();
		auto name = KeywordHelper::WriteOptionallyQuoted(tables->GetValue(2, row).ToString());
		auto qualified = schema == "main" ? name : KeywordHelper::WriteOptionallyQuoted(schema) + "." + name;
		auto rows = connection.Query("SELECT * FROM " + qualified);
		if (rows->HasError()) {
			state.ReportError(rows->GetError());
			return false;
		}
		PrintInsertStatements(*connection.context, *rows, qualified, false, out);
	}
	if (!AppendStatements(state, INDEXES_QUERY, pattern, out) || !AppendStatements(state, VIEWS_QUERY, pattern, out)) {
		return false;
	}
	out += "COMMIT;\n";
	state.Output(out);
	return true;
}

} // namespace inlake

// The catalog dot commands: .tables (names of the tables and views of every
// attached database, lakes included, laid out in columns like the DuckDB CLI;
// those outside the current database and schema qualified by database and,
// unless it is main, schema; those of another schema of the current database
// by schema) and .schema (the CREATE statements of the
// current database).
#include "dot_commands.hpp"
#include "shell_state.hpp"

namespace inlake {

using namespace duckdb;

namespace {

const char *TABLES_QUERY = R"(
SELECT name FROM (
	SELECT CASE
	         WHEN database_name = current_database() AND schema_name = current_schema() THEN name
	         WHEN database_name = current_database() THEN schema_name || '.' || name
	         WHEN schema_name = 'main' THEN database_name || '.' || name
	         ELSE database_name || '.' || schema_name || '.' || name END AS name,
	       database_name = current_database() AND schema_name = current_schema() AS here, database_name,
	       name AS table_name
	FROM (
		SELECT database_name, schema_name, table_name AS name FROM duckdb_tables()
		WHERE NOT internal AND database_name NOT LIKE '__ducklake_metadata_%'
		UNION
		SELECT database_name, schema_name, view_name AS name FROM duckdb_views()
		WHERE NOT internal AND database_name NOT LIKE '__ducklake_metadata_%'
	)
) WHERE table_name LIKE $1 ORDER BY NOT here, database_name <> current_database(), database_name, name)";

const char *SCHEMA_QUERY = R"(
SELECT sql FROM (
	SELECT schema_name, table_name AS name, sql FROM duckdb_tables()
	WHERE database_name = current_database() AND NOT internal
	UNION ALL
	SELECT schema_name, view_name AS name, sql FROM duckdb_views()
	WHERE database_name = current_database() AND NOT internal
) WHERE name LIKE $1 AND sql IS NOT NULL ORDER BY schema_name, name)";

//! Runs a catalog query with one parameter and returns its first column, or false after reporting the error
bool QueryStrings(ShellState &state, const char *query, const std::string &pattern, std::vector<std::string> &out) {
	auto &connection = state.GetConnection();
	auto prepared = connection.Prepare(query);
	if (prepared->HasError()) {
		state.ReportError(prepared->GetError());
		return false;
	}
	vector<Value> parameters {Value(pattern)};
	auto result = prepared->Execute(parameters, false);
	if (result->HasError()) {
		state.ReportError(result->GetError());
		return false;
	}
	auto &materialized = result->Cast<MaterializedQueryResult>();
	for (idx_t row = 0; row < materialized.RowCount(); row++) {
		out.push_back(materialized.GetValue(0, row).ToString());
	}
	return true;
}

} // namespace

bool ShowTables(ShellState &state, const std::string &pattern) {
	std::vector<std::string> names;
	if (!QueryStrings(state, TABLES_QUERY, pattern, names)) {
		return false;
	}
	if (names.empty()) {
		return true;
	}
	size_t max_length = 0;
	for (auto &name : names) {
		max_length = std::max(max_length, name.size());
	}
	// as many columns as fit in 80 characters, filled column by column
	size_t column_count = std::max<size_t>(1, 80 / (max_length + 2));
	size_t row_count = (names.size() + column_count - 1) / column_count;
	std::string text;
	for (size_t row = 0; row < row_count; row++) {
		for (size_t index = row; index < names.size(); index += row_count) {
			if (index >= row_count) {
				text += "  ";
			}
			text += names[index] + std::string(max_length - names[index].size(), ' ');
		}
		text += "\n";
	}
	state.Output(text);
	return true;
}

bool ShowSchema(ShellState &state, const std::string &pattern) {
	std::vector<std::string> statements;
	if (!QueryStrings(state, SCHEMA_QUERY, pattern, statements)) {
		return false;
	}
	std::string text;
	for (auto &sql : statements) {
		text += sql;
		if (sql.empty() || sql.back() != ';') {
			text += ";";
		}
		text += "\n";
	}
	state.Output(text);
	return true;
}

} // namespace inlake

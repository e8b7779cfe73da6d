#include "statement_preprocessor.hpp"

#include "lake_statement_rewriter.hpp"
#include "sql_token_cursor.hpp"

#include "duckdb/main/client_context.hpp"

namespace inlake {

using namespace duckdb;

namespace {

//! The first value of the first row of `result` as text (empty when there is no row)
std::string FirstValue(QueryResult &result) {
	if (result.HasError()) {
		result.ThrowError();
	}
	auto chunk = result.Fetch();
	if (!chunk || chunk->size() == 0) {
		return std::string();
	}
	return chunk->GetValue(0, 0).ToString();
}

std::string QueryText(Connection &con, const std::string &sql) {
	return FirstValue(*con.Query(sql));
}

//! The attached database named `name` (case-insensitively), as DuckDB spells it; empty when none
std::string AttachedDatabase(Connection &con, const std::string &name) {
	auto prepared =
	    con.Prepare("SELECT database_name FROM duckdb_databases() WHERE lower(database_name) = lower($1) LIMIT 1");
	if (prepared->HasError()) {
		prepared->error.Throw();
	}
	duckdb::vector<Value> parameters {Value(name)};
	return FirstValue(*prepared->Execute(parameters));
}

struct TableTarget {
	std::string catalog;
	std::string schema;
	std::string table;
};

//! Resolves [catalog.][schema.]table like DuckDB's binder does
TableTarget ResolveTable(Connection &con, const std::vector<std::string> &parts) {
	TableTarget target;
	target.table = parts.back();
	if (parts.size() == 3) {
		target.catalog = parts[0];
		target.schema = parts[1];
		return target;
	}
	auto current_database = QueryText(con, "SELECT current_database()");
	auto current_schema = QueryText(con, "SELECT current_schema()");
	if (parts.size() == 1) {
		target.catalog = current_database;
		target.schema = current_schema;
		return target;
	}
	auto database = AttachedDatabase(con, parts[0]);
	if (database.empty()) {
		target.catalog = current_database;
		target.schema = parts[0];
		return target;
	}
	target.catalog = database;
	target.schema = database == current_database ? current_schema : "main";
	return target;
}

//! Whether a table (or view: its ALTER then fails as without IF EXISTS) named `target` is visible to the connection
bool TableExists(Connection &con, const TableTarget &target) {
	auto prepared = con.Prepare("SELECT count(*) FROM (SELECT database_name, schema_name, table_name FROM "
	                            "duckdb_tables() UNION ALL SELECT database_name, schema_name, view_name FROM "
	                            "duckdb_views()) WHERE lower(database_name) = lower($1) AND lower(schema_name) = "
	                            "lower($2) AND lower(table_name) = lower($3)");
	if (prepared->HasError()) {
		prepared->error.Throw();
	}
	duckdb::vector<Value> parameters {Value(target.catalog), Value(target.schema), Value(target.table)};
	return FirstValue(*prepared->Execute(parameters)) != "0";
}

PreprocessedStatement AlterTableCalls(Connection &con, const AlterTableOptions &alter) {
	auto target = ResolveTable(con, alter.name_parts);
	PreprocessedStatement result;
	result.quiet = true;
	if (alter.if_exists && !AttachedDatabase(con, target.catalog).empty() && !TableExists(con, target)) {
		return result; // as DuckDB's ALTER TABLE IF EXISTS: nothing to do (a database that is not attached errors)
	}
	result.statements = OptionCalls(alter, target.catalog, target.schema, target.table);
	if (result.statements.size() > 1 && con.context->transaction.IsAutoCommit()) {
		result.statements.insert(result.statements.begin(), "BEGIN TRANSACTION");
		result.statements.push_back("COMMIT");
		result.rollback_on_error = true;
	}
	return result;
}

} // namespace

namespace {

//! INSTALL ducklake (also FORCE INSTALL ... FROM ...): inlake is the ducklake extension here, nothing to download
bool IsInstallOfDucklake(const std::string &sql) {
	auto lower = StringUtil::Lower(sql);
	std::vector<std::string> words;
	for (auto &word : StringUtil::Split(lower, ' ')) {
		if (!word.empty()) {
			words.push_back(word);
		}
	}
	size_t at = !words.empty() && words[0] == "force" ? 1 : 0;
	return words.size() > at + 1 && words[at] == "install" &&
	       (words[at + 1] == "ducklake" || words[at + 1] == "'ducklake'" || words[at + 1] == "\"ducklake\"");
}

//! LOAD inlake / LOAD 'any/path/inlake.duckdb_extension': what it names (empty when it is no such LOAD)
std::string LoadOfInlake(const std::string &sql) {
	SqlTokenCursor cursor(sql);
	std::string name;
	if (!cursor.TakeKeyword("load") || !(cursor.TakeStringLiteral(name) || cursor.TakeIdentifier(name)) ||
	    !cursor.AtEnd()) {
		return std::string();
	}
	auto file = StringUtil::Lower(name.substr(name.find_last_of('/') + 1));
	return file == "inlake" || file == "inlake.duckdb_extension" ? name : std::string();
}

} // namespace

PreprocessedStatement PreprocessStatement(Connection &con, const std::string &sql) {
	if (IsInstallOfDucklake(sql)) {
		PreprocessedStatement nothing; // (LOAD ducklake is a no-op too: the extension counts as loaded)
		return nothing;
	}
	auto inlake = LoadOfInlake(sql);
	if (!inlake.empty()) {
		PreprocessedStatement nothing;
		nothing.notice = "inlake: this shell has the lake built in, nothing to load (LOAD " + inlake + " skipped)";
		return nothing;
	}
	AlterTableOptions alter;
	if (MatchAlterTableOptions(sql, alter)) {
		return AlterTableCalls(con, alter);
	}
	PreprocessedStatement result;
	std::string rewritten;
	result.statements.push_back(RewriteCreateTableWithAs(sql, rewritten) ? rewritten : sql);
	return result;
}

} // namespace inlake

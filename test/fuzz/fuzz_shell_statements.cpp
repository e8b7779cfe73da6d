// libFuzzer target: the inlake shell's handling of SQL text before DuckDB sees it, on fuzzed text.
// - SplitStatements (statement_splitter.*) cuts the text into statements, as the shell does with its input;
// - each statement (and the incomplete remainder) goes through the rewriter (lake_statement_rewriter.*, over
//   sql_token_cursor.*): MatchAlterTableOptions + OptionCalls, RewriteCreateTableWithAs, and through
//   PreprocessStatement (statement_preprocessor.*) on an in-memory DuckDB connection, as the shell runs it;
// - the catalog's reader of the CREATE TABLE option clause (catalog/table_options_clause.*) reads both the
//   statement and its rewritten form, as the lake's CREATE TABLE does with the statement text.
// Ordinary DuckDB errors (a ParserException for an unterminated option list, ...) are expected; a crash, a
// sanitizer report, an internal error, a non-DuckDB exception or a hang is a finding. So is a statement the
// shell generates from one split statement (a CALL, a rewritten CREATE TABLE) that DuckDB parses as more than
// one statement, or as another kind: text of the option list would have escaped from its place.
#include "fuzz_common.hpp"

#include "catalog/table_options_clause.hpp"
#include "shell/lake_statement_rewriter.hpp"
#include "shell/statement_preprocessor.hpp"
#include "shell/statement_splitter.hpp"

#include "duckdb.hpp"
#include "duckdb/parser/parser.hpp"

namespace {

duckdb::Connection &Con() {
	static duckdb::DuckDB db(nullptr);
	static duckdb::Connection con(db);
	return con;
}

//! A statement the shell generated must be one statement of the expected type when DuckDB parses it (or fail
//! to parse, which DuckDB reports when the shell runs it); more statements mean text escaped from its place.
void CheckGenerated(const std::string &sql, duckdb::StatementType expected, const char *what) {
	duckdb::Parser parser;
	try {
		parser.ParseQuery(sql);
	} catch (duckdb::Exception &ex) {
		inlake_fuzz::CheckDuckDBException(ex, what);
		return;
	}
	if (parser.statements.size() != 1 || parser.statements[0]->type != expected) {
		std::fprintf(stderr, "FINDING: %s: DuckDB parses %zu statements (the first a %s) from: %s\n", what,
		             parser.statements.size(),
		             parser.statements.empty() ? "-" : duckdb::StatementTypeToString(parser.statements[0]->type).c_str(),
		             sql.c_str());
		std::abort();
	}
}

//! `split`: the statement came out of SplitStatements (no ';' outside quotes and comments), as in the shell.
void OneStatement(const std::string &statement, bool split) {
	inlake_fuzz::Guarded("MatchAlterTableOptions/OptionCalls", [&]() {
		inlake::AlterTableOptions alter;
		if (inlake::MatchAlterTableOptions(statement, alter)) {
			if (alter.name_parts.empty() || alter.name_parts.size() > 3 || alter.options.empty()) {
				std::fprintf(stderr, "FINDING: MatchAlterTableOptions matched with %zu name parts, %zu options\n",
				             alter.name_parts.size(), alter.options.size());
				std::abort();
			}
			for (auto &call : inlake::OptionCalls(alter, "lake", "main", alter.name_parts.back())) {
				if (split) {
					CheckGenerated(call, duckdb::StatementType::CALL_STATEMENT, "an ALTER TABLE ... SET/RESET call");
				}
			}
		}
	});
	inlake_fuzz::Guarded("RewriteCreateTableWithAs", [&]() {
		std::string rewritten;
		if (inlake::RewriteCreateTableWithAs(statement, rewritten)) {
			if (split) {
				CheckGenerated(rewritten, duckdb::StatementType::CREATE_STATEMENT, "a rewritten CREATE TABLE ... WITH AS");
			}
			inlake_fuzz::Guarded("ParseTableOptionsClause(rewritten)",
			                     [&]() { (void)inlake::ParseTableOptionsClause(rewritten); });
		}
	});
	inlake_fuzz::Guarded("ParseTableOptionsClause", [&]() { (void)inlake::ParseTableOptionsClause(statement); });
	inlake_fuzz::Guarded("PreprocessStatement", [&]() { (void)inlake::PreprocessStatement(Con(), statement); });
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *bytes, size_t size) {
	std::string text(reinterpret_cast<const char *>(bytes), size);
	inlake::SplitResult split;
	inlake_fuzz::Guarded("SplitStatements", [&]() { split = inlake::SplitStatements(text); });
	for (auto &statement : split.statements) {
		OneStatement(statement, true);
	}
	if (!split.remainder_blank) {
		// the shell runs an unterminated last statement at the end of its input (InputProcessor::Finish)
		OneStatement(inlake::TrimSql(split.remainder), true);
	}
	// the rewriter on the raw text too: callers other than the shell may pass any text
	OneStatement(text, false);
	return 0;
}

#include "tab_completion.hpp"

#include "dot_commands.hpp"
#include "result_printer.hpp"

#include "duckdb.hpp"

#include <set>

namespace inlake {

using namespace duckdb;

namespace {

//! Names of the tables and columns only a lake's catalog database has (__ducklake_metadata_<lake>): DuckDB's
//! autocomplete offers them beside the lake's own, although a query names them only through that database
std::set<std::string> CatalogDatabaseOnlyNames(Connection &connection) {
	std::set<std::string> names;
	auto result = connection.Query(R"(
		SELECT name FROM (
			SELECT table_name AS name, database_name FROM duckdb_tables()
			UNION ALL SELECT column_name, database_name FROM duckdb_columns()
		) GROUP BY name HAVING bool_and(database_name LIKE '\_\_ducklake\_metadata\_%' ESCAPE '\'))");
	if (result->HasError()) {
		return names;
	}
	for (idx_t row = 0; row < result->RowCount(); row++) {
		names.insert(result->GetValue(0, row).ToString());
	}
	return names;
}

//! The candidates that start with `word`, in their order
std::vector<std::string> StartingWith(const std::vector<std::string> &candidates, const std::string &word) {
	std::vector<std::string> matches;
	for (auto &candidate : candidates) {
		if (StringUtil::StartsWith(candidate, word)) {
			matches.push_back(candidate);
		}
	}
	return matches;
}

//! Completions on a dot command line (which starts with '.' after optional spaces)
std::vector<std::string> DotCommandCompletions(const std::string &line_to_cursor, size_t word_start,
                                               bool &complete_file_names) {
	auto word = line_to_cursor.substr(std::min(word_start, line_to_cursor.size()));
	auto command_start = line_to_cursor.find('.');
	if (line_to_cursor.find_first_of(" \t", command_start) == std::string::npos) {
		// the command itself
		std::vector<std::string> names;
		for (auto &name : DotCommandNames()) {
			names.push_back("." + name);
		}
		return StartingWith(names, word);
	}
	auto args = SplitDotCommandArguments(line_to_cursor.substr(command_start + 1));
	auto command = args.empty() ? std::string() : args[0];
	if (command == "mode") {
		return StartingWith(StringUtil::Split(OutputModeNames(), ' '), word);
	}
	complete_file_names = command == "read" || command == "open" || command == "output" || command == "once" ||
	                      command == "import" || command == "cd";
	return {};
}

} // namespace

std::vector<std::string> CompletionsAt(Connection &connection, const std::string &line_to_cursor, size_t word_start,
                                       bool &complete_file_names) {
	complete_file_names = false;
	auto first = line_to_cursor.find_first_not_of(" \t");
	if (first != std::string::npos && line_to_cursor[first] == '.') {
		return DotCommandCompletions(line_to_cursor, word_start, complete_file_names);
	}
	std::vector<std::string> completions;
	auto hidden = CatalogDatabaseOnlyNames(connection);
	auto result = connection.Query("SELECT suggestion, suggestion_start FROM sql_auto_complete(" +
	                               KeywordHelper::WriteQuoted(line_to_cursor, '\'') + ")");
	if (result->HasError()) {
		return completions;
	}
	std::set<std::string> seen;
	auto word = line_to_cursor.substr(std::min(word_start, line_to_cursor.size()));
	for (idx_t row = 0; row < result->RowCount(); row++) {
		auto suggestion = result->GetValue(0, row);
		auto start_value = result->GetValue(1, row);
		if (suggestion.IsNull() || start_value.IsNull()) {
			continue;
		}
		auto start = static_cast<size_t>(start_value.GetValue<int64_t>());
		auto text = suggestion.ToString();
		if (hidden.count(text) || (text.size() > 2 && text.front() == '"' && hidden.count(text.substr(1, text.size() - 2)))) {
			continue;
		}
		// the suggestion replaces the text from `start`; the word libedit replaces begins at word_start
		std::string completion;
		if (start >= word_start && start <= line_to_cursor.size()) {
			completion = line_to_cursor.substr(word_start, start - word_start) + suggestion.ToString();
		} else {
			completion = suggestion.ToString();
		}
		if (completion.size() < word.size() || !StringUtil::CIEquals(completion.substr(0, word.size()), word)) {
			continue;
		}
		// a keyword (suggested in capitals) completes a word typed in lower case in lower case
		if (!word.empty() && StringUtil::Lower(word) == word && StringUtil::Upper(completion) == completion) {
			completion = StringUtil::Lower(completion);
		}
		if (seen.insert(completion).second) {
			completions.push_back(completion);
		}
	}
	return completions;
}

} // namespace inlake

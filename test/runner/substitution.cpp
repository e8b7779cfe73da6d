#include "substitution.hpp"

#include <cstdlib>

#include "duckdb/common/types/uuid.hpp"

#include <unistd.h>

namespace inlake_test {

namespace {

bool IsNameChar(char c) {
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

std::string WorkingDirectory() {
	char buffer[4096];
	if (!getcwd(buffer, sizeof(buffer))) {
		return ".";
	}
	return buffer;
}

const std::string TEST_DIR_KEYWORD = "__TEST_DIR__";
const std::string WORKING_DIR_KEYWORD = "__WORKING_DIRECTORY__";

} // namespace

Substitution::Substitution(std::string test_dir_p, std::string base_test_name_p)
    : test_dir(std::move(test_dir_p)), base_test_name(std::move(base_test_name_p)),
      postgres_lakes(std::make_shared<PostgresLakes>()) {
	variables["CATALOG"] = CatalogBackend();
}

void Substitution::SetVariable(const std::string &name, const std::string &value) {
	variables[name] = value;
}

bool Substitution::HasVariable(const std::string &name) const {
	return variables.count(name) > 0;
}

bool Substitution::Lookup(const std::string &name, bool, const LoopVariables &loop_variables,
                          std::string &out) const {
	// a loop variable is written ${i} or (as newer DuckDB test files do) {i}
	auto loop_entry = loop_variables.find(name);
	if (loop_entry != loop_variables.end()) {
		out = loop_entry->second;
		return true;
	}
	auto entry = variables.find(name);
	if (entry != variables.end()) {
		out = entry->second;
		return true;
	}
	if (name == "TEST_DIR") {
		out = test_dir;
	} else if (name == "UUID") {
		out = duckdb::UUID::ToString(duckdb::UUID::GenerateRandomUUID());
	} else if (name == "BASE_TEST_NAME") {
		out = base_test_name;
	} else if (name == "PG_TEST_DB" && !PostgresLakes::ServerConninfo().empty()) {
		// a database of its own for the file on the PostgreSQL test server, created at first use
		postgres_lakes->Database(test_dir + "/pg_test_db", out);
	} else {
		return false;
	}
	return true;
}

std::string Substitution::Apply(const std::string &text, const LoopVariables &loop_variables) const {
	std::string result;
	result.reserve(text.size());
	size_t i = 0;
	while (i < text.size()) {
		if (text.compare(i, TEST_DIR_KEYWORD.size(), TEST_DIR_KEYWORD) == 0) {
			result += test_dir;
			i += TEST_DIR_KEYWORD.size();
			continue;
		}
		if (text.compare(i, WORKING_DIR_KEYWORD.size(), WORKING_DIR_KEYWORD) == 0) {
			result += WorkingDirectory();
			i += WORKING_DIR_KEYWORD.size();
			continue;
		}
		bool dollar = text[i] == '$' && i + 1 < text.size() && text[i + 1] == '{';
		if (dollar || text[i] == '{') {
			size_t name_start = i + (dollar ? 2 : 1);
			size_t name_end = name_start;
			while (name_end < text.size() && IsNameChar(text[name_end])) {
				name_end++;
			}
			std::string value;
			if (name_end > name_start && name_end < text.size() && text[name_end] == '}' &&
			    Lookup(text.substr(name_start, name_end - name_start), dollar, loop_variables, value)) {
				result += value;
				i = name_end + 1;
				continue;
			}
		}
		result += text[i++];
	}
	return RewriteAttach(std::move(result));
}

std::string Substitution::CatalogBackend() {
	auto backend = std::getenv("INLAKE_TEST_CATALOG");
	return backend && *backend ? backend : "duckdb";
}

std::string Substitution::RewriteAttach(std::string text) const {
	static const std::string backend = CatalogBackend();
	if (backend == "duckdb") {
		return text;
	}
	static const std::string marker = "'ducklake:";
	size_t position = 0;
	while ((position = text.find(marker, position)) != std::string::npos) {
		position += marker.size();
		auto rest = text.substr(position, 12);
		bool named = rest.compare(0, 7, "duckdb:") == 0 || rest.compare(0, 7, "sqlite:") == 0 ||
		             rest.compare(0, 9, "postgres:") == 0 || rest.compare(0, 11, "postgresql:") == 0 ||
		             rest.compare(0, 8, "sqlite3:") == 0 || rest.empty() || rest[0] == '\'';
		// a bare name is a secret's (ATTACH 'ducklake:my_secret'), not a catalog path
		auto end_quote = text.find('\'', position);
		bool secret_name = end_quote != std::string::npos && end_quote > position;
		for (size_t i = position; secret_name && i < end_quote; i++) {
			secret_name = IsNameChar(text[i]);
		}
		if (named || secret_name) {
			continue;
		}
		if (backend == "postgres") {
			auto end = text.find('\'', position);
			if (end == std::string::npos) {
				break;
			}
			text = postgres_lakes->RewriteAttach(text, position, end);
			continue;
		}
		text.insert(position, backend + ":");
	}
	return text;
}

} // namespace inlake_test

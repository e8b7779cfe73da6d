#include "paths_model.hpp"

namespace inlake_random {

std::string QuoteName(const std::string &name) {
	std::string quoted = "\"";
	for (auto c : name) {
		quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
	}
	return quoted + "\"";
}

std::string PathsTable::Sql(const std::string &alias) const {
	return alias + "." + QuoteName(schema) + "." + QuoteName(name);
}

std::vector<std::string> PathsTable::Render() const {
	std::vector<std::string> lines;
	for (auto &row : rows) {
		lines.push_back(std::to_string(row.first) + "|" + row.second);
	}
	return lines;
}

static bool Matches(int64_t key, int64_t modulus, int64_t remainder) {
	return key % modulus == remainder;
}

void PathsTable::Delete(int64_t modulus, int64_t remainder) {
	for (auto it = rows.begin(); it != rows.end();) {
		it = Matches(it->first, modulus, remainder) ? rows.erase(it) : std::next(it);
	}
}

void PathsTable::Update(int64_t modulus, int64_t remainder, const std::string &suffix) {
	for (auto &row : rows) {
		if (Matches(row.first, modulus, remainder)) {
			row.second += suffix;
		}
	}
}

} // namespace inlake_random

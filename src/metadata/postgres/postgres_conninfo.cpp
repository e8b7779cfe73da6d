#include "metadata/postgres/postgres_conninfo.hpp"

#include "metadata/postgres/postgres_password_mask.hpp"

#include "duckdb/common/exception.hpp"

#include <libpq-fe.h>
#include <vector>

namespace inlake {

namespace {

//! The keywords libpq parsed out of `conninfo`, in libpq's order, with their values (only those set).
std::vector<std::pair<std::string, std::string>> Parse(const std::string &conninfo) {
	char *error = nullptr;
	auto parsed = PQconninfoParse(conninfo.c_str(), &error);
	if (!parsed) {
		std::string message = error ? error : "invalid connection string";
		PQfreemem(error);
		while (!message.empty() && (message.back() == '\n' || message.back() == ' ')) {
			message.pop_back();
		}
		// libpq quotes a malformed URI whole, or the component it could not decode
		throw duckdb::InvalidInputException("Invalid PostgreSQL connection string: %s",
		                                    MaskPostgresPasswords(message, conninfo));
	}
	std::vector<std::pair<std::string, std::string>> result;
	for (auto option = parsed; option->keyword; option++) {
		if (option->val && *option->val) {
			result.emplace_back(option->keyword, option->val);
		}
	}
	PQconninfoFree(parsed);
	return result;
}

//! A value as libpq's keyword/value syntax quotes it.
std::string Quoted(const std::string &value) {
	std::string result = "'";
	for (char c : value) {
		if (c == '\'' || c == '\\') {
			result += '\\';
		}
		result += c;
	}
	return result + "'";
}

} // namespace

std::string CompleteConninfo(const std::string &conninfo, const std::map<std::string, std::string> &overrides,
                             const std::map<std::string, std::string> &defaults) {
	if (overrides.empty() && defaults.empty()) {
		return conninfo; // as given (a URI stays a URI)
	}
	std::map<std::string, std::string> settings(defaults.begin(), defaults.end());
	for (auto &entry : Parse(conninfo)) {
		settings[entry.first] = entry.second;
	}
	for (auto &entry : overrides) {
		settings[entry.first] = entry.second;
	}
	std::string result;
	for (auto &entry : settings) {
		result += (result.empty() ? "" : " ") + entry.first + "=" + Quoted(entry.second);
	}
	Parse(result); // an unknown keyword (from METADATA_PARAMETERS) is an error naming it
	return result;
}

std::string ConninfoPassword(const std::string &conninfo) {
	for (auto &entry : Parse(conninfo)) {
		if (entry.first == "password") {
			return entry.second;
		}
	}
	return std::string();
}

std::string RedactedPostgresConninfo(const std::string &conninfo) {
	std::vector<std::pair<std::string, std::string>> settings;
	try {
		settings = Parse(conninfo);
	} catch (std::exception &) {
		return "(an invalid connection string)";
	}
	std::string result;
	for (auto &entry : settings) {
		result += (result.empty() ? "" : " ") + entry.first + "=" + (entry.first == "password" ? "***" : entry.second);
	}
	return result;
}

} // namespace inlake

#include "common/lake_paths.hpp"

#include <climits>
#include <cstdlib>
#include <vector>

namespace inlake {

std::string WithTrailingSlash(const std::string &path) {
	return path.empty() || path.back() == '/' ? path : path + "/";
}

static bool HasFileScheme(const std::string &path) {
	return path.size() >= 7 && (path.compare(0, 7, "file://") == 0 || path.compare(0, 7, "FILE://") == 0);
}

std::string WithoutFileScheme(const std::string &path) {
	if (!HasFileScheme(path)) {
		return path;
	}
	auto rest = path.substr(7);
	if (rest.compare(0, 10, "localhost/") == 0) {
		rest = rest.substr(9);
	}
	return rest;
}

bool IsUrlPath(const std::string &path) {
	if (HasFileScheme(path)) {
		return false;
	}
	auto scheme_end = path.find("://");
	if (scheme_end == std::string::npos || scheme_end == 0) {
		return false;
	}
	for (size_t i = 0; i < scheme_end; i++) {
		char c = path[i];
		bool scheme_char = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '+' ||
		                   c == '-' || c == '.';
		if (!scheme_char) {
			return false;
		}
	}
	return true;
}

std::string LexicallyNormal(const std::string &path_p) {
	auto path = WithoutFileScheme(path_p);
	if (path.empty() || path[0] != '/' || IsUrlPath(path)) {
		return path;
	}
	std::vector<std::string> parts;
	std::string last_part;
	size_t start = 1;
	while (start <= path.size()) {
		auto end = path.find('/', start);
		if (end == std::string::npos) {
			end = path.size();
		}
		auto part = path.substr(start, end - start);
		last_part = part;
		if (part == "..") {
			if (!parts.empty()) {
				parts.pop_back();
			}
		} else if (!part.empty() && part != ".") {
			parts.push_back(part);
		}
		start = end + 1;
	}
	std::string result;
	for (auto &part : parts) {
		result += "/" + part;
	}
	bool folder = last_part.empty() || last_part == "." || last_part == "..";
	if (result.empty()) {
		return "/";
	}
	return folder ? result + "/" : result;
}

std::string AbsoluteLocalPath(const std::string &path_p, const std::string &base_folder) {
	auto path = WithoutFileScheme(path_p);
	if (IsUrlPath(path)) {
		return path;
	}
	return LexicallyNormal(!path.empty() && path[0] == '/' ? path : WithTrailingSlash(base_folder) + path);
}

bool PathIsUnder(const std::string &path, const std::string &folder) {
	return path.compare(0, folder.size(), folder) == 0 || path + "/" == folder;
}

static bool Resolve(const std::string &path, std::string &resolved) {
	char buffer[PATH_MAX];
	if (!realpath(path.c_str(), buffer)) {
		return false;
	}
	resolved = buffer;
	return true;
}

std::string CanonicalLocalPath(const std::string &path) {
	if (path.empty() || path[0] != '/' || IsUrlPath(path)) {
		return path;
	}
	bool folder = path.back() == '/';
	auto trimmed = folder && path.size() > 1 ? path.substr(0, path.size() - 1) : path;
	// the longest prefix that exists, resolved; what follows it is appended as written
	std::string missing;
	auto existing = trimmed;
	std::string resolved;
	while (!Resolve(existing, resolved)) {
		auto slash = existing.find_last_of('/');
		if (slash == std::string::npos || existing == "/") {
			return path;
		}
		missing = existing.substr(slash) + missing;
		existing = slash == 0 ? "/" : existing.substr(0, slash);
	}
	auto result = resolved == "/" ? missing : resolved + missing;
	if (result.empty()) {
		result = "/";
	}
	return folder ? WithTrailingSlash(result) : result;
}

} // namespace inlake

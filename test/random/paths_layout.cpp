#include "paths_layout.hpp"

#include <filesystem>

namespace inlake_random {

namespace fs = std::filesystem;

std::string PathsBackendName(PathsBackend backend) {
	switch (backend) {
	case PathsBackend::DUCKDB:
		return "duckdb";
	case PathsBackend::SQLITE:
		return "sqlite";
	case PathsBackend::POSTGRES:
		return "postgres";
	}
	return "?";
}

std::string SqlString(const std::string &text) {
	std::string quoted = "'";
	for (auto c : text) {
		quoted += c == '\'' ? std::string("''") : std::string(1, c);
	}
	return quoted + "'";
}

std::string ShellQuote(const std::string &text) {
	std::string quoted = "'";
	for (auto c : text) {
		quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
	}
	return quoted + "'";
}

//! Folder names for a data path: glob characters, spaces, quotes, unicode, a leading dash, braces.
static const std::vector<std::string> DATA_NAMES = {
    "data", "lake[12]", "lake*", "d?ta", "my data", "dätä ü", "データ", "a[b]c", "l]a[ke", "it's", "lake{1,2}",
    "x*y?z", "-data", "[data]", "lake[!x]", "da\\ta"};

//! A name `pattern` matches when read as a glob (`first`: the first alternative of each class); the name plus
//! "2" when it holds no glob character (a sibling a prefix comparison would take for it).
static std::string GlobInstance(const std::string &pattern, bool first) {
	std::string name;
	for (size_t i = 0; i < pattern.size(); i++) {
		auto c = pattern[i];
		auto close = c == '[' ? pattern.find(']', i + 2) : std::string::npos;
		if (c == '*') {
			name += first ? "zz" : "";
		} else if (c == '?') {
			name += first ? "q" : "Q";
		} else if (close != std::string::npos) {
			auto set = pattern.substr(i + 1, close - i - 1);
			bool negated = set[0] == '!' || set[0] == '^';
			name += negated ? (first ? "y" : "z") : std::string(1, first ? set.front() : set.back());
			i = close;
		} else {
			name += c;
		}
	}
	if (name == pattern) {
		name += first ? "2" : "_backup";
	}
	return name;
}

static std::string CatalogName(Rng &rng, PathsBackend backend) {
	static const std::vector<std::string> stems = {"lake", "lake[1]", "cat alog", "ü", "lake*"};
	return rng.Pick(stems) + (backend == PathsBackend::SQLITE ? ".sqlite" : ".duckdb");
}

PathsLayout MakeLayout(Rng &rng, const std::string &root, PathsBackend backend, bool with_known_defects) {
	PathsLayout layout;
	layout.root = root;
	layout.home = root + "/home";
	layout.lake_home = root + "/w";
	layout.cwds = {root, layout.lake_home, layout.lake_home + "/sub", root + "/other", layout.home};
	bool catalog_outside = rng.Percent(25);
	auto catalog_dir = catalog_outside ? root + "/cat" : layout.lake_home;
	if (backend != PathsBackend::POSTGRES) {
		layout.catalog_file = catalog_dir + "/" + CatalogName(rng, backend);
	}
	layout.create_cwd = rng.Pick(layout.cwds);
	std::string name;
	if (backend != PathsBackend::POSTGRES && !catalog_outside && rng.Percent(15)) {
		name = fs::path(layout.catalog_file).filename().string() + ".files"; // the default, no DATA_PATH
	} else {
		name = rng.Pick(DATA_NAMES);
		if (!with_known_defects && static_cast<unsigned char>(name.back()) >= 0x80) {
			name += "_1";
		}
	}
	layout.data_path = layout.lake_home + "/" + name;
	if (name.size() < 6 || name.substr(name.size() - 6) != ".files") {
		layout.data_spelling = SpellPath(rng, layout.data_path, layout.create_cwd, layout.home);
	}
	layout.sentinel_data = layout.lake_home + "/" + GlobInstance(name, true);
	layout.sentinel_catalog = layout.lake_home + "/sentinel.duckdb";
	layout.neighbour = layout.lake_home + "/" + GlobInstance(name, false);
	return layout;
}

static std::vector<std::string> Components(const fs::path &path) {
	std::vector<std::string> parts;
	for (auto &part : path) {
		auto text = part.string();
		if (!text.empty() && text != "/") {
			parts.push_back(text);
		}
	}
	return parts;
}

static std::string Join(Rng &rng, const std::vector<std::string> &parts) {
	std::string path;
	for (size_t i = 0; i < parts.size(); i++) {
		if (i > 0) {
			auto roll = rng.Below(100);
			path += roll < 15 ? "//" : roll < 25 ? "/./" : "/";
		}
		path += parts[i];
		bool detour = i + 1 < parts.size() && parts[i] != ".." && parts[i] != "~" && rng.Percent(10);
		if (detour) {
			path += "/../" + parts[i]; // the folder exists: it is on the way to the target
		}
	}
	return path;
}

std::string SpellPath(Rng &rng, const std::string &target, const std::string &cwd, const std::string &home) {
	auto roll = rng.Below(100);
	bool under_home = !home.empty(); // every folder of the layout is reached from root/home (`~/../w/...`)
	std::string path;
	if (roll < 25) {
		path = "/" + Join(rng, Components(target));
	} else if (roll < 40 && under_home) {
		auto parts = Components(fs::path(target).lexically_relative(home));
		parts.insert(parts.begin(), "~");
		path = Join(rng, parts);
	} else {
		path = (rng.Percent(30) ? "./" : "") + Join(rng, Components(fs::path(target).lexically_relative(cwd)));
	}
	static const std::vector<std::string> trailing = {"", "", "/", "/", "//", "/."};
	return path + rng.Pick(trailing);
}

std::string SpellFile(Rng &rng, const std::string &target, const std::string &cwd, const std::string &home) {
	auto folder = SpellPath(rng, fs::path(target).parent_path().string(), cwd, home);
	while (!folder.empty() && folder.back() == '/') {
		folder.pop_back();
	}
	if (folder.size() >= 2 && folder.substr(folder.size() - 2) == "/.") {
		folder.resize(folder.size() - 2);
	}
	auto name = fs::path(target).filename().string();
	return folder.empty() || folder == "." ? name : folder + "/" + name;
}

} // namespace inlake_random

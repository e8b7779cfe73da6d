#include "paths_files.hpp"

#include <cstdio>
#include <filesystem>
#include <fstream>

namespace inlake_random {

namespace fs = std::filesystem;

std::string LakeFileName(Rng &rng) {
	static const char *hex = "0123456789abcdef";
	std::string uuid;
	for (int i = 0; i < 32; i++) {
		uuid += i == 12 ? '7' : hex[rng.Below(16)];
		if (i == 7 || i == 11 || i == 15 || i == 19) {
			uuid += '-';
		}
	}
	return "ducklake-" + uuid + ".parquet";
}

std::string PlantUserFile(Rng &rng, const std::string &folder) {
	fs::create_directories(folder);
	auto path = folder + "/" + LakeFileName(rng);
	std::ofstream out(path, std::ios::binary);
	auto size = rng.Range(10, 3000);
	for (int64_t i = 0; i < size; i++) {
		out.put(char(rng.Below(256)));
	}
	return path;
}

static bool Excluded(const std::string &path, const std::vector<std::string> &excluded) {
	for (auto &ex : excluded) {
		if (path == ex || path.rfind(ex + "/", 0) == 0) {
			return true;
		}
	}
	return false;
}

FileSizes ListFiles(const std::string &folder, const std::vector<std::string> &excluded) {
	FileSizes files;
	std::error_code ec;
	for (fs::recursive_directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
		auto path = it->path().lexically_normal().string();
		if (Excluded(path, excluded)) {
			if (it->is_directory(ec) && !it->is_symlink(ec)) {
				it.disable_recursion_pending();
			}
			continue;
		}
		if (it->is_symlink(ec)) {
			files[path] = -2;
		} else if (it->is_directory(ec)) {
			files[path] = -1;
		} else {
			files[path] = int64_t(it->file_size(ec));
		}
	}
	return files;
}

static std::string Kind(int64_t size) {
	return size == -1 ? "folder" : size == -2 ? "link" : std::to_string(size) + " bytes";
}

std::string DiffFiles(const FileSizes &before, const FileSizes &after) {
	std::string diff;
	for (auto &entry : before) {
		auto found = after.find(entry.first);
		if (found == after.end()) {
			diff += "  gone: " + entry.first + " (" + Kind(entry.second) + ")\n";
		} else if (found->second != entry.second) {
			diff += "  changed: " + entry.first + " (" + Kind(entry.second) + " -> " + Kind(found->second) + ")\n";
		}
	}
	for (auto &entry : after) {
		if (!before.count(entry.first)) {
			diff += "  new: " + entry.first + " (" + Kind(entry.second) + ")\n";
		}
	}
	return diff;
}

static std::string Resolved(const std::string &path, const std::string &data_path) {
	if (path.empty() || path[0] == '/') {
		return fs::path(path).lexically_normal().string();
	}
	return fs::path(data_path + "/" + path).lexically_normal().string();
}

LakeFileSet LakeFiles(SqlSession &lake, const std::string &l, const std::string &data_path) {
	auto table = [&](const std::string &name) { return "ducklake_catalog_table('" + l + "', '" + name + "')"; };
	// a relative file path is relative to its table's path, relative to its schema's, relative to the data path
	auto sql =
	    "WITH tab AS (SELECT DISTINCT ON (table_id) table_id, schema_id, path, path_is_relative FROM " +
	    table("ducklake_table") + " ORDER BY table_id, begin_snapshot DESC), "
	    "sch AS (SELECT DISTINCT ON (schema_id) schema_id, path, path_is_relative FROM " + table("ducklake_schema") +
	    " ORDER BY schema_id, begin_snapshot DESC), "
	    "files AS (SELECT table_id, path, path_is_relative FROM " + table("ducklake_data_file") +
	    " UNION ALL SELECT table_id, path, path_is_relative FROM " + table("ducklake_delete_file") + ") "
	    "SELECT CASE WHEN f.path_is_relative THEN (CASE WHEN t.path_is_relative THEN s.path || t.path ELSE t.path END) || f.path ELSE f.path END "
	    "FROM files f LEFT JOIN tab t USING (table_id) LEFT JOIN sch s ON s.schema_id = t.schema_id";
	LakeFileSet files;
	for (auto &path : lake.Column(sql)) {
		files.referenced.insert(Resolved(path, data_path));
	}
	for (auto &path : lake.Column("SELECT path FROM " + table("ducklake_files_scheduled_for_deletion"))) {
		files.scheduled.insert(Resolved(path, data_path));
	}
	return files;
}

std::set<std::string> FilesUnder(const std::string &folder) {
	std::set<std::string> files;
	std::error_code ec;
	for (fs::recursive_directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
		if (it->is_regular_file(ec)) {
			files.insert(it->path().lexically_normal().string());
		}
	}
	return files;
}

} // namespace inlake_random

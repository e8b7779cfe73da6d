#include "catalog_files.hpp"
#include "lake_backend.hpp"

#include <filesystem>

namespace inlake_random {

std::string ResolvedDataPathSql(const std::string &md) {
	return "(SELECT CASE WHEN value LIKE '/%' OR value LIKE '%://%' THEN value ELSE (SELECT regexp_replace(path, "
	       "'[^/]*$', '') FROM duckdb_databases() WHERE database_name = '" + md + "') || value END FROM " +
	       CatalogTable(md, "ducklake_metadata") + " WHERE key = 'data_path' AND scope IS NULL)";
}

bool IsLakeMarker(const std::string &path) {
	return std::filesystem::path(path).filename() == ".inlake-lake";
}

std::set<std::string> ReferencedFiles(SqlSession &lake, const std::string &md) {
	auto sql =
	    "WITH meta AS (SELECT " + ResolvedDataPathSql(md) + " AS data_path), "
	    "tab AS (SELECT DISTINCT ON (table_id) table_id, schema_id, path, path_is_relative FROM " + CatalogTable(md, "ducklake_table") + " ORDER BY table_id, begin_snapshot DESC), "
	    "sch AS (SELECT DISTINCT ON (schema_id) schema_id, path, path_is_relative FROM " + CatalogTable(md, "ducklake_schema") + " ORDER BY schema_id, begin_snapshot DESC), "
	    "files AS (SELECT table_id, path, path_is_relative FROM " + CatalogTable(md, "ducklake_data_file") + " UNION ALL "
	    "SELECT table_id, path, path_is_relative FROM " + CatalogTable(md, "ducklake_delete_file") + ") "
	    "SELECT CASE WHEN f.path_is_relative THEN (CASE WHEN t.path_is_relative THEN (CASE WHEN s.path_is_relative "
	    "THEN meta.data_path || s.path ELSE s.path END) || t.path ELSE t.path END) || f.path ELSE f.path END "
	    "FROM files f LEFT JOIN tab t USING (table_id) LEFT JOIN sch s ON s.schema_id = t.schema_id, meta";
	std::set<std::string> paths;
	for (auto &path : lake.Column(sql)) {
		paths.insert(path);
	}
	return paths;
}

std::vector<std::string> MissingFiles(const std::set<std::string> &referenced) {
	std::vector<std::string> missing;
	for (auto &path : referenced) {
		if (path == "NULL" || !std::filesystem::exists(path)) {
			missing.push_back(path);
		}
	}
	return missing;
}

std::set<std::string> FilesOnDisk(const std::string &data_path) {
	std::set<std::string> files;
	if (!std::filesystem::exists(data_path)) {
		return files;
	}
	for (auto &entry : std::filesystem::recursive_directory_iterator(data_path)) {
		if (entry.is_regular_file()) {
			files.insert(entry.path().string());
		}
	}
	return files;
}

} // namespace inlake_random

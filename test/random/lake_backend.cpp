#include "lake_backend.hpp"

#include <stdexcept>

namespace inlake_random {

Backend ParseBackend(const std::string &name) {
	if (name == "duckdb") {
		return Backend::DUCKDB;
	}
	if (name == "sqlite") {
		return Backend::SQLITE;
	}
	throw std::invalid_argument("unknown backend \"" + name + "\" (duckdb, sqlite)");
}

std::string BackendName(Backend backend) {
	switch (backend) {
	case Backend::DUCKDB:
		return "duckdb";
	case Backend::SQLITE:
		return "sqlite";
	}
	return "?";
}

std::vector<Backend> AllBackends() {
	return {Backend::DUCKDB, Backend::SQLITE};
}

static std::string CatalogLocation(Backend backend, const std::string &dir) {
	switch (backend) {
	case Backend::DUCKDB:
		return "ducklake:" + dir + "/lake.duckdb";
	case Backend::SQLITE:
		return "ducklake:sqlite:" + dir + "/lake.sqlite";
	}
	throw std::logic_error("unhandled backend");
}

std::string DataPath(const std::string &dir) {
	return dir + "/data/";
}

std::string AttachSql(Backend backend, const std::string &dir, const std::string &alias, int inlining_limit) {
	return "ATTACH '" + CatalogLocation(backend, dir) + "' AS " + alias + " (DATA_PATH '" + DataPath(dir) +
	       "', DATA_INLINING_ROW_LIMIT " + std::to_string(inlining_limit) + ")";
}

std::string MetadataCatalog(const std::string &alias) {
	return alias;
}

std::string CatalogTable(const std::string &lake, const std::string &table) {
	return "ducklake_catalog_table('" + lake + "', '" + table + "')";
}

} // namespace inlake_random

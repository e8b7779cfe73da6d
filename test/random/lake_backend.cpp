#include "lake_backend.hpp"

#include "postgres_catalogs.hpp"

#include <stdexcept>

namespace inlake_random {

Backend ParseBackend(const std::string &name) {
	if (name == "duckdb") {
		return Backend::DUCKDB;
	}
	if (name == "sqlite") {
		return Backend::SQLITE;
	}
	if (name == "postgres") {
		return Backend::POSTGRES;
	}
	throw std::invalid_argument("unknown backend \"" + name + "\" (duckdb, sqlite, postgres)");
}

std::string BackendName(Backend backend) {
	switch (backend) {
	case Backend::DUCKDB:
		return "duckdb";
	case Backend::SQLITE:
		return "sqlite";
	case Backend::POSTGRES:
		return "postgres";
	}
	return "?";
}

std::vector<Backend> AllBackends() {
	return {Backend::DUCKDB, Backend::SQLITE, Backend::POSTGRES};
}

std::string BackendUnavailable(Backend backend) {
	if (backend == Backend::POSTGRES && PostgresServer().empty()) {
		return "no PostgreSQL test server (set INLAKE_TEST_PG to a conninfo, e.g. what scripts/pg-cluster.sh start "
		       "prints; scripts/test.sh starts one)";
	}
	return "";
}

FeatureSet BackendFeatures(Backend backend, FeatureSet features) {
	if (backend == Backend::POSTGRES) {
		features.ExcludeList("nested-nul");
		features.ExcludeList("partition-nul");
	}
	return features;
}

void CreateCatalog(Backend backend, const std::string &dir) {
	if (backend == Backend::POSTGRES) {
		CreatePostgresDatabase(dir);
	}
}

void DropCatalog(Backend backend, const std::string &dir) {
	if (backend == Backend::POSTGRES) {
		DropPostgresDatabase(dir);
	}
}

static std::string QuoteSqlString(const std::string &text) {
	std::string result;
	for (char c : text) {
		result += c == '\'' ? std::string("''") : std::string(1, c);
	}
	return result;
}

static std::string CatalogLocation(Backend backend, const std::string &dir) {
	switch (backend) {
	case Backend::DUCKDB:
		return "ducklake:" + dir + "/lake.duckdb";
	case Backend::SQLITE:
		return "ducklake:sqlite:" + dir + "/lake.sqlite";
	case Backend::POSTGRES:
		return "ducklake:postgres:" + PostgresServer() + " dbname=" + PostgresDatabase(dir);
	}
	throw std::logic_error("unhandled backend");
}

std::string DataPath(const std::string &dir) {
	return dir + "/data/";
}

std::string AttachSql(Backend backend, const std::string &dir, const std::string &alias, int inlining_limit,
                      bool encrypted) {
	return "ATTACH '" + QuoteSqlString(CatalogLocation(backend, dir)) + "' AS " + alias + " (DATA_PATH '" + DataPath(dir) +
	       "', DATA_INLINING_ROW_LIMIT " + std::to_string(inlining_limit) + (encrypted ? ", ENCRYPTED" : "") + ")";
}

std::string MetadataCatalog(const std::string &alias) {
	return alias;
}

std::string CatalogTable(const std::string &lake, const std::string &table) {
	return "ducklake_catalog_table('" + lake + "', '" + table + "')";
}

} // namespace inlake_random

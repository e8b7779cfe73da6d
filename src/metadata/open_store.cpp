#include "metadata/open_store.hpp"

#include "metadata/duckdb/duckdb_store_open.hpp"

#include "duckdb/common/exception.hpp"

namespace inlake {

std::shared_ptr<MetadataStore> OpenMetadataStore(duckdb::ClientContext &context, const LakeOptions &options) {
	switch (options.backend) {
	case CatalogBackend::DUCKDB:
		return OpenDuckDBStore(context, options);
	case CatalogBackend::SQLITE:
		throw duckdb::NotImplementedException("Cannot attach DuckLake \"%s\": SQLite catalogs (ducklake:sqlite:) "
		                                      "are not built yet; use a DuckDB file (ducklake:PATH)",
		                                      options.lake_name);
	case CatalogBackend::POSTGRES:
		throw duckdb::NotImplementedException("Cannot attach DuckLake \"%s\": PostgreSQL catalogs "
		                                      "(ducklake:postgres:) are not built yet; use a DuckDB file "
		                                      "(ducklake:PATH)",
		                                      options.lake_name);
	}
	throw duckdb::InternalException("unknown catalog backend");
}

} // namespace inlake

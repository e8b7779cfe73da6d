#include "metadata/open_store.hpp"

#include "common/lake_paths.hpp"
#include "metadata/duckdb/duckdb_store_open.hpp"
#include "metadata/postgres/postgres_store_open.hpp"
#include "metadata/sqlite/sqlite_store_open.hpp"

#include "duckdb/common/exception.hpp"

namespace inlake {

void CheckCatalogCanBeCreated(duckdb::FileSystem &fs, const LakeOptions &options) {
	bool pinned = options.snapshot_version >= 0;
	if (options.read_only || pinned || !options.create_if_not_exists) {
		throw duckdb::IOException("Cannot attach DuckLake \"%s\": the catalog database \"%s\" does not exist%s",
		                          options.lake_name, options.metadata_path,
		                          options.read_only ? " (and READ_ONLY cannot create it)"
		                          : pinned          ? " (and SNAPSHOT_VERSION cannot create it)"
		                                            : "");
	}
	auto folder = ParentFolder(options.metadata_path);
	if (!folder.empty() && !fs.IsRemoteFile(folder) && !fs.DirectoryExists(folder)) {
		throw duckdb::IOException("Cannot attach DuckLake \"%s\": the folder \"%s\" of the catalog database does "
		                          "not exist",
		                          options.lake_name, folder);
	}
}


std::shared_ptr<MetadataStore> OpenMetadataStore(duckdb::ClientContext &context, const LakeOptions &options) {
	switch (options.backend) {
	case CatalogBackend::DUCKDB:
		return OpenDuckDBStore(context, options);
	case CatalogBackend::SQLITE:
		return OpenSQLiteStore(context, options);
	case CatalogBackend::POSTGRES:
		return OpenPostgresStore(context, options);
	}
	throw duckdb::InternalException("unknown catalog backend");
}

} // namespace inlake

#include "metadata/postgres/postgres_store_open.hpp"

#include "metadata/postgres/postgres_connection.hpp"
#include "metadata/sql/sql_metadata_store.hpp"
#include "metadata/sql_literal.hpp"

#include "metadata/postgres/postgres_conninfo.hpp"

namespace inlake {

//! PostgreSQL's limit on the columns of a table
static constexpr size_t kPostgresMaxColumns = 1600;
//! PostgreSQL cuts longer names (NAMEDATALEN - 1): two long schema names would name one schema
static constexpr size_t kPostgresMaxNameBytes = 63;

std::shared_ptr<MetadataStore> OpenPostgresStore(duckdb::ClientContext &context, const LakeOptions &options) {
	PostgresOpenOptions open_options;
	open_options.conninfo =
	    CompleteConninfo(options.metadata_path, options.metadata_parameters, options.connection_defaults);
	open_options.schema = options.metadata_schema_given ? options.metadata_schema : "public";
	if (open_options.schema.empty()) {
		throw duckdb::InvalidInputException("Cannot attach DuckLake \"%s\": METADATA_SCHEMA must not be empty",
		                                    options.lake_name);
	}
	if (open_options.schema.size() > kPostgresMaxNameBytes) {
		throw duckdb::InvalidInputException(
		    "Cannot attach DuckLake \"%s\": METADATA_SCHEMA \"%s\" is %llu bytes long, and PostgreSQL cuts names "
		    "after %llu bytes",
		    options.lake_name, open_options.schema, static_cast<unsigned long long>(open_options.schema.size()),
		    static_cast<unsigned long long>(kPostgresMaxNameBytes));
	}
	std::unique_ptr<PostgresConnection> connection;
	try {
		connection.reset(new PostgresConnection(open_options));
		if (!options.read_only && options.create_if_not_exists && options.snapshot_version < 0 &&
		    !connection->TableExists("ducklake_metadata")) {
			connection->CreateSchemaIfMissing();
		}
	} catch (std::exception &error) {
		throw duckdb::IOException("Cannot attach DuckLake \"%s\": %s", options.lake_name,
		                          duckdb::ErrorData(error).RawMessage());
	}
	SqlStoreConfig config;
	config.prefix = SqlIdentifier(open_options.schema) + ".";
	config.display_name = "postgres:" + RedactedPostgresConninfo(open_options.conninfo);
	config.max_table_columns = kPostgresMaxColumns;
	config.text_holds_nul = false;
	config.open_connection = [open_options]() {
		return std::unique_ptr<CatalogConnection>(new PostgresConnection(open_options));
	};
	std::unique_ptr<CatalogConnection> base(connection.release());
	return std::make_shared<SqlMetadataStore>(*context.db, std::move(base), std::move(config));
}

} // namespace inlake

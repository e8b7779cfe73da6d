#include "metadata/sqlite/sqlite_store_open.hpp"

#include "metadata/open_store.hpp"
#include "metadata/sql/sql_metadata_store.hpp"
#include "metadata/sqlite/sqlite_connection.hpp"

#include "duckdb/common/file_system.hpp"

namespace inlake {

std::shared_ptr<MetadataStore> OpenSQLiteStore(duckdb::ClientContext &context, const LakeOptions &options) {
	if (options.metadata_schema != "main") {
		throw duckdb::InvalidInputException("Cannot attach DuckLake \"%s\": METADATA_SCHEMA \"%s\" is not supported on "
		                                    "a SQLite catalog (a SQLite file has one schema)",
		                                    options.lake_name, options.metadata_schema);
	}
	auto &fs = duckdb::FileSystem::GetFileSystem(context);
	auto path = options.metadata_path;
	if (path.empty() || path == ":memory:" || path.rfind("file:", 0) == 0) {
		throw duckdb::InvalidInputException("Cannot attach DuckLake \"%s\": \"%s\" is not a SQLite catalog file path "
		                                    "(in-memory databases and SQLite URI names are not supported)",
		                                    options.lake_name, path);
	}
	bool exists = fs.FileExists(path);
	if (!exists) {
		CheckCatalogCanBeCreated(fs, options);
	}
	SqlStoreConfig config;
	config.default_data_path = path + ".files/";
	config.display_name = path;
	if (!exists) {
		config.created_files = {path, path + "-wal", path + "-shm", path + ".lock"};
	}
	SQLiteOpenOptions reopen;
	reopen.read_only = options.read_only;
	config.open_connection = [path, reopen]() {
		return std::unique_ptr<CatalogConnection>(new SQLiteConnection(path, reopen));
	};
	std::unique_ptr<CatalogConnection> connection;
	try {
		SQLiteOpenOptions open_options = reopen;
		open_options.create = !exists;
		auto sqlite = new SQLiteConnection(path, open_options);
		connection.reset(sqlite);
		connection->HasNoTables(); // reads the file: "not a database" is an error of opening it
		config.max_table_columns = sqlite->MaxColumnsPerTable();
	} catch (std::exception &error) {
		for (auto &created : config.created_files) {
			fs.TryRemoveFile(created);
		}
		auto message = duckdb::ErrorData(error).RawMessage();
		if (message.find("file is not a database") != std::string::npos) { // SQLite's SQLITE_NOTADB text
			throw duckdb::IOException("Cannot attach DuckLake \"%s\": \"%s\" is not a SQLite database",
			                          options.lake_name, path);
		}
		throw duckdb::IOException("Cannot attach DuckLake \"%s\": failed to open the SQLite catalog \"%s\": %s",
		                          options.lake_name, path, message);
	}
	return std::make_shared<SqlMetadataStore>(*context.db, std::move(connection), std::move(config));
}

} // namespace inlake

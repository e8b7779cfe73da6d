#include "catalog/lake_storage_extension.hpp"

#include "catalog/lake_catalog.hpp"
#include "transaction/lake_transaction.hpp"
#include "transaction/lake_transaction_manager.hpp"

#include "duckdb/common/string_util.hpp"
#include "duckdb/main/attached_database.hpp"
#include "duckdb/parser/parsed_data/attach_info.hpp"

namespace inlake {

static duckdb::unique_ptr<duckdb::Catalog> AttachLake(duckdb::optional_ptr<duckdb::StorageExtensionInfo> storage_info,
                                                      duckdb::ClientContext &context, duckdb::AttachedDatabase &db,
                                                      const std::string &name, duckdb::AttachInfo &info,
                                                      duckdb::AttachOptions &attach_options) {
	auto path = info.path;
	if (duckdb::StringUtil::StartsWith(path, "ducklake:")) {
		path = path.substr(9);
	}
	bool read_only = attach_options.access_mode == duckdb::AccessMode::READ_ONLY;
	auto options = ParseAttachOptions(name, path, attach_options.options, read_only);
	return duckdb::make_uniq<LakeCatalog>(db, std::move(options));
}

static duckdb::unique_ptr<duckdb::TransactionManager>
CreateLakeTransactionManager(duckdb::optional_ptr<duckdb::StorageExtensionInfo> storage_info,
                             duckdb::AttachedDatabase &db, duckdb::Catalog &catalog) {
	return duckdb::make_uniq<LakeTransactionManager>(db, catalog.Cast<LakeCatalog>());
}

LakeStorageExtension::LakeStorageExtension() {
	attach = AttachLake;
	create_transaction_manager = CreateLakeTransactionManager;
}

} // namespace inlake

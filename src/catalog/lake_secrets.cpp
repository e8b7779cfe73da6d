#include "catalog/lake_secrets.hpp"

#include "metadata/postgres/postgres_password_mask.hpp"

#include "duckdb/catalog/catalog_transaction.hpp"
#include "duckdb/common/file_system.hpp"
#include "duckdb/common/string_util.hpp"
#include "duckdb/main/secret/secret.hpp"
#include "duckdb/main/secret/secret_manager.hpp"

#include <algorithm>

namespace inlake {

void CheckCatalogIsNoLake(const std::string &path, const std::string &what) {
	if (duckdb::StringUtil::StartsWith(duckdb::StringUtil::Lower(path), "ducklake:")) {
		// the catalog database is attached through DuckDB: 'ducklake:' would attach a lake as its own catalog, and
		// a secret naming itself would do so without end
		throw duckdb::InvalidInputException("%s is \"%s\": a DuckLake catalog database cannot be another DuckLake "
		                                    "lake (give the catalog database itself, without 'ducklake:')",
		                                    what, path);
	}
}

using duckdb::LogicalType;
using duckdb::Value;

namespace {

//! The ducklake secret's settings that are ATTACH options, and the ATTACH option each becomes
const std::vector<std::pair<std::string, std::string>> kSecretOptions = {
    {"data_path", "data_path"},           {"metadata_schema", "metadata_schema"},
    {"metadata_catalog", "metadata_catalog"}, {"data_inlining_row_limit", "data_inlining_row_limit"}};

const std::vector<std::string> kPostgresKeys = {"host", "port", "user", "password", "database", "dbname"};

duckdb::unique_ptr<duckdb::BaseSecret> CreateLakeSecret(duckdb::ClientContext &, duckdb::CreateSecretInput &input) {
	auto secret = duckdb::make_uniq<duckdb::KeyValueSecret>(input.scope, input.type, input.provider, input.name);
	for (auto &entry : input.options) {
		secret->secret_map[duckdb::StringUtil::Lower(entry.first)] = entry.second;
	}
	auto metadata_path = secret->secret_map.find("metadata_path");
	auto path_text = metadata_path == secret->secret_map.end() ? std::string() : metadata_path->second.ToString();
	duckdb::StringUtil::Trim(path_text);
	if (metadata_path == secret->secret_map.end() || metadata_path->second.IsNull() ||
	    metadata_path->second.type().id() != duckdb::LogicalTypeId::VARCHAR || path_text.empty()) {
		throw duckdb::InvalidInputException("A ducklake secret needs METADATA_PATH, a text (the catalog database, as "
		                                    "after 'ducklake:' in ATTACH)");
	}
	CheckCatalogIsNoLake(metadata_path->second.ToString(), "METADATA_PATH of a ducklake secret");
	// the catalog path or its parameters may hold a password: not shown by duckdb_secrets() (a path with a
	// password anywhere: password=, ?password=, a URI's user:password@, even a malformed URI's)
	secret->redact_keys = {"metadata_parameters"};
	auto path = secret->secret_map["metadata_path"].ToString();
	if (duckdb::StringUtil::Contains(duckdb::StringUtil::Lower(path), "password") || HoldsPostgresPassword(path)) {
		secret->redact_keys.insert("metadata_path");
	}
	return std::move(secret);
}

duckdb::unique_ptr<duckdb::BaseSecret> CreatePostgresSecret(duckdb::ClientContext &, duckdb::CreateSecretInput &input) {
	auto secret = duckdb::make_uniq<duckdb::KeyValueSecret>(input.scope, input.type, input.provider, input.name);
	for (auto &entry : input.options) {
		secret->secret_map[duckdb::StringUtil::Lower(entry.first)] = entry.second;
	}
	secret->redact_keys = {"password"};
	return std::move(secret);
}

bool SecretTypeExists(duckdb::SecretManager &manager, const std::string &type) {
	for (auto &known : manager.AllSecretTypes()) {
		if (duckdb::StringUtil::CIEquals(known.name, type)) {
			return true;
		}
	}
	return false;
}

void RegisterType(duckdb::SecretManager &manager, const std::string &name,
                  duckdb::create_secret_function_t function, const duckdb::named_parameter_type_map_t &parameters) {
	duckdb::SecretType type;
	type.name = name;
	type.deserializer = duckdb::KeyValueSecret::Deserialize<duckdb::KeyValueSecret>;
	type.default_provider = "config";
	type.extension = "inlake";
	manager.RegisterSecretType(type);
	duckdb::CreateSecretFunction create;
	create.secret_type = name;
	create.provider = "config";
	create.function = function;
	create.named_parameters = parameters;
	manager.RegisterSecretFunction(std::move(create), duckdb::OnCreateConflict::ERROR_ON_CONFLICT);
}

//! The key/value settings of the secret `name` of type `type`, or nullptr.
duckdb::unique_ptr<duckdb::SecretEntry> FindSecret(duckdb::ClientContext &context, const std::string &name,
                                                const std::string &type) {
	auto &manager = duckdb::SecretManager::Get(context);
	auto entry = manager.GetSecretByName(duckdb::CatalogTransaction::GetSystemCatalogTransaction(context), name);
	if (!entry || !entry->secret || !duckdb::StringUtil::CIEquals(entry->secret->GetType(), type)) {
		return nullptr;
	}
	return entry;
}

bool IsSecretName(const std::string &text) {
	if (text.empty()) {
		return false;
	}
	for (char c : text) {
		if (!isalnum(static_cast<unsigned char>(c)) && c != '_') {
			return false;
		}
	}
	return true;
}

//! The names of the session's secrets of type ducklake, as the error for a name that is none of them lists them
std::string LakeSecretNames(duckdb::ClientContext &context) {
	auto &manager = duckdb::SecretManager::Get(context);
	duckdb::vector<std::string> names;
	bool unnamed = false;
	for (auto &entry : manager.AllSecrets(duckdb::CatalogTransaction::GetSystemCatalogTransaction(context))) {
		if (!entry.secret || !duckdb::StringUtil::CIEquals(entry.secret->GetType(), "ducklake")) {
			continue;
		}
		if (entry.secret->GetName() == "__default_ducklake") {
			unnamed = true;
		} else {
			names.push_back("\"" + entry.secret->GetName() + "\"");
		}
	}
	std::sort(names.begin(), names.end());
	if (unnamed) {
		names.push_back("the unnamed one (ATTACH 'ducklake:')");
	}
	if (names.empty()) {
		return "there is no secret of type ducklake";
	}
	return std::string(names.size() > 1 ? "the secrets of type ducklake are " : "the secret of type ducklake is ") +
	       duckdb::StringUtil::Join(names, ", ");
}

} // namespace

void RegisterLakeSecretTypes(duckdb::DatabaseInstance &db) {
	auto &manager = duckdb::SecretManager::Get(db);
	if (!SecretTypeExists(manager, "ducklake")) {
		RegisterType(manager, "ducklake", CreateLakeSecret,
		             {{"metadata_path", LogicalType::VARCHAR},
		              {"data_path", LogicalType::VARCHAR},
		              {"metadata_schema", LogicalType::VARCHAR},
		              {"metadata_catalog", LogicalType::VARCHAR},
		              {"metadata_parameters", LogicalType::MAP(LogicalType::VARCHAR, LogicalType::VARCHAR)},
		              {"data_inlining_row_limit", LogicalType::UBIGINT}});
	}
	if (!SecretTypeExists(manager, "postgres")) {
		RegisterType(manager, "postgres", CreatePostgresSecret,
		             {{"host", LogicalType::VARCHAR},
		              {"port", LogicalType::VARCHAR},
		              {"user", LogicalType::VARCHAR},
		              {"password", LogicalType::VARCHAR},
		              {"database", LogicalType::VARCHAR},
		              {"dbname", LogicalType::VARCHAR}});
	}
}

void ResolveLakeSecret(duckdb::ClientContext &context, std::string &path,
                       std::unordered_map<std::string, Value> &options) {
	if (!path.empty() && !IsSecretName(path)) {
		return;
	}
	auto name = path.empty() ? std::string("__default_ducklake") : path;
	auto entry = FindSecret(context, name, "ducklake");
	if (!entry) {
		if (path.empty()) {
			throw duckdb::InvalidInputException("ATTACH 'ducklake:' needs an unnamed secret of type ducklake "
			                                    "(CREATE SECRET (TYPE ducklake, METADATA_PATH '...')), and there is "
			                                    "none");
		}
		// as DuckLake does, a bare name is a secret's, never a new catalog file (a misspelt secret name would
		// create a lake in the working directory); a file of that name that exists is still the catalog it was
		// (inlake attached bare names as files before)
		if (duckdb::FileSystem::GetFileSystem(context).FileExists(path)) {
			return;
		}
		throw duckdb::InvalidInputException(
		    "Secret \"%s\" was not found: 'ducklake:%s' names a secret of type ducklake (%s); to create a DuckDB-file "
		    "lake named \"%s\", use 'ducklake:duckdb:%s' or a path such as './%s'",
		    path, path, LakeSecretNames(context), path, path, path);
	}
	auto &secret = dynamic_cast<const duckdb::KeyValueSecret &>(*entry->secret);
	auto given = [&](const std::string &key) {
		for (auto &option : options) {
			if (duckdb::StringUtil::CIEquals(option.first, key)) {
				return true;
			}
		}
		return false;
	};
	path = secret.TryGetValue("metadata_path", true).ToString();
	// (a persistent secret may come from an older or another writer)
	CheckCatalogIsNoLake(path, "METADATA_PATH of secret \"" + name + "\"");
	for (auto &setting : kSecretOptions) {
		auto value = secret.TryGetValue(setting.first);
		if (!value.IsNull() && !given(setting.second)) {
			options[setting.second] = value;
		}
	}
	auto parameters = secret.TryGetValue("metadata_parameters");
	if (parameters.IsNull()) {
		return;
	}
	duckdb::child_list_t<Value> connection;
	for (auto &pair : duckdb::ListValue::GetChildren(parameters)) {
		auto &key_value = duckdb::StructValue::GetChildren(pair);
		auto key = duckdb::StringUtil::Lower(key_value[0].ToString());
		bool is_option = false;
		for (auto &setting : kSecretOptions) {
			is_option = is_option || setting.first == key;
		}
		if (is_option) {
			if (!given(key)) {
				options[key] = key_value[1];
			}
		} else if (!given("metadata_parameters")) {
			connection.emplace_back(key, key_value[1]);
		}
	}
	if (!connection.empty()) {
		options["metadata_parameters"] = Value::STRUCT(std::move(connection));
	}
}

std::map<std::string, std::string> PostgresSecretSettings(duckdb::ClientContext &context, const std::string &name) {
	std::map<std::string, std::string> settings;
	auto entry = FindSecret(context, name.empty() ? std::string("__default_postgres") : name, "postgres");
	if (!entry) {
		if (!name.empty()) {
			throw duckdb::InvalidInputException("There is no secret of type postgres named \"%s\"", name);
		}
		return settings;
	}
	auto &secret = dynamic_cast<const duckdb::KeyValueSecret &>(*entry->secret);
	for (auto &key : kPostgresKeys) {
		auto value = secret.TryGetValue(key);
		if (!value.IsNull()) {
			settings[key == "database" ? "dbname" : key] = value.ToString();
		}
	}
	return settings;
}

} // namespace inlake

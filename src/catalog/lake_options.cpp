#include "catalog/lake_options.hpp"

#include "catalog/option_registry.hpp"
#include "common/lake_paths.hpp"

#include "metadata/catalog_tables_sql.hpp"

#include "duckdb/common/exception.hpp"
#include "duckdb/common/string_util.hpp"

#include <cstring>
#include <vector>

namespace inlake {
using duckdb::InvalidInputException;
using duckdb::LogicalType;
using duckdb::Value;

//! Splits the backend prefix off the ATTACH path ("sqlite:lake.db" -> SQLITE, "lake.db").
static CatalogBackend TakeBackendPrefix(std::string &path) {
	static const struct {
		const char *prefix;
		CatalogBackend backend;
	} kPrefixes[] = {{"duckdb:", CatalogBackend::DUCKDB},
	                 {"sqlite:", CatalogBackend::SQLITE},
	                 {"sqlite3:", CatalogBackend::SQLITE},
	                 {"postgres:", CatalogBackend::POSTGRES},
	                 {"postgresql:", CatalogBackend::POSTGRES}};
	auto lower = duckdb::StringUtil::Lower(path);
	for (auto &entry : kPrefixes) {
		if (duckdb::StringUtil::StartsWith(lower, entry.prefix)) {
			path = path.substr(strlen(entry.prefix));
			return entry.backend;
		}
	}
	if (duckdb::StringUtil::StartsWith(lower, "mysql:")) {
		// DuckLake itself allows a MySQL catalog; inlake has no MySQL backend (DuckDB would otherwise try to
		// download its MySQL extension and open the text as a database)
		throw duckdb::NotImplementedException("ATTACH 'ducklake:mysql:...': MySQL catalogs are not supported by "
		                                      "inlake; use a DuckDB file, 'sqlite:FILE' or 'postgres:CONNINFO'");
	}
	return CatalogBackend::DUCKDB;
}

//! Empty, or only whitespace
static bool IsBlank(const std::string &text) {
	return text.find_first_not_of(" \t\r\n\v\f") == std::string::npos;
}

static int64_t NonNegativeInteger(const std::string &option, const Value &value) {
	Value as_int;
	std::string error;
	bool number_or_text = value.type().IsNumeric() || value.type().id() == duckdb::LogicalTypeId::VARCHAR;
	bool valid = number_or_text && value.DefaultTryCastAs(LogicalType::BIGINT, as_int, &error) && !as_int.IsNull() &&
	             as_int.GetValue<int64_t>() >= 0;
	if (valid && value.type().id() == duckdb::LogicalTypeId::VARCHAR) {
		// digits only: the cast would take '1e1' or ' 2.4' and round (the hostile review of issue 14)
		auto text = duckdb::StringUtil::Replace(value.ToString(), " ", "");
		valid = !text.empty() && text.find_first_not_of("0123456789") == std::string::npos;
	} else if (valid && !value.type().IsIntegral()) {
		// 1.5 must not round to snapshot 2
		valid = value.DefaultCastAs(LogicalType::DOUBLE).GetValue<double>() == double(as_int.GetValue<int64_t>());
	}
	if (!valid) {
		throw InvalidInputException("ATTACH option %s expects a non-negative integer, got '%s'", option,
		                            value.ToString());
	}
	return as_int.GetValue<int64_t>();
}

static bool Boolean(const std::string &option, const Value &value) {
	Value as_bool;
	std::string error;
	if (!value.DefaultTryCastAs(LogicalType::BOOLEAN, as_bool, &error) || as_bool.IsNull()) {
		throw InvalidInputException("ATTACH option %s expects a boolean, got '%s'", option, value.ToString());
	}
	return as_bool.GetValue<bool>();
}

static std::string Text(const std::string &option, const Value &value) {
	if (value.IsNull()) {
		throw InvalidInputException("ATTACH option %s expects a string, got NULL", option);
	}
	return value.ToString();
}

//! METADATA_PARAMETERS: a MAP (or STRUCT) of setting names to values.
static std::map<std::string, std::string> Parameters(const Value &value) {
	std::map<std::string, std::string> result;
	if (value.IsNull()) {
		return result;
	}
	auto id = value.type().id();
	if (id == duckdb::LogicalTypeId::STRUCT) {
		auto &types = duckdb::StructType::GetChildTypes(value.type());
		auto &values = duckdb::StructValue::GetChildren(value);
		for (size_t i = 0; i < values.size(); i++) {
			result[duckdb::StringUtil::Lower(types[i].first)] = values[i].ToString();
		}
		return result;
	}
	if (id == duckdb::LogicalTypeId::MAP) {
		for (auto &pair : duckdb::ListValue::GetChildren(value)) {
			auto &key_value = duckdb::StructValue::GetChildren(pair);
			result[duckdb::StringUtil::Lower(key_value[0].ToString())] = key_value[1].ToString();
		}
		return result;
	}
	throw InvalidInputException("ATTACH option METADATA_PARAMETERS expects a MAP of setting names to values, got %s",
	                            value.type().ToString());
}

LakeOptions ParseAttachOptions(const std::string &lake_name, const std::string &path,
                               const std::unordered_map<std::string, Value> &options, bool read_only) {
	LakeOptions result;
	result.lake_name = lake_name;
	result.metadata_path = path;
	result.backend = TakeBackendPrefix(result.metadata_path);
	result.read_only = read_only;
	if (result.backend == CatalogBackend::POSTGRES && IsBlank(result.metadata_path)) {
		// said as such: the file catalogs' "needs the path of a catalog database file" would mislead
		auto prefix = path.substr(0, path.size() - result.metadata_path.size());
		throw InvalidInputException("ATTACH 'ducklake:%s...' needs a PostgreSQL connection string after '%s' (such "
		                            "as 'ducklake:%sdbname=lake host=localhost'), and it is empty",
		                            prefix, prefix, prefix);
	}
	if (result.metadata_path.empty()) {
		throw InvalidInputException("ATTACH 'ducklake:...' needs the path of a catalog database file");
	}
	for (auto &entry : options) {
		auto key = duckdb::StringUtil::Lower(entry.first);
		auto &value = entry.second;
		if (key == "data_path") {
			auto data_path = Text("DATA_PATH", value);
			if (!data_path.empty() && IsBlank(data_path)) {
				// it would name a folder of spaces ('' keeps meaning the default, beside the catalog)
				throw InvalidInputException("ATTACH option DATA_PATH expects a folder, got the blank '%s'", data_path);
			}
			result.data_path = WithTrailingSlash(data_path);
		} else if (key == "override_data_path") {
			result.override_data_path = Boolean("OVERRIDE_DATA_PATH", value);
		} else if (key == "metadata_catalog") {
			result.metadata_catalog = Text("METADATA_CATALOG", value);
			if (result.metadata_catalog.empty()) {
				throw InvalidInputException("ATTACH option METADATA_CATALOG expects a database name, got ''");
			}
		} else if (key == "metadata_parameters") {
			result.metadata_parameters = Parameters(value);
		} else if (key == "metadata_schema") {
			result.metadata_schema = Text("METADATA_SCHEMA", value);
			result.metadata_schema_given = true;
		} else if (key == "ducklake_version") {
			result.format_version = Text("DUCKLAKE_VERSION", value);
			result.format_version_given = true;
			if (!IsSupportedFormatVersion(result.format_version)) {
				throw InvalidInputException("ATTACH option DUCKLAKE_VERSION: unsupported DuckLake format version "
				                            "'%s' (supported: 1.0, 1.1)",
				                            result.format_version);
			}
		} else if (key == "data_inlining_row_limit") {
			result.data_inlining_row_limit = duckdb::optional_idx(NonNegativeInteger("DATA_INLINING_ROW_LIMIT", value));
		} else if (key == "write_deletion_vectors") {
			result.write_deletion_vectors = Boolean("WRITE_DELETION_VECTORS", value) ? 1 : 0;
		} else if (key == "snapshot_version") {
			result.snapshot_version = NonNegativeInteger("SNAPSHOT_VERSION", value);
		} else if (key == "snapshot_time") {
			if (value.IsNull()) {
				throw InvalidInputException("ATTACH option SNAPSHOT_TIME must not be NULL");
			}
			result.snapshot_time = value;
			result.has_snapshot_time = true;
		} else if (key == "create_if_not_exists") {
			result.create_if_not_exists = Boolean("CREATE_IF_NOT_EXISTS", value);
		} else if (key == "target_file_size") {
			if (!ParseByteSize(value, result.target_file_size)) {
				throw InvalidInputException("ATTACH option TARGET_FILE_SIZE expects a size: a byte count or a number "
				                            "with a unit such as '10KB', '128MB' or '1GiB', got '%s'",
				                            value.ToString());
			}
		} else if (key == "automatic_migration") {
			result.automatic_migration = Boolean("AUTOMATIC_MIGRATION", value);
		} else if (key == "encrypted") {
			result.encrypted = Boolean("ENCRYPTED", value) ? 1 : 0;
		} else if (key == "encryption_key") {
			throw InvalidInputException("ATTACH option ENCRYPTION_KEY is not a DuckLake option: an ENCRYPTED lake "
			                            "makes a key per file and keeps it in its catalog (give ENCRYPTED)");
		} else {
			throw InvalidInputException("Unsupported option \"%s\" for ATTACH of a DuckLake catalog (supported: "
			                            "DATA_PATH, OVERRIDE_DATA_PATH, READ_ONLY, METADATA_CATALOG, METADATA_SCHEMA, "
			                            "DUCKLAKE_VERSION, "
			                            "DATA_INLINING_ROW_LIMIT, SNAPSHOT_VERSION, SNAPSHOT_TIME, CREATE_IF_NOT_EXISTS, "
			                            "TARGET_FILE_SIZE, AUTOMATIC_MIGRATION, WRITE_DELETION_VECTORS, ENCRYPTED)",
			                            entry.first);
		}
	}
	if (result.encrypted > 0 && result.write_deletion_vectors > 0) {
		// refused before anything is created (a new lake would otherwise be made first)
		throw InvalidInputException("ATTACH of DuckLake \"%s\": ENCRYPTED and WRITE_DELETION_VECTORS cannot be "
		                            "combined: deletion vectors (Puffin files) cannot be encrypted; an encrypted lake "
		                            "writes its deletes to encrypted Parquet delete files",
		                            lake_name);
	}
	if (result.has_snapshot_time && result.snapshot_version >= 0) {
		throw InvalidInputException("ATTACH of DuckLake \"%s\": give SNAPSHOT_VERSION or SNAPSHOT_TIME, not both",
		                            lake_name);
	}
	return result;
}

} // namespace inlake

#include "common/lake_type_names.hpp"

#include "duckdb/common/exception.hpp"
#include "duckdb/common/string_util.hpp"

namespace inlake {
using duckdb::LogicalType;
using duckdb::LogicalTypeId;

namespace {

struct TypeNamePair {
	LogicalTypeId id;
	const char *name;
};

// Leaf types whose DuckLake name maps 1:1 to a type id.
const TypeNamePair kSimpleTypes[] = {
    {LogicalTypeId::BOOLEAN, "boolean"},       {LogicalTypeId::TINYINT, "int8"},
    {LogicalTypeId::SMALLINT, "int16"},        {LogicalTypeId::INTEGER, "int32"},
    {LogicalTypeId::BIGINT, "int64"},          {LogicalTypeId::HUGEINT, "int128"},
    {LogicalTypeId::UTINYINT, "uint8"},        {LogicalTypeId::USMALLINT, "uint16"},
    {LogicalTypeId::UINTEGER, "uint32"},       {LogicalTypeId::UBIGINT, "uint64"},
    {LogicalTypeId::UHUGEINT, "uint128"},      {LogicalTypeId::FLOAT, "float32"},
    {LogicalTypeId::DOUBLE, "float64"},        {LogicalTypeId::TIME, "time"},
    {LogicalTypeId::TIME_TZ, "timetz"},        {LogicalTypeId::DATE, "date"},
    {LogicalTypeId::TIMESTAMP, "timestamp"},   {LogicalTypeId::TIMESTAMP_TZ, "timestamptz"},
    {LogicalTypeId::TIMESTAMP_SEC, "timestamp_s"}, {LogicalTypeId::TIMESTAMP_MS, "timestamp_ms"},
    {LogicalTypeId::TIMESTAMP_NS, "timestamp_ns"}, {LogicalTypeId::INTERVAL, "interval"},
    {LogicalTypeId::VARCHAR, "varchar"},       {LogicalTypeId::BLOB, "blob"},
    {LogicalTypeId::UUID, "uuid"},             {LogicalTypeId::STRUCT, "struct"},
    {LogicalTypeId::LIST, "list"},             {LogicalTypeId::MAP, "map"},
    {LogicalTypeId::VARIANT, "variant"},
};

} // namespace

std::string ToLakeTypeName(const LogicalType &type) {
	if (type.IsJSONType()) {
		return "json";
	}
	if (type.id() == LogicalTypeId::DECIMAL) {
		return duckdb::StringUtil::Format("decimal(%d,%d)", duckdb::DecimalType::GetWidth(type),
		                                  duckdb::DecimalType::GetScale(type));
	}
	if (type.id() == LogicalTypeId::VARCHAR && type.HasAlias()) {
		throw duckdb::NotImplementedException("DuckLake does not support the type %s", type.ToString());
	}
	for (auto &entry : kSimpleTypes) {
		if (entry.id == type.id()) {
			return entry.name;
		}
	}
	throw duckdb::NotImplementedException("DuckLake does not support the type %s", type.ToString());
}

void CheckStorableType(const std::string &column_name, const LogicalType &type) {
	if (type.id() == LogicalTypeId::VARIANT) {
		throw duckdb::NotImplementedException(
		    "Cannot store column \"%s\" of type %s in a DuckLake table: DuckDB 1.4.4 can write VARIANT neither to "
		    "its own tables nor to Parquet",
		    column_name, type.ToString());
	}
	if (type.id() == LogicalTypeId::VARCHAR && !duckdb::StringType::GetCollation(type).empty()) {
		throw duckdb::NotImplementedException(
		    "Cannot store column \"%s\" with COLLATE %s in a DuckLake table: DuckLake keeps no collation, so "
		    "comparisons would ignore it; use the collation in queries instead (s COLLATE nocase = 'a')",
		    column_name, duckdb::StringType::GetCollation(type));
	}
	try {
		ToLakeTypeName(type);
	} catch (duckdb::NotImplementedException &) {
		throw duckdb::NotImplementedException("Cannot store column \"%s\" in a DuckLake table: DuckLake does not "
		                                      "support the type %s",
		                                      column_name, type.ToString());
	}
	switch (type.id()) {
	case LogicalTypeId::STRUCT:
		for (auto &child : duckdb::StructType::GetChildTypes(type)) {
			CheckStorableType(column_name, child.second);
		}
		break;
	case LogicalTypeId::LIST:
		CheckStorableType(column_name, duckdb::ListType::GetChildType(type));
		break;
	case LogicalTypeId::MAP:
		CheckStorableType(column_name, duckdb::MapType::KeyType(type));
		CheckStorableType(column_name, duckdb::MapType::ValueType(type));
		break;
	default:
		break;
	}
}

LogicalType FromLakeTypeName(const std::string &name_p) {
	auto name = duckdb::StringUtil::Lower(name_p);
	if (name == "json") {
		return LogicalType::JSON();
	}
	if (duckdb::StringUtil::StartsWith(name, "decimal(")) {
		auto inner = name.substr(8, name.size() - 9);
		auto parts = duckdb::StringUtil::Split(inner, ',');
		if (parts.size() != 2) {
			throw duckdb::InvalidInputException("Invalid DuckLake decimal type \"%s\"", name_p);
		}
		return LogicalType::DECIMAL(std::stoi(parts[0]), std::stoi(parts[1]));
	}
	for (auto &entry : kSimpleTypes) {
		if (name == entry.name) {
			return LogicalType(entry.id);
		}
	}
	throw duckdb::InvalidInputException("Unknown DuckLake column type \"%s\"", name_p);
}

} // namespace inlake

#include "catalog/option_registry.hpp"

#include "duckdb/common/exception.hpp"
#include "duckdb/common/string_util.hpp"

#include <cmath>

namespace inlake {
using duckdb::InvalidInputException;
using duckdb::LogicalType;
using duckdb::Value;

namespace {

enum class OptionKind { NON_NEGATIVE_INTEGER, BOOLEAN, INTERVAL, TEXT };

struct OptionDefinition {
	const char *key;
	OptionKind kind;
	//! May be set per schema and per table (otherwise global only)
	bool scoped;
};

const OptionDefinition kOptions[] = {
    {"data_inlining_row_limit", OptionKind::NON_NEGATIVE_INTEGER, true},
    {"auto_compact", OptionKind::BOOLEAN, true},
    {"target_file_size", OptionKind::NON_NEGATIVE_INTEGER, true},
    {"parquet_compression", OptionKind::TEXT, true},
    {"parquet_row_group_size", OptionKind::NON_NEGATIVE_INTEGER, true},
    {"expire_older_than", OptionKind::INTERVAL, false},
    {"delete_older_than", OptionKind::INTERVAL, false},
    {"require_commit_message", OptionKind::BOOLEAN, false},
};

const OptionDefinition &FindOption(const std::string &key) {
	auto lower = duckdb::StringUtil::Lower(key);
	for (auto &option : kOptions) {
		if (lower == option.key) {
			return option;
		}
	}
	std::string known;
	for (auto &option : kOptions) {
		known += (known.empty() ? "" : ", ") + std::string(option.key);
	}
	throw InvalidInputException("Unknown DuckLake option \"%s\" (known options: %s)", key, known);
}

} // namespace

const char *OptionScopeName(OptionScope scope) {
	switch (scope) {
	case OptionScope::SCHEMA:
		return "schema";
	case OptionScope::TABLE:
		return "table";
	default:
		return "global";
	}
}

std::string CanonicalOptionKey(const std::string &key, OptionScope scope) {
	auto &option = FindOption(key);
	if (!option.scoped && scope != OptionScope::GLOBAL) {
		throw InvalidInputException("DuckLake option \"%s\" can only be set globally, not per %s", option.key,
		                            OptionScopeName(scope));
	}
	return option.key;
}

std::string ValidateOptionValue(const std::string &key, const Value &value) {
	auto &option = FindOption(key);
	if (value.IsNull()) {
		throw InvalidInputException("DuckLake option \"%s\" cannot be NULL (use reset_option to remove it)",
		                            option.key);
	}
	Value converted;
	std::string error;
	switch (option.kind) {
	case OptionKind::NON_NEGATIVE_INTEGER: {
		Value as_double;
		bool integral = value.DefaultTryCastAs(LogicalType::DOUBLE, as_double, &error) &&
		                std::trunc(as_double.GetValue<double>()) == as_double.GetValue<double>();
		if (!integral || !value.DefaultTryCastAs(LogicalType::BIGINT, converted, &error) ||
		    converted.GetValue<int64_t>() < 0) {
			throw InvalidInputException("DuckLake option \"%s\" expects a non-negative integer, got '%s'",
			                            option.key, value.ToString());
		}
		return converted.ToString();
	}
	case OptionKind::BOOLEAN:
		if (!value.DefaultTryCastAs(LogicalType::BOOLEAN, converted, &error)) {
			throw InvalidInputException("DuckLake option \"%s\" expects a boolean, got '%s'", option.key,
			                            value.ToString());
		}
		return converted.GetValue<bool>() ? "true" : "false";
	case OptionKind::INTERVAL:
		if (!value.DefaultTryCastAs(LogicalType::INTERVAL, converted, &error)) {
			throw InvalidInputException("DuckLake option \"%s\" expects an interval such as '1 week', got '%s'",
			                            option.key, value.ToString());
		}
		return value.ToString();
	default:
		return value.ToString();
	}
}

} // namespace inlake

#include "catalog/option_registry.hpp"

#include "duckdb/common/exception.hpp"
#include "duckdb/common/limits.hpp"
#include "duckdb/common/operator/cast_operators.hpp"
#include "duckdb/common/string_util.hpp"
#include "duckdb/main/config.hpp"

#include <cmath>

#include <limits>

namespace inlake {
using duckdb::InvalidInputException;
using duckdb::LogicalType;
using duckdb::Value;

namespace {

enum class OptionKind {
	NON_NEGATIVE_INTEGER,
	//! A whole number of at least 1 (a row group of 0 rows, for instance, cannot be written)
	POSITIVE_INTEGER,
	BYTE_SIZE,
	//! A byte size of at least 1
	POSITIVE_BYTE_SIZE,
	BOOLEAN,
	INTERVAL,
	COMPRESSION,
	//! A number from 0 to 1
	FRACTION,
	//! The name of a schema or table (any non-empty text; whether it exists is checked where it is used)
	NAME,
	//! A ZSTD compression level: a whole number from -131072 (the fastest) to 22
	ZSTD_LEVEL,
	//! The Parquet format version: 1 or 2
	PARQUET_VERSION
};

struct OptionDefinition {
	const char *key;
	OptionKind kind;
	//! May be set per schema and per table (otherwise global only)
	bool scoped;
	const char *description;
};

const OptionDefinition kOptions[] = {
    {"data_inlining_row_limit", OptionKind::NON_NEGATIVE_INTEGER, true,
     "Inserts and deletes of at most this many rows are written into the catalog instead of Parquet files (0: "
     "never)"},
    {"auto_compact", OptionKind::BOOLEAN, true, "Whether flushes and CHECKPOINT include the table"},
    {"target_file_size", OptionKind::POSITIVE_BYTE_SIZE, true,
     "The size in bytes a Parquet data file is split at (a byte count or a size such as '128MB')"},
    {"hive_file_pattern", OptionKind::BOOLEAN, true,
     "Whether the files of a partitioned table go to Hive-style folders (key=value/; default true)"},
    {"parquet_compression", OptionKind::COMPRESSION, true, "The compression of the Parquet files written"},
    {"parquet_compression_level", OptionKind::ZSTD_LEVEL, true,
     "The ZSTD compression level of the Parquet files written (used when parquet_compression is zstd)"},
    {"parquet_version", OptionKind::PARQUET_VERSION, true,
     "The Parquet format version of the files written: 1 (the default) or 2"},
    {"parquet_row_group_size", OptionKind::POSITIVE_INTEGER, true,
     "The number of rows of a row group of the Parquet files written"},
    {"parquet_row_group_size_bytes", OptionKind::POSITIVE_BYTE_SIZE, true,
     "A row group of the Parquet files written is closed when its rows take this many bytes in memory, before "
     "encoding and compression (a byte count or a size such as '64MB'; default unset: by parquet_row_group_size "
     "alone)"},
    {"per_thread_output", OptionKind::BOOLEAN, true,
     "Whether a large insert writes on every thread, each thread its own files, instead of one sequence of files "
     "in insertion order (default false)"},
    {"expire_older_than", OptionKind::INTERVAL, false,
     "CHECKPOINT expires the snapshots older than this interval"},
    {"delete_older_than", OptionKind::INTERVAL, false,
     "CHECKPOINT deletes the files expired snapshots left behind that are older than this interval"},
    {"require_commit_message", OptionKind::BOOLEAN, false,
     "Whether every commit needs a message (ducklake_set_commit_message)"},
    {"rewrite_delete_threshold", OptionKind::FRACTION, false,
     "The share of a data file's rows (0 to 1, default 0.95) that must be deleted before CHECKPOINT rewrites it"},
    {"compaction_schema", OptionKind::NAME, false,
     "CHECKPOINT flushes and compacts only the tables of this schema"},
    {"compaction_table", OptionKind::NAME, false,
     "CHECKPOINT flushes and compacts only this table (of compaction_schema, default main)"},
    {"inlined_flush_threshold", OptionKind::NON_NEGATIVE_INTEGER, true,
     "A commit that leaves more than this many inlined rows in a table flushes the table right after it "
     "(default unset: never; 0: never)"},
    {"inlined_flush_threshold_bytes", OptionKind::BYTE_SIZE, true,
     "A commit that leaves more than this many bytes of inlined values in a table (as the catalog stores them, "
     "estimated) flushes the table right after it (a byte count or a size such as '16MB'; default unset: never; "
     "0: never)"},
    {"write_deletion_vectors", OptionKind::BOOLEAN, true,
     "Whether deletes and flushes write Puffin deletion vectors (Iceberg's deletion-vector-v1) instead of Parquet "
     "delete files (default false)"},
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

std::string OptionDescription(const std::string &key) {
	auto lower = duckdb::StringUtil::Lower(key);
	for (auto &option : kOptions) {
		if (lower == option.key) {
			return option.description;
		}
	}
	return std::string();
}

bool ParseByteSize(const Value &value, int64_t &bytes) {
	auto &type = value.type();
	Value converted;
	std::string error;
	if (value.IsNull()) {
		return false;
	}
	if (type.IsIntegral()) {
		if (!value.DefaultTryCastAs(LogicalType::BIGINT, converted, &error) || converted.GetValue<int64_t>() < 0) {
			return false;
		}
		bytes = converted.GetValue<int64_t>();
		return true;
	}
	if (type.id() != duckdb::LogicalTypeId::VARCHAR) {
		return false;
	}
	auto text = duckdb::StringUtil::Replace(value.ToString(), " ", "");
	if (text.empty() || text[0] < '0' || text[0] > '9') {
		return false; // DuckDB's parser reads '-1' or 'none' as unlimited
	}
	if (text.find_first_not_of("0123456789") == std::string::npos) {
		text += "b";
	}
	try {
		// DuckDB's parser turns a size beyond 2^64 bytes into garbage: the number times the unit's bytes (DuckDB's
		// value of "1<unit>") must fit first
		auto unit_start = text.find_first_not_of("0123456789.eE");
		double number = 0;
		if (!duckdb::TryCast::Operation(duckdb::string_t(text.substr(0, unit_start)), number)) {
			return false;
		}
		auto unit_bytes = duckdb::DBConfig::ParseMemoryLimit("1" + text.substr(unit_start));
		if (!(number * double(unit_bytes) < double(duckdb::NumericLimits<int64_t>::Maximum()))) {
			return false;
		}
		auto parsed = duckdb::DBConfig::ParseMemoryLimit(text);
		if (parsed >= duckdb::idx_t(duckdb::NumericLimits<int64_t>::Maximum())) {
			return false;
		}
		bytes = int64_t(parsed);
		return true;
	} catch (std::exception &) {
		return false;
	}
}

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

namespace {

[[noreturn]] void BadValue(const OptionDefinition &option, const char *expected, const Value &value) {
	throw InvalidInputException("DuckLake option \"%s\" expects %s, got %s '%s'", option.key, expected,
	                            value.type().ToString(), value.ToString());
}

//! A whole number of at least `minimum` (what the error says is expected: `expected_text`, or for a minimum of 0 or
//! 1 a non-negative or positive integer).
std::string WholeNumber(const OptionDefinition &option, const Value &value, int64_t minimum,
                        const char *expected_text = nullptr);

//! ZSTD's levels (DuckDB's Parquet writer refuses any other at the first write, without naming the option)
std::string ZstdLevel(const OptionDefinition &option, const Value &value) {
	constexpr int64_t kFastest = -131072, kSmallest = 22;
	constexpr const char *kExpected = "a ZSTD compression level from -131072 to 22";
	auto level = WholeNumber(option, value, kFastest, kExpected);
	if (std::stoll(level) > kSmallest) {
		BadValue(option, kExpected, value);
	}
	return level;
}

std::string WholeNumber(const OptionDefinition &option, const Value &value, int64_t minimum,
                        const char *expected_text) {
	auto expected = expected_text ? expected_text : minimum > 0 ? "a positive integer" : "a non-negative integer";
	auto &type = value.type();
	std::string error; // a failed cast reports here instead of throwing
	Value converted;
	if (type.IsIntegral()) {
		if (!value.DefaultTryCastAs(LogicalType::BIGINT, converted, &error) ||
		    converted.GetValue<int64_t>() < minimum) {
			BadValue(option, expected, value);
		}
		return converted.ToString();
	}
	// text or a number with a fraction: only whole numbers (2.0, '100') are accepted, never booleans
	if (type.id() != duckdb::LogicalTypeId::VARCHAR && !type.IsNumeric()) {
		BadValue(option, expected, value);
	}
	Value as_double;
	if (!value.DefaultTryCastAs(LogicalType::DOUBLE, as_double, &error)) {
		BadValue(option, expected, value);
	}
	auto number = as_double.GetValue<double>();
	// the range check comes first: converting a double beyond int64's range is undefined
	if (!(number >= double(minimum) && number < 9.2e18) || number != double(int64_t(number))) {
		BadValue(option, expected, value);
	}
	return std::to_string(int64_t(number));
}

std::string ByteSize(const OptionDefinition &option, const Value &value, int64_t minimum) {
	if (value.type().IsNumeric()) {
		return WholeNumber(option, value, minimum); // a byte count (2.0 is 2; 1.5 is refused)
	}
	int64_t bytes;
	if (!ParseByteSize(value, bytes) || bytes < minimum) {
		BadValue(option,
		         minimum > 0 ? "a size of at least one byte: a byte count or a number with a unit such as '10KB', "
		                       "'128MB' or '1GiB'"
		                     : "a size: a byte count or a number with a unit such as '10KB', '128MB' or '1GiB'",
		         value);
	}
	return std::to_string(bytes);
}

//! A number from 0 to 1 (DuckLake's rewrite_delete_threshold), stored as DuckDB prints the DOUBLE.
std::string Fraction(const OptionDefinition &option, const Value &value) {
	auto &type = value.type();
	Value converted;
	std::string error;
	if ((type.id() != duckdb::LogicalTypeId::VARCHAR && !type.IsNumeric()) ||
	    !value.DefaultTryCastAs(LogicalType::DOUBLE, converted, &error)) {
		BadValue(option, "a number from 0 to 1", value);
	}
	auto number = converted.GetValue<double>();
	if (!(number >= 0 && number <= 1)) { // NaN too
		BadValue(option, "a number from 0 to 1", value);
	}
	return converted.ToString();
}

std::string Name(const OptionDefinition &option, const Value &value) {
	if (value.type().id() != duckdb::LogicalTypeId::VARCHAR) {
		BadValue(option, "a name (text)", value);
	}
	auto name = value.ToString();
	if (name.empty() || name.find('\0') != std::string::npos) {
		BadValue(option, "a non-empty name", value);
	}
	return name;
}

std::string Boolean(const OptionDefinition &option, const Value &value) {
	Value converted;
	std::string error;
	if (!value.DefaultTryCastAs(LogicalType::BOOLEAN, converted, &error)) {
		BadValue(option, "a boolean", value);
	}
	return converted.GetValue<bool>() ? "true" : "false";
}

std::string NonNegativeInterval(const OptionDefinition &option, const Value &value) {
	Value converted;
	std::string error;
	if (!value.DefaultTryCastAs(LogicalType::INTERVAL, converted, &error)) {
		BadValue(option, "an interval such as '1 week'", value);
	}
	auto interval = converted.GetValue<duckdb::interval_t>();
	if (interval.months < 0 || interval.days < 0 || interval.micros < 0) {
		BadValue(option, "an interval that is not negative", value);
	}
	// the option is stored as text: it must read back as the same interval
	Value read_back;
	if (!Value(value.ToString()).DefaultTryCastAs(LogicalType::INTERVAL, read_back, &error) ||
	    read_back.GetValue<duckdb::interval_t>() != interval) {
		BadValue(option, "an interval that can be stored as text", value);
	}
	return value.ToString(); // as the user wrote it ('1 week' stays '1 week')
}

//! The codecs DuckDB's Parquet writer takes for COPY ... (COMPRESSION c).
const char *const kCompressions[] = {"uncompressed", "snappy", "gzip", "zstd", "brotli", "lz4", "lz4_raw"};

std::string Compression(const OptionDefinition &option, const Value &value) {
	auto name = duckdb::StringUtil::Lower(value.ToString());
	std::string known;
	for (auto compression : kCompressions) {
		if (name == compression) {
			return name;
		}
		known += (known.empty() ? "" : ", ") + std::string(compression);
	}
	throw InvalidInputException("DuckLake option \"%s\" expects one of %s, got '%s'", option.key, known,
	                            value.ToString());
}

std::string ParquetVersion(const OptionDefinition &option, const Value &value) {
	auto text = duckdb::StringUtil::Upper(value.ToString());
	if (text == "1" || text == "V1") {
		return "1";
	}
	if (text == "2" || text == "V2") {
		return "2";
	}
	throw InvalidInputException("DuckLake option \"%s\" expects 1 or 2, got '%s'", option.key, value.ToString());
}

} // namespace

std::string ValidateOptionValue(const std::string &key, const Value &value) {
	auto &option = FindOption(key);
	if (value.IsNull()) {
		throw InvalidInputException("DuckLake option \"%s\" cannot be NULL (use reset_option to remove it)",
		                            option.key);
	}
	switch (option.kind) {
	case OptionKind::NON_NEGATIVE_INTEGER:
		return WholeNumber(option, value, 0);
	case OptionKind::POSITIVE_INTEGER:
		return WholeNumber(option, value, 1);
	case OptionKind::BYTE_SIZE:
		return ByteSize(option, value, 0);
	case OptionKind::POSITIVE_BYTE_SIZE:
		return ByteSize(option, value, 1);
	case OptionKind::BOOLEAN:
		return Boolean(option, value);
	case OptionKind::INTERVAL:
		return NonNegativeInterval(option, value);
	case OptionKind::COMPRESSION:
		return Compression(option, value);
	case OptionKind::FRACTION:
		return Fraction(option, value);
	case OptionKind::NAME:
		return Name(option, value);
	case OptionKind::ZSTD_LEVEL:
		return ZstdLevel(option, value);
	case OptionKind::PARQUET_VERSION:
		return ParquetVersion(option, value);
	}
	throw duckdb::InternalException("DuckLake option \"%s\" has no validation", option.key);
}

} // namespace inlake

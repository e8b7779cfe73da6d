// libFuzzer target: the persisted lake options (src/catalog/option_registry.*), as
// set_option / CREATE TABLE ... WITH (...) / ALTER TABLE ... SET (...) reach them.
// Input: a key (one of the registered options in random letter case, or random text), a scope, and a value of a
// random type (fuzz_common.hpp); CREATE TABLE's WITH values arrive as VARCHAR, so half the values are text.
// CanonicalOptionKey and ValidateOptionValue must either accept or throw an ordinary DuckDB error. An accepted
// value is then read back the way its readers do (transaction_options.cpp parses integer options with std::stoll,
// flush compares auto_compact with "false", retention_option.cpp casts the interval text back to INTERVAL and
// subtracts it from now): that must not fail either, since set_option already accepted the value.
#include "fuzz_common.hpp"

#include "catalog/option_registry.hpp"

#include "duckdb/common/string_util.hpp"
#include "duckdb/common/types/interval.hpp"
#include "duckdb/common/types/timestamp.hpp"

#include <cctype>

namespace {

enum class Kind { INTEGER, BOOLEAN, INTERVAL, TEXT, UNKNOWN };

struct Registered {
	const char *key;
	Kind kind;
};

// Every option of option_registry.cpp's kOptions, plus names it must refuse.
const Registered kKeys[] = {
    {"data_inlining_row_limit", Kind::INTEGER}, {"auto_compact", Kind::BOOLEAN},
    {"target_file_size", Kind::INTEGER},        {"parquet_compression", Kind::TEXT},
    {"parquet_row_group_size", Kind::INTEGER},  {"expire_older_than", Kind::INTERVAL},
    {"delete_older_than", Kind::INTERVAL},      {"require_commit_message", Kind::BOOLEAN},
    {"data_path", Kind::UNKNOWN},               {"", Kind::UNKNOWN},
};

Kind KindOf(const std::string &canonical) {
	for (auto &key : kKeys) {
		if (canonical == key.key) {
			return key.kind;
		}
	}
	return Kind::UNKNOWN;
}

void Abort(const std::string &message) {
	std::fprintf(stderr, "FINDING: %s\n", message.c_str());
	std::abort();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *bytes, size_t size) {
	FuzzedDataProvider data(bytes, size);
	std::string key;
	inlake::OptionScope scope;
	duckdb::Value value;
	try {
		if (data.ConsumeIntegralInRange<int>(0, 7) == 0) {
			key = inlake_fuzz::FuzzText(data, 32);
		} else {
			key = kKeys[data.ConsumeIntegralInRange<size_t>(0, sizeof(kKeys) / sizeof(kKeys[0]) - 1)].key;
			auto case_bits = data.ConsumeIntegral<uint32_t>();
			for (size_t i = 0; i < key.size(); i++) {
				if (case_bits & (1u << (i % 32))) {
					key[i] = static_cast<char>(std::toupper(static_cast<unsigned char>(key[i])));
				}
			}
		}
		const inlake::OptionScope scopes[] = {inlake::OptionScope::GLOBAL, inlake::OptionScope::SCHEMA,
		                                      inlake::OptionScope::TABLE};
		scope = scopes[data.ConsumeIntegralInRange<int>(0, 2)];
		value = data.ConsumeBool() ? duckdb::Value(inlake_fuzz::FuzzText(data, 48)) : inlake_fuzz::FuzzValue(data);
	} catch (std::exception &) {
		return -1; // DuckDB refused to build the value: not an input SQL can give us
	}

	std::string canonical;
	std::string stored;
	bool key_ok = inlake_fuzz::Guarded("CanonicalOptionKey", [&]() {
		canonical = inlake::CanonicalOptionKey(key, scope);
		(void)inlake::OptionScopeName(scope);
	});
	bool value_ok = inlake_fuzz::Guarded("ValidateOptionValue", [&]() { stored = inlake::ValidateOptionValue(key, value); });
	if (!value_ok) {
		return 0;
	}
	// ValidateOptionValue accepts only registered keys
	if (!key_ok && scope == inlake::OptionScope::GLOBAL) {
		Abort("ValidateOptionValue accepted key '" + key + "' that CanonicalOptionKey refuses");
	}
	auto kind = KindOf(duckdb::StringUtil::Lower(key));
	switch (kind) {
	case Kind::INTEGER: {
		// transaction_options.cpp: std::stoll(value); a negative limit would be a bug too
		long long parsed = 0;
		try {
			size_t used = 0;
			parsed = std::stoll(stored, &used);
			if (used != stored.size()) {
				Abort("integer option stored as '" + stored + "', which std::stoll reads only in part");
			}
		} catch (std::exception &ex) {
			Abort("integer option stored as '" + stored + "', which std::stoll refuses: " + ex.what());
		}
		if (parsed < 0) {
			Abort("integer option stored as negative '" + stored + "'");
		}
		break;
	}
	case Kind::BOOLEAN:
		if (stored != "true" && stored != "false") {
			Abort("boolean option stored as '" + stored + "'");
		}
		break;
	case Kind::INTERVAL:
	{
		// retention_option.cpp: Value(stored).DefaultCastAs(INTERVAL), then now - interval. The text must cast
		// back (else every later CHECKPOINT fails on an option set_option accepted); the subtraction may throw
		// DuckDB's out-of-range error for an interval of millions of years.
		duckdb::Value interval_value;
		std::string error;
		if (!duckdb::Value(stored).DefaultTryCastAs(duckdb::LogicalType::INTERVAL, interval_value, &error)) {
			Abort("interval option stored as '" + stored + "', which does not cast back to INTERVAL: " + error);
		}
		inlake_fuzz::Guarded("subtracting an interval option from now", [&]() {
			auto interval = interval_value.GetValue<duckdb::interval_t>();
			auto now = duckdb::Timestamp::GetCurrentTimestamp();
			(void)duckdb::Interval::Add(now, duckdb::Interval::Invert(interval));
		});
		break;
	}
	default:
		break;
	}
	return 0;
}

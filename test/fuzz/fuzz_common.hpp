//===----------------------------------------------------------------------===//
// Shared helpers of the libFuzzer targets in test/fuzz (one target per .cpp).
//
// - ExpectedException: the verdict on an exception thrown by the code under
//   test. DuckDB's ordinary error kinds (invalid input, parser, binder,
//   conversion, ...) are expected outcomes for bad user text. An INTERNAL
//   DuckDB exception, or an exception that is not DuckDB's at all, is a
//   finding: the target prints it and aborts, so libFuzzer saves the input.
// - FuzzValue: a duckdb::Value of a random type, of the kinds a constant in an
//   ATTACH option list or a set_option call can have (only valid values: the
//   point is to test our code, not DuckDB's Value invariants).
//===----------------------------------------------------------------------===//
#pragma once

#include "duckdb/common/error_data.hpp"
#include "duckdb/common/exception.hpp"
#include "duckdb/common/types/value.hpp"

#include <fuzzer/FuzzedDataProvider.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <string>

namespace inlake_fuzz {

//! Call from a catch (duckdb::Exception &) block: returns for an expected DuckDB error, aborts for an internal one.
inline void CheckDuckDBException(const duckdb::Exception &ex, const char *what) {
	duckdb::ErrorData error(ex);
	if (error.Type() == duckdb::ExceptionType::INTERNAL || error.Type() == duckdb::ExceptionType::FATAL ||
	    error.Type() == duckdb::ExceptionType::INVALID) {
		std::fprintf(stderr, "FINDING in %s: %s exception: %s\n", what,
		             duckdb::Exception::ExceptionTypeToString(error.Type()).c_str(), error.Message().c_str());
		std::abort();
	}
}

//! Call from a catch (std::exception &) block after the duckdb::Exception one: always a finding.
[[noreturn]] inline void OtherException(const std::exception &ex, const char *what) {
	std::fprintf(stderr, "FINDING in %s: an exception that is not DuckDB's: %s\n", what, ex.what());
	std::abort();
}

//! Call from a catch (...) block: always a finding.
[[noreturn]] inline void UnknownException(const char *what) {
	std::fprintf(stderr, "FINDING in %s: an exception that is not a std::exception\n", what);
	std::abort();
}

//! Runs fn(), sorting what it throws: DuckDB's ordinary errors return false, anything else aborts.
template <class FN>
bool Guarded(const char *what, FN &&fn) {
	try {
		fn();
		return true;
	} catch (duckdb::Exception &ex) {
		CheckDuckDBException(ex, what);
	} catch (std::exception &ex) {
		OtherException(ex, what);
	} catch (...) {
		UnknownException(what);
	}
	return false;
}

//! A string of at most max_length bytes that DuckDB accepts as VARCHAR (valid UTF-8).
inline std::string FuzzText(FuzzedDataProvider &data, size_t max_length = 64) {
	auto text = data.ConsumeRandomLengthString(max_length);
	if (!duckdb::Value::StringIsValid(text)) {
		for (auto &c : text) {
			if (static_cast<unsigned char>(c) >= 0x80) {
				c = '?';
			}
		}
	}
	return text;
}

inline duckdb::Value FuzzValue(FuzzedDataProvider &data, int depth = 0) {
	using duckdb::LogicalType;
	using duckdb::Value;
	switch (data.ConsumeIntegralInRange<int>(0, depth < 2 ? 20 : 18)) {
	case 0:
		return Value();
	case 1: {
		// a typed NULL
		const LogicalType types[] = {LogicalType::BIGINT,   LogicalType::VARCHAR,  LogicalType::BOOLEAN,
		                             LogicalType::DOUBLE,   LogicalType::INTERVAL, LogicalType::DATE,
		                             LogicalType::HUGEINT,  LogicalType::BLOB,     LogicalType::INTEGER};
		return Value(types[data.ConsumeIntegralInRange<size_t>(0, sizeof(types) / sizeof(types[0]) - 1)]);
	}
	case 2:
		return Value::BOOLEAN(data.ConsumeBool());
	case 3:
		return Value::TINYINT(data.ConsumeIntegral<int8_t>());
	case 4:
		return Value::INTEGER(data.ConsumeIntegral<int32_t>());
	case 5:
		return Value::BIGINT(data.ConsumeIntegral<int64_t>());
	case 6:
		return Value::UBIGINT(data.ConsumeIntegral<uint64_t>());
	case 7:
		return Value::HUGEINT(duckdb::hugeint_t(data.ConsumeIntegral<int64_t>(), data.ConsumeIntegral<uint64_t>()));
	case 8: {
		// any bit pattern: NaN, infinities, subnormals, huge values
		auto bits = data.ConsumeIntegral<uint64_t>();
		double value;
		std::memcpy(&value, &bits, sizeof(value));
		return Value::DOUBLE(value);
	}
	case 9:
		return Value::DOUBLE(data.ConsumeFloatingPoint<double>());
	case 10:
		return Value::FLOAT(data.ConsumeFloatingPoint<float>());
	case 11:
	case 12:
	case 13:
		return Value(FuzzText(data));
	case 14: {
		auto width = data.ConsumeIntegralInRange<uint8_t>(1, 18);
		auto scale = data.ConsumeIntegralInRange<uint8_t>(0, width);
		int64_t limit = 1;
		for (int i = 0; i < width; i++) {
			limit *= 10;
		}
		return Value::DECIMAL(data.ConsumeIntegralInRange<int64_t>(-(limit - 1), limit - 1), width, scale);
	}
	case 15:
		return Value::INTERVAL(data.ConsumeIntegral<int32_t>(), data.ConsumeIntegral<int32_t>(),
		                       data.ConsumeIntegral<int64_t>());
	case 16:
		return Value::DATE(duckdb::date_t(data.ConsumeIntegralInRange<int32_t>(-100000000, 100000000)));
	case 17:
		return Value::TIMESTAMP(duckdb::timestamp_t(data.ConsumeIntegralInRange<int64_t>(-(1LL << 60), 1LL << 60)));
	case 18:
		return Value::BLOB(data.ConsumeRandomLengthString(32));
	case 19: {
		// a list of values of one type (the first element's)
		auto first = FuzzValue(data, depth + 1);
		duckdb::vector<Value> values {first};
		auto count = data.ConsumeIntegralInRange<int>(0, 3);
		for (int i = 0; i < count; i++) {
			Value next;
			std::string error;
			if (!FuzzValue(data, depth + 1).DefaultTryCastAs(first.type(), next, &error)) {
				break;
			}
			values.push_back(next);
		}
		return Value::LIST(first.type(), values);
	}
	default: {
		duckdb::child_list_t<Value> children;
		auto count = data.ConsumeIntegralInRange<int>(1, 3);
		for (int i = 0; i < count; i++) {
			children.emplace_back("f" + std::to_string(i), FuzzValue(data, depth + 1));
		}
		return Value::STRUCT(std::move(children));
	}
	}
}

} // namespace inlake_fuzz

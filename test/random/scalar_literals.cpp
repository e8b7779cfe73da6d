#include "scalar_literals.hpp"

#include <cstdio>
#include <cstring>
#include <stdexcept>

namespace inlake_random {

std::string QuoteString(const std::string &text) {
	// Line breaks become chr(10)/chr(13), so every statement prints on one line (--verbose scripts, minimize.py).
	std::string result = "'";
	bool concatenated = false;
	for (char c : text) {
		if (c == '\n' || c == '\r') {
			result += "' || chr(" + std::to_string(int(c)) + ") || '";
			concatenated = true;
			continue;
		}
		result += c;
		if (c == '\'') {
			result += '\'';
		}
	}
	return concatenated ? "(" + result + "')" : result + "'";
}

static std::string Cast(const std::string &text, const ColumnType &type) {
	return QuoteString(text) + "::" + type.Sql();
}

static std::string U128ToString(unsigned __int128 value) {
	if (value == 0) {
		return "0";
	}
	std::string digits;
	while (value > 0) {
		digits.insert(digits.begin(), char('0' + int(value % 10)));
		value /= 10;
	}
	return digits;
}

static std::string I128ToString(__int128 value) {
	if (value < 0) {
		return "-" + U128ToString(static_cast<unsigned __int128>(-(value + 1)) + 1);
	}
	return U128ToString(static_cast<unsigned __int128>(value));
}

//! Integer literal of a type with `bits` bits; `exact` allows values beyond 2^53 for 128-bit types.
static std::string IntegerText(Rng &rng, int bits, bool is_unsigned, bool beyond_2_53) {
	unsigned __int128 umax = bits == 128 ? ~static_cast<unsigned __int128>(0)
	                                     : ((static_cast<unsigned __int128>(1) << bits) - 1);
	__int128 smax = static_cast<__int128>(umax >> 1);
	if (bits == 128 && !beyond_2_53) {
		// 2^50: room for UPDATE's c + 1 / c * 2 to stay below 2^53 (defect 5).
		umax = static_cast<unsigned __int128>(1) << 50;
		smax = static_cast<__int128>(umax);
	}
	switch (rng.Below(8)) {
	case 0:
		return is_unsigned ? U128ToString(umax) : I128ToString(smax);
	case 1:
		return is_unsigned ? "0" : I128ToString(-smax - (bits == 128 && !beyond_2_53 ? 0 : 1));
	case 2:
		return std::to_string(rng.Range(0, 3) - (is_unsigned ? 0 : 1));
	default: {
		unsigned __int128 raw = (static_cast<unsigned __int128>(rng.Next()) << 64) | rng.Next();
		// Mostly small magnitudes, sometimes the full range.
		unsigned __int128 full = is_unsigned ? umax : static_cast<unsigned __int128>(smax);
		unsigned __int128 limit = rng.Percent(60) && full > 1000 ? 1000 : full;
		unsigned __int128 magnitude = limit == ~static_cast<unsigned __int128>(0) ? raw : raw % (limit + 1);
		if (is_unsigned || rng.Percent(50)) {
			return U128ToString(magnitude);
		}
		return "-" + U128ToString(magnitude);
	}
	}
}

static std::string DecimalText(Rng &rng, int width, int scale) {
	std::string integer_digits, fraction_digits;
	int integer_width = width - scale;
	bool all_nines = rng.Percent(15);
	int integer_count = all_nines ? integer_width : int(rng.Range(0, integer_width));
	for (int i = 0; i < integer_count; i++) {
		integer_digits += all_nines ? '9' : char('0' + rng.Below(10));
	}
	for (int i = 0; i < scale; i++) {
		fraction_digits += all_nines ? '9' : char('0' + rng.Below(10));
	}
	std::string text = (rng.Percent(40) ? "-" : "") + (integer_digits.empty() ? "0" : integer_digits);
	return scale > 0 ? text + "." + fraction_digits : text;
}

static std::string FloatText(Rng &rng, bool is_float, const FeatureSet &features) {
	static const std::vector<std::string> float_edges = {"nan", "-nan", "inf", "-inf", "-0.0", "0.0", "1.5",
	                                                     "3.4028235e38", "-3.4028235e38", "1e-45", "1.1754944e-38"};
	static const std::vector<std::string> double_edges = {
	    "nan", "-nan", "inf", "-inf", "-0.0", "0.0", "3.141592653589793", "1.7976931348623157e308", "-1.7976931348623157e308",
	    "5e-324", "2.2250738585072014e-308"};
	if (rng.Percent(40)) {
		auto edge = rng.Pick(is_float ? float_edges : double_edges);
		bool zero = edge == "-0.0" || edge == "0.0";
		bool negative_zero_broken = edge == "-0.0" && features.Off("neg-zero");
		if (edge == "-nan" && features.Off("nan-sign")) {
			edge = "nan";
		}
		if ((!zero || features.On("signed-zero")) && !negative_zero_broken) {
			return edge;
		}
	}
	char buffer[64];
	double value = (static_cast<double>(rng.Next() >> 11) / 9007199254740992.0 - 0.5) * 2000.0;
	if (rng.Percent(20)) {
		value *= 1e30;
	}
	snprintf(buffer, sizeof(buffer), is_float ? "%.9g" : "%.17g", is_float ? double(float(value)) : value);
	return buffer;
}

static std::string RandomText(Rng &rng) {
	static const std::vector<std::string> pieces = {"a", "b", "z", " ", "'", "\"", "\\", "ü", "é", "🦆", "日本",
	                                                "\n", "\t", "%", "_", "0", "NULL", "x"};
	std::string text;
	auto length = rng.Range(1, 12);
	for (int64_t i = 0; i < length; i++) {
		text += rng.Pick(pieces);
	}
	return text;
}

static std::string VarcharLiteral(Rng &rng, const FeatureSet &features) {
	switch (rng.Below(10)) {
	case 0:
		return "''";
	case 1:
		return "repeat(" + QuoteString(RandomText(rng)) + ", " + std::to_string(rng.Range(500, 3000)) + ")";
	case 2:
		if (features.On("nul")) {
			return "(" + QuoteString(RandomText(rng)) + " || chr(0) || " + QuoteString(RandomText(rng)) + ")";
		}
		return QuoteString("it's \"quoted\" \\ back");
	case 3:
		return QuoteString("ünïcødé 🦆");
	default:
		return QuoteString(RandomText(rng));
	}
}

static std::string BlobLiteral(Rng &rng) {
	switch (rng.Below(6)) {
	case 0:
		return "''::BLOB";
	case 1:
		return "repeat('ab', " + std::to_string(rng.Range(100, 3000)) + ")::BLOB";
	default: {
		static const char *hex = "0123456789ABCDEF";
		std::string text;
		auto length = rng.Range(1, 16);
		for (int64_t i = 0; i < length; i++) {
			auto byte = rng.Percent(20) ? 0 : rng.Below(256);
			text += hex[byte >> 4];
			text += hex[byte & 15];
		}
		return "unhex('" + text + "')";
	}
	}
}

static std::string UuidText(Rng &rng) {
	switch (rng.Below(5)) {
	case 0:
		return "00000000-0000-0000-0000-000000000000";
	case 1:
		return "ffffffff-ffff-ffff-ffff-ffffffffffff";
	case 2:
		return "80000000-0000-0000-0000-000000000000";
	default: {
		char buffer[40];
		uint64_t high = rng.Next(), low = rng.Next();
		snprintf(buffer, sizeof(buffer), "%08x-%04x-%04x-%04x-%012llx", unsigned(high >> 32),
		         unsigned((high >> 16) & 0xFFFF), unsigned(high & 0xFFFF), unsigned(low >> 48),
		         static_cast<unsigned long long>(low & 0xFFFFFFFFFFFFULL));
		return buffer;
	}
	}
}

static std::string JsonText(Rng &rng) {
	static const std::vector<std::string> documents = {
	    "{\"a\": 1, \"b\": [1, 2]}", "[]", "\"str\"", "null", "1.5", "{}", "true",
	    "{\"nested\": {\"x\": [true, false, null], \"s\": \"ü 🦆\"}}", "[1, \"two\", {\"three\": 3}]", "-0"};
	if (rng.Percent(70)) {
		return rng.Pick(documents);
	}
	return "{\"k\": " + std::to_string(rng.Range(-1000, 1000)) + ", \"s\": \"" + std::to_string(rng.Next() % 97) + "\"}";
}

static std::string Pad(int64_t value, int width) {
	auto text = std::to_string(value);
	while (int(text.size()) < width) {
		text = "0" + text;
	}
	return text;
}

static std::string RandomDate(Rng &rng, int min_year, int max_year) {
	return Pad(rng.Range(min_year, max_year), 4) + "-" + Pad(rng.Range(1, 12), 2) + "-" + Pad(rng.Range(1, 28), 2);
}

static std::string RandomTime(Rng &rng, int fraction_digits) {
	auto text = Pad(rng.Range(0, 23), 2) + ":" + Pad(rng.Range(0, 59), 2) + ":" + Pad(rng.Range(0, 59), 2);
	if (fraction_digits > 0 && rng.Percent(70)) {
		text += ".";
		for (int i = 0; i < fraction_digits; i++) {
			text += char('0' + rng.Below(10));
		}
	}
	return text;
}

static std::string OffsetText(Rng &rng, const FeatureSet &features) {
	if (features.Off("timetz") || rng.Percent(20)) {
		return "+00";
	}
	auto text = std::string(rng.Percent(50) ? "-" : "+") + Pad(rng.Range(0, 15), 2);
	if (rng.Percent(40)) {
		text += ":" + Pad(rng.Pick(std::vector<int64_t> {15, 30, 45, 59}), 2);
	}
	return text;
}

static std::string TemporalText(Scalar scalar, Rng &rng, const FeatureSet &features) {
	bool edge = rng.Percent(30);
	switch (scalar) {
	case Scalar::DATE: {
		static const std::vector<std::string> edges = {"0001-01-01", "9999-12-31", "infinity", "-infinity",
		                                               "1970-01-01", "2024-02-29", "0044-03-15 (BC)", "1582-10-10"};
		return edge ? rng.Pick(edges) : RandomDate(rng, 1, 9999);
	}
	case Scalar::TIME: {
		static const std::vector<std::string> edges = {"00:00:00", "23:59:59.999999", "24:00:00", "12:00:00"};
		return edge ? rng.Pick(edges) : RandomTime(rng, 6);
	}
	case Scalar::TIMETZ:
		return (edge ? std::string(rng.Percent(50) ? "00:00:00" : "23:59:59.999999") : RandomTime(rng, 6)) +
		       OffsetText(rng, features);
	case Scalar::TIMESTAMP:
	case Scalar::TIMESTAMP_MS:
	case Scalar::TIMESTAMP_S:
	case Scalar::TIMESTAMPTZ: {
		static const std::vector<std::string> edges = {"1970-01-01 00:00:00", "2024-02-29 12:34:56.789012",
		                                               "infinity", "-infinity", "0001-01-01 00:00:00",
		                                               "9999-12-31 23:59:59.999999", "1677-09-22 00:12:44"};
		int digits = scalar == Scalar::TIMESTAMP_S ? 0 : scalar == Scalar::TIMESTAMP_MS ? 3 : 6;
		auto text = edge ? rng.Pick(edges) : RandomDate(rng, 1, 9999) + " " + RandomTime(rng, digits);
		bool infinite = text.find("inf") != std::string::npos;
		if (infinite && ((scalar == Scalar::TIMESTAMP_S && features.Off("timestamp-s-inf")) ||
		                 (scalar == Scalar::TIMESTAMP_MS && features.Off("timestamp-ms-inf")))) {
			text = "1970-01-01 00:00:00";
		}
		if (scalar == Scalar::TIMESTAMPTZ && text.find("inf") == std::string::npos) {
			text += OffsetText(rng, features);
		}
		return text;
	}
	case Scalar::TIMESTAMP_NS: {
		static const std::vector<std::string> edges = {"1970-01-01 00:00:00", "2262-04-11 23:47:16.854775806",
		                                               "1677-09-22 00:12:44", "2024-02-29 12:34:56.123456789"};
		return edge ? rng.Pick(edges) : RandomDate(rng, 1678, 2261) + " " + RandomTime(rng, 9);
	}
	case Scalar::INTERVAL: {
		bool negative_ok = features.On("interval");
		auto part = [&](int64_t max) { return rng.Range(negative_ok ? -max : 0, max); };
		auto micros = part(100000000000LL);
		if (features.Off("interval-us")) {
			micros -= micros % 1000;
		}
		return std::to_string(part(1200)) + " months " + std::to_string(part(400)) + " days " +
		       std::to_string(micros) + " microseconds";
	}
	default:
		throw std::logic_error("not a temporal type");
	}
}

//! One past the type's maximum, which the cast must reject.
static std::string OutOfRange(Scalar scalar) {
	switch (scalar) {
	case Scalar::TINYINT: return "128";
	case Scalar::SMALLINT: return "32768";
	case Scalar::INTEGER: return "2147483648";
	case Scalar::BIGINT: return "9223372036854775808";
	case Scalar::UTINYINT: return "256";
	case Scalar::USMALLINT: return "-1";
	case Scalar::UINTEGER: return "4294967296";
	case Scalar::UBIGINT: return "-5";
	case Scalar::DATE: return "2024-02-30";
	case Scalar::UUID: return "not-a-uuid";
	default: return "";
	}
}

std::string ScalarLiteral(const ColumnType &type, Rng &rng, const FeatureSet &features) {
	bool beyond = features.On("hugeint");
	if (features.On("invalid-literals") && rng.Percent(1) && !OutOfRange(type.scalar).empty()) {
		return Cast(OutOfRange(type.scalar), type);
	}
	switch (type.scalar) {
	case Scalar::BOOLEAN: return rng.Percent(50) ? "true" : "false";
	case Scalar::TINYINT: return Cast(IntegerText(rng, 8, false, true), type);
	case Scalar::SMALLINT: return Cast(IntegerText(rng, 16, false, true), type);
	case Scalar::INTEGER: return Cast(IntegerText(rng, 32, false, true), type);
	case Scalar::BIGINT: return Cast(IntegerText(rng, 64, false, true), type);
	case Scalar::HUGEINT: return Cast(IntegerText(rng, 128, false, beyond), type);
	case Scalar::UTINYINT: return Cast(IntegerText(rng, 8, true, true), type);
	case Scalar::USMALLINT: return Cast(IntegerText(rng, 16, true, true), type);
	case Scalar::UINTEGER: return Cast(IntegerText(rng, 32, true, true), type);
	case Scalar::UBIGINT: return Cast(IntegerText(rng, 64, true, true), type);
	case Scalar::UHUGEINT: return Cast(IntegerText(rng, 128, true, beyond), type);
	case Scalar::DECIMAL: return Cast(DecimalText(rng, type.width, type.scale), type);
	case Scalar::FLOAT: return Cast(FloatText(rng, true, features), type);
	case Scalar::DOUBLE: return Cast(FloatText(rng, false, features), type);
	case Scalar::VARCHAR: return VarcharLiteral(rng, features);
	case Scalar::BLOB: return BlobLiteral(rng);
	case Scalar::UUID: return Cast(UuidText(rng), type);
	case Scalar::JSON: return Cast(JsonText(rng), type);
	default: return Cast(TemporalText(type.scalar, rng, features), type);
	}
}

} // namespace inlake_random

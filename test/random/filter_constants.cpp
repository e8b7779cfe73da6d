#include "filter_constants.hpp"

#include "value_sql.hpp"

namespace inlake_random {

//! Integer limits up to 64 bits: bare literals (DuckDB types them by size) and typed ones.
static std::vector<std::string> IntegerLimits(bool with_negative) {
	std::vector<std::string> limits = {"127", "'127'::TINYINT", "255", "'255'::UTINYINT", "32767", "65535",
	                                   "'65535'::USMALLINT", "2147483647", "4294967295", "'4294967295'::UINTEGER",
	                                   "9223372036854775807", "'9223372036854775807'::BIGINT", "18446744073709551615",
	                                   "'18446744073709551615'::UBIGINT"};
	if (with_negative) {
		limits.insert(limits.end(), {"-128", "'-128'::TINYINT", "-32768", "-2147483648", "'-2147483648'::INTEGER",
		                             "-9223372036854775808", "'-9223372036854775808'::BIGINT"});
	}
	return limits;
}

static std::vector<std::string> WideLimits(bool with_signed) {
	std::vector<std::string> limits = {"'340282366920938463463374607431768211455'::UHUGEINT"};
	if (with_signed) {
		limits.insert(limits.end(), {"'-170141183460469231731687303715884105728'::HUGEINT",
		                             "'170141183460469231731687303715884105727'::HUGEINT", "'9007199254740993'::HUGEINT"});
	}
	return limits;
}

//! Small numbers around zero (negative ones and -0.0 only where `with_negative`).
static std::vector<std::string> SmallNumbers(bool with_negative) {
	std::vector<std::string> numbers = {"0", "1", "2", "'0.0'::DOUBLE", "'0.5'::DOUBLE", "'127.5'::DOUBLE"};
	if (with_negative) {
		numbers.insert(numbers.end(), {"-1", "-2", "-100", "'-0.0'::DOUBLE", "'-0.5'::DOUBLE", "'-128.5'::DOUBLE"});
	}
	return numbers;
}

//! Special and extreme floating point values (as DOUBLE and as FLOAT).
static std::vector<std::string> FloatEdges() {
	return {"'nan'::DOUBLE",     "'-nan'::DOUBLE",           "'inf'::DOUBLE",           "'-inf'::DOUBLE",
	        "'nan'::FLOAT",      "'-nan'::FLOAT",            "'inf'::FLOAT",            "'-inf'::FLOAT",
	        "'5e-324'::DOUBLE",  "'-5e-324'::DOUBLE",        "'2.2250738585072014e-308'::DOUBLE",
	        "'1.7976931348623157e308'::DOUBLE",              "'-1.7976931348623157e308'::DOUBLE",
	        "'1e-45'::FLOAT",    "'-1e-45'::FLOAT",          "'3.4028235e38'::FLOAT",   "'-3.4028235e38'::FLOAT",
	        "'1.1754944e-38'::FLOAT", "'-1'::DOUBLE", "'9.223372036854776e18'::DOUBLE", "'1.8446744073709552e19'::DOUBLE"};
}

static void Append(std::vector<std::string> &to, const std::vector<std::string> &more) {
	to.insert(to.end(), more.begin(), more.end());
}

// Which constants fit which column: a comparison casts both sides to a common type, and some casts fail. A DECIMAL
// column compares with a 128-bit integer as DECIMAL(38, scale) (the constant does not fit: every statement fails);
// an integer column with a 128-bit one of the other signedness casts the constant to the column type (fails); a
// UHUGEINT column with a signed integer casts the column to HUGEINT (fails for values beyond 2^127: data
// dependent). Floats take everything. Beyond 2^53 HUGEINT values lose precision in Parquet (the "hugeint" defect).
static std::vector<std::string> NumericEdges(const ColumnType &type, const FeatureSet &features) {
	bool floating = type.scalar == Scalar::FLOAT || type.scalar == Scalar::DOUBLE;
	bool uhugeint = type.scalar == Scalar::UHUGEINT;
	std::vector<std::string> edges;
	Append(edges, SmallNumbers(!uhugeint));
	Append(edges, IntegerLimits(!uhugeint));
	Append(edges, FloatEdges());
	bool wide = type.scalar == Scalar::HUGEINT || uhugeint;
	if (floating || (wide && features.On("hugeint"))) {
		Append(edges, WideLimits(!uhugeint));
	}
	if (type.scalar == Scalar::DECIMAL) {
		auto nines = std::string(type.width - type.scale, '9') + (type.scale ? "." + std::string(type.scale, '9') : "");
		edges.push_back("'" + nines + "'::" + type.Sql());
		edges.push_back("'-" + nines + "'::" + type.Sql());
	}
	return edges;
}

static std::vector<std::string> TimestampEdges(const ColumnType &type, const FeatureSet &features) {
	std::vector<std::string> edges = {"TIMESTAMP '1970-01-01 00:00:00'", "TIMESTAMP '1969-12-31 23:59:59.999999'",
	                                  "DATE '1970-01-01'", "TIMESTAMP '2262-04-11 23:47:16.854775'",
	                                  "TIMESTAMP '1677-09-22 00:12:44'"};
	bool infinity_broken = (type.scalar == Scalar::TIMESTAMP_S && features.Off("timestamp-s-inf")) ||
	                       (type.scalar == Scalar::TIMESTAMP_MS && features.Off("timestamp-ms-inf"));
	if (!infinity_broken) {
		edges.insert(edges.end(), {"'infinity'::" + type.Sql(), "'-infinity'::" + type.Sql()});
	}
	if (type.scalar == Scalar::TIMESTAMP_NS) {
		edges.insert(edges.end(), {"'2262-04-11 23:47:16.854775806'::TIMESTAMP_NS",
		                           "'1677-09-21 00:12:43.145225'::TIMESTAMP_NS"});
	} else if (type.scalar == Scalar::TIMESTAMPTZ) {
		edges.insert(edges.end(), {"'294247-01-10 04:00:54.775806+00'::TIMESTAMPTZ",
		                           "'290309-12-22 (BC) 00:00:00+00'::TIMESTAMPTZ", "TIMESTAMPTZ '1970-01-01 00:00:00+14'"});
	} else {
		edges.insert(edges.end(), {"TIMESTAMP '294247-01-10 04:00:54.775806'",
		                           "TIMESTAMP '290309-12-22 (BC) 00:00:00'", "TIMESTAMP '0001-01-01 00:00:00'"});
	}
	return edges;
}

static std::vector<std::string> ScalarEdges(const ColumnType &type, const FeatureSet &features) {
	switch (type.scalar) {
	case Scalar::VARCHAR:
		return {"''", "' '", "'a'", "'NULL'", "chr(127)", "chr(1114111)", "'🦆'", "'ü'", "repeat('z', 2000)",
		        "'9'", "'-1'"};
	case Scalar::BLOB:
		return {"''::BLOB", "'\\x00'::BLOB", "'\\xFF\\xFF\\xFF'::BLOB", "'a'::BLOB"};
	case Scalar::UUID:
		return {"'00000000-0000-0000-0000-000000000000'::UUID", "'ffffffff-ffff-ffff-ffff-ffffffffffff'::UUID",
		        "'80000000-0000-0000-0000-000000000000'::UUID", "'7fffffff-ffff-ffff-ffff-ffffffffffff'::UUID"};
	case Scalar::DATE:
		return {"'infinity'::DATE", "'-infinity'::DATE", "'5877642-06-25 (BC)'::DATE", "'5881580-07-10'::DATE",
		        "'1970-01-01'::DATE", "'0001-01-01'::DATE", "'0001-12-31 (BC)'::DATE",
		        "TIMESTAMP '1970-01-01 00:00:01'", "TIMESTAMP '1969-12-31 23:59:59'"};
	case Scalar::TIME:
		return {"'00:00:00'::TIME", "'24:00:00'::TIME", "'23:59:59.999999'::TIME", "'00:00:00.000001'::TIME"};
	case Scalar::TIMETZ:
		return {"'00:00:00+15:59'::TIMETZ", "'24:00:00-15:59'::TIMETZ", "'12:00:00+00'::TIMETZ",
		        "'00:00:00-15:59'::TIMETZ"};
	case Scalar::TIMESTAMP:
	case Scalar::TIMESTAMP_S:
	case Scalar::TIMESTAMP_MS:
	case Scalar::TIMESTAMP_NS:
	case Scalar::TIMESTAMPTZ:
		return TimestampEdges(type, features);
	case Scalar::INTERVAL:
		// equal intervals of other spellings: DuckDB compares 1 month = 30 days = 720 hours
		return {"INTERVAL '0 seconds'", "INTERVAL '-1 microseconds'", "INTERVAL '30 days'", "INTERVAL '1 month'",
		        "INTERVAL '720 hours'", "INTERVAL '2147483647 months'", "INTERVAL '-2147483648 months'",
		        "INTERVAL '1 day'", "INTERVAL '-1 day'"};
	default:
		return {};
	}
}

std::vector<std::string> EdgeConstants(const ColumnType &type, const FeatureSet &features) {
	if (!type.IsScalar()) {
		return {};
	}
	bool numeric = type.IsInteger() || type.scalar == Scalar::DECIMAL || type.scalar == Scalar::FLOAT ||
	               type.scalar == Scalar::DOUBLE;
	return numeric ? NumericEdges(type, features) : ScalarEdges(type, features);
}

std::string FilterConstant(const ColumnType &type, Rng &rng, const FeatureSet &features) {
	if (rng.Percent(8)) {
		return rng.Percent(50) ? "NULL" : "NULL::" + type.Sql();
	}
	auto edges = EdgeConstants(type, features);
	if (!edges.empty() && rng.Percent(55)) {
		return rng.Pick(edges);
	}
	return Literal(type, rng, features, 0);
}

} // namespace inlake_random

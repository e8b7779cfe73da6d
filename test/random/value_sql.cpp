#include "value_sql.hpp"

#include "scalar_literals.hpp"

#include <set>

namespace inlake_random {

std::string QuoteIdentifier(const std::string &name) {
	std::string result = "\"";
	for (char c : name) {
		result += c;
		if (c == '"') {
			result += '"';
		}
	}
	return result + "\"";
}

FeatureSet UpdateFeatures(const FeatureSet &features) {
	auto result = features;
	result.ExcludeList("signed-zero");
	return result;
}

bool ContainsFloat(const ColumnType &type) {
	if (type.IsScalar()) {
		return type.scalar == Scalar::FLOAT || type.scalar == Scalar::DOUBLE;
	}
	for (auto &child : type.children) {
		if (ContainsFloat(child.second)) {
			return true;
		}
	}
	return false;
}

static std::string NestedLiteral(const ColumnType &type, Rng &rng, const FeatureSet &features) {
	switch (type.kind) {
	case ColumnType::Kind::LIST: {
		std::string result = "[";
		auto count = rng.Range(0, 4);
		for (int64_t i = 0; i < count; i++) {
			result += (i ? ", " : "") + Literal(type.children[0].second, rng, features, 15);
		}
		return result + "]";
	}
	case ColumnType::Kind::STRUCT: {
		std::string result = "{";
		for (size_t i = 0; i < type.children.size(); i++) {
			result += (i ? ", " : "") + QuoteString(type.children[i].first) + ": " +
			          Literal(type.children[i].second, rng, features, 15);
		}
		return result + "}";
	}
	case ColumnType::Kind::MAP: {
		// Keys must be distinct and not NULL: literals are deduplicated by their text, which for the key
		// types used (VARCHAR, INTEGER, BIGINT, UUID) is the value.
		std::set<std::string> keys;
		auto count = rng.Range(0, 3);
		std::string result = "MAP {";
		for (int64_t i = 0; i < count; i++) {
			auto key = ScalarLiteral(type.children[0].second, rng, features);
			if (!keys.insert(key).second || key.find("chr(0)") != std::string::npos ||
			    key.find("repeat(") != std::string::npos) {
				continue;
			}
			result += (keys.size() > 1 ? ", " : "") + key + ": " + Literal(type.children[1].second, rng, features, 15);
		}
		return result + "}";
	}
	default:
		return ScalarLiteral(type, rng, features);
	}
}

std::string Literal(const ColumnType &type, Rng &rng, const FeatureSet &features, int null_percent) {
	if (rng.Percent(null_percent)) {
		return "NULL::" + type.Sql();
	}
	if (type.IsScalar()) {
		return ScalarLiteral(type, rng, features);
	}
	if (features.On("nul") && features.Off("nested-nul")) {
		auto without_nul = features;
		without_nul.ExcludeList("nul");
		return "(" + NestedLiteral(type, rng, without_nul) + ")::" + type.Sql();
	}
	return "(" + NestedLiteral(type, rng, features) + ")::" + type.Sql();
}

//! A value spread over many rows, computed from the counter, for the types where that is easy.
static std::string DerivedFromCounter(const ColumnType &type, const std::string &counter, Rng &rng) {
	auto multiplier = std::to_string(rng.Range(1, 97));
	auto offset = std::to_string(rng.Range(0, 1000));
	auto spread = "(" + counter + " * " + multiplier + " + " + offset + ")";
	if (type.IsInteger()) {
		return "(" + spread + " % 100)::" + type.Sql();
	}
	if (!type.IsScalar()) {
		return "NULL::" + type.Sql();
	}
	switch (type.scalar) {
	case Scalar::VARCHAR:
		return "'v' || " + spread + "::VARCHAR";
	case Scalar::DOUBLE:
	case Scalar::FLOAT:
	case Scalar::DECIMAL:
		return "(" + spread + " % 1000 / 8)::" + type.Sql();
	case Scalar::DATE:
		return "(DATE '2000-01-01' + (" + spread + " % 10000)::INTEGER)";
	case Scalar::TIMESTAMP:
		return "(TIMESTAMP '2000-01-01' + to_seconds(" + spread + "))";
	case Scalar::BOOLEAN:
		return "(" + spread + " % 3 = 0)";
	case Scalar::BLOB:
		return spread + "::VARCHAR::BLOB";
	default:
		return "NULL::" + type.Sql();
	}
}

std::string BulkExpression(const ColumnType &type, Rng &rng, const FeatureSet &features, const std::string &counter) {
	auto literal_count = rng.Range(1, 5);
	auto cycle = literal_count + rng.Range(0, 3);
	std::string result = "CASE (" + counter + " * " + std::to_string(rng.Range(1, 31)) + " + " +
	                     std::to_string(rng.Range(0, 99)) + ") % " + std::to_string(cycle);
	for (int64_t i = 0; i < literal_count; i++) {
		result += " WHEN " + std::to_string(i) + " THEN " + Literal(type, rng, features, 20);
	}
	return result + " ELSE " + DerivedFromCounter(type, counter, rng) + " END";
}

static std::string ScalarMutation(const ColumnType &type, const std::string &c, Rng &rng) {
	if (type.IsInteger()) {
		bool wide = type.scalar == Scalar::HUGEINT || type.scalar == Scalar::UHUGEINT;
		if (wide) {
			// No doubling: with "hugeint" excluded values stay below 2^53 (defect 5).
			return rng.Pick(std::vector<std::string> {c + " + 1", c + " - 1", c + " // 2"});
		}
		return rng.Pick(std::vector<std::string> {c + " + 1", c + " - 1", c + " // 2", c + " * 2"});
	}
	switch (type.scalar) {
	case Scalar::DECIMAL:
		return rng.Pick(std::vector<std::string> {"-" + c, c + " * 2", c + " / 3"});
	case Scalar::FLOAT:
	case Scalar::DOUBLE:
		// Not -c: 0.0 -> -0.0 is no change for native DuckDB's UPDATE (see the "signed-zero" feature).
		return rng.Pick(std::vector<std::string> {c + " - 1", c + " * 2", c + " / 3"});
	case Scalar::VARCHAR:
		return rng.Pick(std::vector<std::string> {c + " || 'u'", "upper(" + c + ")", "reverse(" + c + ")"});
	case Scalar::BLOB:
		return c + " || unhex('01')";
	case Scalar::BOOLEAN:
		return "NOT " + c;
	case Scalar::DATE:
		return c + " + 1";
	case Scalar::TIMESTAMP:
	case Scalar::TIMESTAMPTZ:
		return c + " + INTERVAL 1 HOUR";
	case Scalar::TIME:
		return c + " + INTERVAL 1 MINUTE";
	case Scalar::INTERVAL:
		return c + " + INTERVAL 1 DAY";
	default:
		return "";
	}
}

std::string MutateExpression(const ColumnType &type, const std::string &column, Rng &rng,
                             const FeatureSet &features) {
	if (rng.Percent(60)) {
		std::string mutation;
		if (type.IsScalar()) {
			mutation = ScalarMutation(type, column, rng);
		} else if (type.kind == ColumnType::Kind::LIST) {
			mutation = rng.Percent(50) ? "list_reverse(" + column + ")"
			                           : "list_append(" + column + ", " +
			                                 Literal(type.children[0].second, rng, features, 20) + ")";
		}
		if (!mutation.empty()) {
			return mutation;
		}
	}
	return Literal(type, rng, features, 15);
}

} // namespace inlake_random

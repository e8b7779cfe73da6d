#include "column_type.hpp"

#include <stdexcept>

namespace inlake_random {

static const char *ScalarSql(Scalar scalar) {
	switch (scalar) {
	case Scalar::BOOLEAN: return "BOOLEAN";
	case Scalar::TINYINT: return "TINYINT";
	case Scalar::SMALLINT: return "SMALLINT";
	case Scalar::INTEGER: return "INTEGER";
	case Scalar::BIGINT: return "BIGINT";
	case Scalar::HUGEINT: return "HUGEINT";
	case Scalar::UTINYINT: return "UTINYINT";
	case Scalar::USMALLINT: return "USMALLINT";
	case Scalar::UINTEGER: return "UINTEGER";
	case Scalar::UBIGINT: return "UBIGINT";
	case Scalar::UHUGEINT: return "UHUGEINT";
	case Scalar::DECIMAL: return "DECIMAL";
	case Scalar::FLOAT: return "FLOAT";
	case Scalar::DOUBLE: return "DOUBLE";
	case Scalar::VARCHAR: return "VARCHAR";
	case Scalar::BLOB: return "BLOB";
	case Scalar::UUID: return "UUID";
	case Scalar::JSON: return "JSON";
	case Scalar::DATE: return "DATE";
	case Scalar::TIME: return "TIME";
	case Scalar::TIMETZ: return "TIME WITH TIME ZONE";
	case Scalar::TIMESTAMP: return "TIMESTAMP";
	case Scalar::TIMESTAMP_S: return "TIMESTAMP_S";
	case Scalar::TIMESTAMP_MS: return "TIMESTAMP_MS";
	case Scalar::TIMESTAMP_NS: return "TIMESTAMP_NS";
	case Scalar::TIMESTAMPTZ: return "TIMESTAMP WITH TIME ZONE";
	case Scalar::INTERVAL: return "INTERVAL";
	}
	throw std::logic_error("unhandled scalar");
}

ColumnType ColumnType::Of(Scalar scalar) {
	ColumnType type;
	type.scalar = scalar;
	return type;
}

ColumnType ColumnType::Decimal(int width, int scale) {
	auto type = Of(Scalar::DECIMAL);
	type.width = width;
	type.scale = scale;
	return type;
}

ColumnType ColumnType::List(ColumnType child) {
	ColumnType type;
	type.kind = Kind::LIST;
	type.children.emplace_back("", std::move(child));
	return type;
}

ColumnType ColumnType::Map(ColumnType key, ColumnType value) {
	ColumnType type;
	type.kind = Kind::MAP;
	type.children.emplace_back("key", std::move(key));
	type.children.emplace_back("value", std::move(value));
	return type;
}

ColumnType ColumnType::Struct(std::vector<std::pair<std::string, ColumnType>> fields) {
	ColumnType type;
	type.kind = Kind::STRUCT;
	type.children = std::move(fields);
	return type;
}

std::string ColumnType::Sql() const {
	switch (kind) {
	case Kind::SCALAR:
		if (scalar == Scalar::DECIMAL) {
			return "DECIMAL(" + std::to_string(width) + "," + std::to_string(scale) + ")";
		}
		return ScalarSql(scalar);
	case Kind::LIST:
		return children[0].second.Sql() + "[]";
	case Kind::MAP:
		return "MAP(" + children[0].second.Sql() + ", " + children[1].second.Sql() + ")";
	case Kind::STRUCT: {
		std::string result = "STRUCT(";
		for (size_t i = 0; i < children.size(); i++) {
			result += (i ? ", " : "") + children[i].first + " " + children[i].second.Sql();
		}
		return result + ")";
	}
	}
	throw std::logic_error("unhandled kind");
}

bool ColumnType::IsInteger() const {
	if (kind != Kind::SCALAR) {
		return false;
	}
	switch (scalar) {
	case Scalar::TINYINT:
	case Scalar::SMALLINT:
	case Scalar::INTEGER:
	case Scalar::BIGINT:
	case Scalar::HUGEINT:
	case Scalar::UTINYINT:
	case Scalar::USMALLINT:
	case Scalar::UINTEGER:
	case Scalar::UBIGINT:
	case Scalar::UHUGEINT:
		return true;
	default:
		return false;
	}
}

bool ColumnType::IsUnsigned() const {
	return kind == Kind::SCALAR &&
	       (scalar == Scalar::UTINYINT || scalar == Scalar::USMALLINT || scalar == Scalar::UINTEGER ||
	        scalar == Scalar::UBIGINT || scalar == Scalar::UHUGEINT);
}

bool ColumnType::ContainsMap() const {
	if (kind == Kind::MAP) {
		return true;
	}
	for (auto &child : children) {
		if (child.second.ContainsMap()) {
			return true;
		}
	}
	return false;
}

bool ColumnType::Contains(Scalar wanted) const {
	if (kind == Kind::SCALAR) {
		return scalar == wanted;
	}
	for (auto &child : children) {
		if (child.second.Contains(wanted)) {
			return true;
		}
	}
	return false;
}

bool ColumnType::Orderable() const {
	return kind == Kind::SCALAR && scalar != Scalar::JSON && scalar != Scalar::BOOLEAN;
}

std::vector<ColumnType> WideningTargets(const ColumnType &type) {
	if (!type.IsScalar()) {
		return {};
	}
	std::vector<Scalar> targets;
	switch (type.scalar) {
	case Scalar::TINYINT: targets = {Scalar::SMALLINT, Scalar::INTEGER, Scalar::BIGINT}; break;
	case Scalar::SMALLINT: targets = {Scalar::INTEGER, Scalar::BIGINT}; break;
	case Scalar::INTEGER: targets = {Scalar::BIGINT}; break;
	case Scalar::UTINYINT:
		targets = {Scalar::USMALLINT, Scalar::UINTEGER, Scalar::UBIGINT, Scalar::SMALLINT, Scalar::INTEGER,
		           Scalar::BIGINT};
		break;
	case Scalar::USMALLINT: targets = {Scalar::UINTEGER, Scalar::UBIGINT, Scalar::INTEGER, Scalar::BIGINT}; break;
	case Scalar::UINTEGER: targets = {Scalar::UBIGINT, Scalar::BIGINT}; break;
	// (issue 32: filters over files of the older type must compare at the new one)
	case Scalar::FLOAT: targets = {Scalar::DOUBLE}; break;
	case Scalar::DECIMAL: {
		std::vector<ColumnType> result;
		if (type.width + 2 <= 38) {
			result.push_back(ColumnType::Decimal(type.width + 2, type.scale + 2)); // the scale widened
		}
		if (type.width + 1 <= 38) {
			result.push_back(ColumnType::Decimal(type.width + 1, type.scale));
		}
		return result;
	}
	default: break;
	}
	std::vector<ColumnType> result;
	for (auto target : targets) {
		result.push_back(ColumnType::Of(target));
	}
	return result;
}

static std::vector<Scalar> EnabledScalars(const FeatureSet &features) {
	std::vector<Scalar> scalars = {Scalar::BOOLEAN,  Scalar::TINYINT,  Scalar::SMALLINT,  Scalar::INTEGER,
	                               Scalar::BIGINT,   Scalar::HUGEINT,  Scalar::UTINYINT,  Scalar::USMALLINT,
	                               Scalar::UINTEGER, Scalar::UBIGINT,  Scalar::UHUGEINT,  Scalar::DECIMAL,
	                               Scalar::VARCHAR,  Scalar::BLOB,     Scalar::UUID,      Scalar::JSON};
	if (features.On("float")) {
		scalars.insert(scalars.end(), {Scalar::FLOAT, Scalar::DOUBLE});
	}
	if (features.On("temporal")) {
		scalars.insert(scalars.end(), {Scalar::DATE, Scalar::TIME, Scalar::TIMETZ, Scalar::TIMESTAMP,
		                               Scalar::TIMESTAMP_S, Scalar::TIMESTAMP_MS, Scalar::TIMESTAMP_NS,
		                               Scalar::TIMESTAMPTZ, Scalar::INTERVAL});
	}
	return scalars;
}

static ColumnType RandomScalarType(Rng &rng, const FeatureSet &features) {
	auto scalar = rng.Pick(EnabledScalars(features));
	if (scalar == Scalar::DECIMAL) {
		static const std::vector<std::pair<int, int>> shapes = {{4, 1}, {9, 3}, {18, 6}, {38, 10}, {5, 0}, {38, 0}};
		auto shape = rng.Pick(shapes);
		return ColumnType::Decimal(shape.first, shape.second);
	}
	return ColumnType::Of(scalar);
}

static ColumnType RandomNestedType(Rng &rng, const FeatureSet &features, int depth) {
	auto leaf = [&]() {
		return depth >= 2 || rng.Percent(60) ? RandomScalarType(rng, features)
		                                    : RandomNestedType(rng, features, depth + 1);
	};
	switch (rng.Below(3)) {
	case 0:
		return ColumnType::List(leaf());
	case 1: {
		std::vector<std::pair<std::string, ColumnType>> fields;
		auto count = rng.Range(1, 3);
		for (int64_t i = 0; i < count; i++) {
			fields.emplace_back(std::string(1, char('a' + i)), leaf());
		}
		return ColumnType::Struct(std::move(fields));
	}
	default: {
		// MAP keys: a scalar that is neither NULL-able in practice nor floating (NaN keys are legal but unhelpful).
		static const std::vector<Scalar> keys = {Scalar::VARCHAR, Scalar::INTEGER, Scalar::BIGINT, Scalar::UUID};
		return ColumnType::Map(ColumnType::Of(rng.Pick(keys)), leaf());
	}
	}
}

ColumnType RandomColumnType(Rng &rng, const FeatureSet &features) {
	if (features.On("nested") && rng.Percent(20)) {
		return RandomNestedType(rng, features, 0);
	}
	return RandomScalarType(rng, features);
}

} // namespace inlake_random

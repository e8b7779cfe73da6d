//===----------------------------------------------------------------------===//
// ColumnType: the column types the generator uses, as a small tree (scalar,
// LIST, STRUCT, MAP), and the random choice of one.
//
// Contract: Sql() spells the type exactly as DuckDB's DESCRIBE prints it, so a
// table's model can be checked against both tables' DESCRIBE. Only types the
// lake supports are produced (never VARIANT: defect 2). WideningTargets lists
// the lossless ALTER COLUMN ... TYPE targets of a type (DuckLake's promotions).
//===----------------------------------------------------------------------===//
#pragma once

#include "features.hpp"
#include "rng.hpp"

#include <string>
#include <utility>
#include <vector>

namespace inlake_random {

enum class Scalar {
	BOOLEAN,
	TINYINT,
	SMALLINT,
	INTEGER,
	BIGINT,
	HUGEINT,
	UTINYINT,
	USMALLINT,
	UINTEGER,
	UBIGINT,
	UHUGEINT,
	DECIMAL,
	FLOAT,
	DOUBLE,
	VARCHAR,
	BLOB,
	UUID,
	JSON,
	DATE,
	TIME,
	TIMETZ,
	TIMESTAMP,
	TIMESTAMP_S,
	TIMESTAMP_MS,
	TIMESTAMP_NS,
	TIMESTAMPTZ,
	INTERVAL
};

struct ColumnType {
	enum class Kind { SCALAR, LIST, STRUCT, MAP };
	Kind kind = Kind::SCALAR;
	Scalar scalar = Scalar::INTEGER;
	int width = 0; // DECIMAL only
	int scale = 0; // DECIMAL only
	//! LIST: one child; MAP: key, value; STRUCT: the fields.
	std::vector<std::pair<std::string, ColumnType>> children;

	static ColumnType Of(Scalar scalar);
	static ColumnType Decimal(int width, int scale);
	static ColumnType List(ColumnType child);
	static ColumnType Map(ColumnType key, ColumnType value);
	static ColumnType Struct(std::vector<std::pair<std::string, ColumnType>> fields);

	std::string Sql() const;
	bool IsScalar() const {
		return kind == Kind::SCALAR;
	}
	bool IsInteger() const;
	bool IsUnsigned() const;
	bool ContainsMap() const;
	bool Contains(Scalar scalar) const;
	//! Scalars with a total order that a range predicate (<, >) may use.
	bool Orderable() const;
	bool operator==(const ColumnType &other) const {
		return Sql() == other.Sql();
	}
};

//! Lossless ALTER COLUMN TYPE targets (empty for nested and most other types).
std::vector<ColumnType> WideningTargets(const ColumnType &type);

//! A random column type out of the ones the enabled features allow.
ColumnType RandomColumnType(Rng &rng, const FeatureSet &features);

} // namespace inlake_random

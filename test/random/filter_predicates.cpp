#include "filter_predicates.hpp"

#include "filter_constants.hpp"

#include <vector>

namespace inlake_random {

namespace {

enum class Op { EQ, NE, NE_C, LT, LE, GT, GE, DISTINCT, NOT_DISTINCT, BETWEEN, NOT_BETWEEN, IN, NOT_IN, NULL_, NOT_NULL };

//! A comparison with a constant: the operators every type has, and the range ones where values are ordered.
std::vector<Op> Operators(const ColumnType &type) {
	std::vector<Op> ops = {Op::EQ, Op::NE, Op::NE_C, Op::DISTINCT, Op::NOT_DISTINCT, Op::IN, Op::NOT_IN, Op::NULL_,
	                       Op::NOT_NULL};
	if (type.Orderable() || (type.IsScalar() && type.scalar == Scalar::BOOLEAN)) {
		ops.insert(ops.end(), {Op::LT, Op::LE, Op::GT, Op::GE, Op::BETWEEN, Op::NOT_BETWEEN});
	}
	return ops;
}

const char *BinaryOperator(Op op) {
	switch (op) {
	case Op::EQ: return " = ";
	case Op::NE: return " <> ";
	case Op::NE_C: return " != ";
	case Op::LT: return " < ";
	case Op::LE: return " <= ";
	case Op::GT: return " > ";
	case Op::GE: return " >= ";
	case Op::DISTINCT: return " IS DISTINCT FROM ";
	default: return " IS NOT DISTINCT FROM ";
	}
}

class PredicateMaker {
public:
	PredicateMaker(const ColumnType &type, const std::string &column, Rng &rng, const FeatureSet &features)
	    : type(type), column(column), rng(rng), features(features),
	      null_filter_broken(type.IsScalar() && (type.scalar == Scalar::INTERVAL || type.scalar == Scalar::TIMETZ) &&
	                         features.Off("is-null-interval")) {
	}

	std::string Make() {
		if (!type.IsScalar() && features.Off("nested-filter")) {
			return column + (rng.Percent(50) ? " IS NULL" : " IS NOT NULL");
		}
		auto condition = Comparison(rng.Pick(Operators(type)));
		// NOT (x IS NOT NULL) would be an IS NULL
		return rng.Percent(10) && !null_filter_broken ? "NOT (" + condition + ")" : condition;
	}

private:
	std::string Constant() {
		return FilterConstant(type, rng, features);
	}

	std::string List() {
		std::string list;
		auto count = rng.Range(1, 4);
		for (int64_t i = 0; i < count; i++) {
			list += (i ? ", " : "") + Constant();
		}
		return "(" + list + ")";
	}

	std::string Comparison(Op op) {
		switch (op) {
		case Op::NULL_:
			return column + (null_filter_broken ? " IS NOT NULL" : " IS NULL");
		case Op::NOT_NULL:
			return column + " IS NOT NULL";
		case Op::BETWEEN:
			return column + " BETWEEN " + Constant() + " AND " + Constant();
		case Op::NOT_BETWEEN:
			return column + " NOT BETWEEN " + Constant() + " AND " + Constant();
		case Op::IN:
			return column + " IN " + List();
		case Op::NOT_IN:
			return column + " NOT IN " + List();
		case Op::NOT_DISTINCT:
			return column + BinaryOperator(op) + (null_filter_broken ? NotNull() : Constant());
		default:
			return column + BinaryOperator(op) + Constant();
		}
	}

	std::string NotNull() {
		for (;;) {
			auto constant = Constant();
			if (constant.rfind("NULL", 0) != 0) {
				return constant;
			}
		}
	}

	const ColumnType &type;
	const std::string &column;
	Rng &rng;
	const FeatureSet &features;
	bool null_filter_broken;
};

} // namespace

std::string Predicate(const ColumnType &type, const std::string &column, Rng &rng, const FeatureSet &features) {
	return PredicateMaker(type, column, rng, features).Make();
}

} // namespace inlake_random

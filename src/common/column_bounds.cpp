#include "common/column_bounds.hpp"

#include "duckdb/storage/statistics/numeric_stats.hpp"

namespace inlake {
using namespace duckdb;

bool HasValueBounds(const LogicalType &type) {
	switch (type.id()) {
	case LogicalTypeId::TINYINT:
	case LogicalTypeId::SMALLINT:
	case LogicalTypeId::INTEGER:
	case LogicalTypeId::BIGINT:
	case LogicalTypeId::UTINYINT:
	case LogicalTypeId::USMALLINT:
	case LogicalTypeId::UINTEGER:
	case LogicalTypeId::UBIGINT:
	case LogicalTypeId::DATE:
		return true;
	default:
		return false;
	}
}

unique_ptr<BaseStatistics> BoundsStatistics(const LogicalType &type, const Value &min, const Value &max,
                                            bool has_null) {
	Value typed_min, typed_max;
	string error;
	if (min.IsNull() || max.IsNull() || !min.DefaultTryCastAs(type, typed_min, &error) ||
	    !max.DefaultTryCastAs(type, typed_max, &error)) {
		return nullptr;
	}
	auto stats = BaseStatistics::CreateEmpty(type);
	NumericStats::SetMin(stats, typed_min);
	NumericStats::SetMax(stats, typed_max);
	stats.SetHasNoNull();
	if (has_null) {
		stats.SetHasNull();
	}
	return stats.ToUnique();
}

} // namespace inlake

#include "catalog/type_promotion.hpp"

#include "duckdb/common/exception.hpp"
#include "duckdb/common/types/decimal.hpp"

#include <vector>

namespace inlake {
using duckdb::LogicalType;
using duckdb::LogicalTypeId;

//! The integer and floating types every value of `from` fits in exactly.
static std::vector<LogicalTypeId> WiderTypes(LogicalTypeId from) {
	switch (from) {
	case LogicalTypeId::TINYINT:
		return {LogicalTypeId::SMALLINT, LogicalTypeId::INTEGER, LogicalTypeId::BIGINT};
	case LogicalTypeId::SMALLINT:
		return {LogicalTypeId::INTEGER, LogicalTypeId::BIGINT};
	case LogicalTypeId::INTEGER:
		return {LogicalTypeId::BIGINT};
	case LogicalTypeId::UTINYINT:
		return {LogicalTypeId::USMALLINT, LogicalTypeId::UINTEGER, LogicalTypeId::UBIGINT,
		        LogicalTypeId::SMALLINT,  LogicalTypeId::INTEGER,  LogicalTypeId::BIGINT};
	case LogicalTypeId::USMALLINT:
		return {LogicalTypeId::UINTEGER, LogicalTypeId::UBIGINT, LogicalTypeId::INTEGER, LogicalTypeId::BIGINT};
	case LogicalTypeId::UINTEGER:
		return {LogicalTypeId::UBIGINT, LogicalTypeId::BIGINT};
	default:
		return {};
	}
}

static bool IsAllowed(const LogicalType &from, const LogicalType &to) {
	if (from == to || (from.IsJSONType() && to.id() == LogicalTypeId::VARCHAR)) {
		return true; // the same type, or JSON read as the text it is (not VARCHAR as JSON: not all text is JSON)
	}
	if (from.id() == LogicalTypeId::DECIMAL && to.id() == LogicalTypeId::DECIMAL) {
		auto from_scale = duckdb::DecimalType::GetScale(from);
		auto to_scale = duckdb::DecimalType::GetScale(to);
		auto from_digits = duckdb::DecimalType::GetWidth(from) - from_scale;
		auto to_digits = duckdb::DecimalType::GetWidth(to) - to_scale;
		return to_scale >= from_scale && to_digits >= from_digits;
	}
	if (from.id() == LogicalTypeId::FLOAT && to.id() == LogicalTypeId::DOUBLE) {
		return true; // filters over files of FLOATs compare exactly: read/lake_multi_file_reader.cpp, ExactFilters
	}
	for (auto wider : WiderTypes(from.id())) {
		if (to.id() == wider) {
			return true;
		}
	}
	return false;
}

void CheckTypePromotion(const std::string &table_name, const std::string &column_name, const LogicalType &from,
                        const LogicalType &to) {
	if (IsAllowed(from, to)) {
		return;
	}
	throw duckdb::NotImplementedException(
	    "Cannot change the type of column \"%s\" of table \"%s\" from %s to %s: DuckLake tables allow only widening "
	    "type changes that keep every stored value (e.g. INTEGER to BIGINT); add a new column, copy "
	    "the values and drop the old one instead",
	    column_name, table_name, from.ToString(), to.ToString());
}

} // namespace inlake

#include "metadata/sql/sql_dialect.hpp"

#include "duckdb/common/exception.hpp"

namespace inlake {

std::string SQLiteDialect::CatalogColumnType(const std::string &spec_type) const {
	if (spec_type == "BIGINT" || spec_type == "BOOLEAN") {
		return "INTEGER";
	}
	if (spec_type == "VARCHAR" || spec_type == "UUID" || spec_type == "TIMESTAMPTZ") {
		return "TEXT";
	}
	throw duckdb::InternalException("no SQLite type for catalog column type %s", spec_type);
}

} // namespace inlake

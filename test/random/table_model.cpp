#include "table_model.hpp"

#include "value_sql.hpp"

namespace inlake_random {

std::string TableModel::CreateSql(const std::string &qualified_name) const {
	std::string sql = "CREATE TABLE " + qualified_name + " (";
	for (size_t i = 0; i < columns.size(); i++) {
		sql += (i ? ", " : "") + QuoteIdentifier(columns[i].name) + " " + columns[i].type.Sql();
	}
	return sql + ")";
}

std::vector<const ColumnModel *> TableModel::ValueColumns() const {
	std::vector<const ColumnModel *> result;
	for (size_t i = 1; i < columns.size(); i++) {
		result.push_back(&columns[i]);
	}
	return result;
}

int TableModel::FindColumn(const std::string &column_name) const {
	for (size_t i = 0; i < columns.size(); i++) {
		if (columns[i].name == column_name) {
			return int(i);
		}
	}
	return -1;
}

std::string TableModel::NewColumnName(int id, uint64_t salt) const {
	switch (salt % 10) {
	case 0:
		return "Col " + std::to_string(id) + " \"q\"";
	case 1:
		return "ü_" + std::to_string(id);
	default:
		return "c" + std::to_string(id);
	}
}

} // namespace inlake_random

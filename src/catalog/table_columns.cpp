#include "catalog/table_columns.hpp"

#include "common/lake_type_names.hpp"

#include "duckdb/parser/constraints/not_null_constraint.hpp"
#include "duckdb/parser/parser.hpp"

namespace inlake {
using duckdb::LogicalType;
using duckdb::LogicalTypeId;

static LakeColumn MakeColumn(const std::string &name, const LogicalType &type, int64_t &next_id) {
	LakeColumn column;
	column.column_id = next_id++;
	column.name = name;
	column.type = type;
	column.children = NestedChildColumns(type, next_id);
	return column;
}

LakeColumn AddedColumn(const duckdb::ColumnDefinition &definition, const std::vector<LakeColumn> &columns,
                       int64_t &max_column_id) {
	auto next_id = std::max(max_column_id, MaxColumnId(columns)) + 1;
	auto column = MakeColumn(definition.Name(), definition.Type(), next_id);
	if (definition.HasDefaultValue()) {
		column.default_sql = definition.DefaultValue().ToString();
	}
	max_column_id = next_id - 1;
	return column;
}

int64_t MaxColumnId(const std::vector<LakeColumn> &columns) {
	int64_t max_id = 0;
	for (auto &column : columns) {
		max_id = std::max(max_id, std::max(column.column_id, MaxColumnId(column.children)));
	}
	return max_id;
}

std::vector<LakeColumn> NestedChildColumns(const LogicalType &type, int64_t &next_id) {
	std::vector<LakeColumn> children;
	switch (type.id()) {
	case LogicalTypeId::STRUCT:
		for (auto &child : duckdb::StructType::GetChildTypes(type)) {
			children.push_back(MakeColumn(child.first, child.second, next_id));
		}
		break;
	case LogicalTypeId::LIST:
		children.push_back(MakeColumn("element", duckdb::ListType::GetChildType(type), next_id));
		break;
	case LogicalTypeId::MAP:
		children.push_back(MakeColumn("key", duckdb::MapType::KeyType(type), next_id));
		children.push_back(MakeColumn("value", duckdb::MapType::ValueType(type), next_id));
		break;
	default:
		break;
	}
	return children;
}

std::vector<LakeColumn> ColumnsFromCreateInfo(const duckdb::CreateTableInfo &info) {
	std::vector<LakeColumn> columns;
	int64_t next_id = 1;
	for (auto &definition : info.columns.Logical()) {
		if (definition.Generated()) {
			throw duckdb::NotImplementedException("DuckLake tables do not support generated columns (column \"%s\")",
			                                      definition.Name());
		}
		CheckStorableType(definition.Name(), definition.Type());
		auto column = MakeColumn(definition.Name(), definition.Type(), next_id);
		if (definition.HasDefaultValue()) {
			column.default_sql = definition.DefaultValue().ToString();
		}
		columns.push_back(std::move(column));
	}
	for (auto &constraint : info.constraints) {
		switch (constraint->type) {
		case duckdb::ConstraintType::NOT_NULL: {
			auto &not_null = constraint->Cast<duckdb::NotNullConstraint>();
			columns[not_null.index.index].nulls_allowed = false;
			break;
		}
		default:
			throw duckdb::NotImplementedException(
			    "DuckLake tables do not support %s constraints (only NOT NULL)",
			    constraint->type == duckdb::ConstraintType::UNIQUE ? "PRIMARY KEY/UNIQUE"
			                                                       : constraint->ToString().c_str());
		}
	}
	return columns;
}

duckdb::unique_ptr<duckdb::CreateTableInfo> CreateInfoFromColumns(const std::string &schema, const std::string &table,
                                                                  const std::vector<LakeColumn> &columns) {
	auto info = duckdb::make_uniq<duckdb::CreateTableInfo>();
	info->schema = schema;
	info->table = table;
	for (size_t i = 0; i < columns.size(); i++) {
		auto &column = columns[i];
		duckdb::ColumnDefinition definition(column.name, column.type);
		if (!column.default_sql.empty()) {
			auto expressions = duckdb::Parser::ParseExpressionList(column.default_sql);
			if (expressions.size() == 1) {
				definition.SetDefaultValue(std::move(expressions[0]));
			}
		}
		if (column.has_comment) {
			definition.SetComment(duckdb::Value(column.comment));
		}
		info->columns.AddColumn(std::move(definition));
		if (!column.nulls_allowed) {
			info->constraints.push_back(duckdb::make_uniq<duckdb::NotNullConstraint>(duckdb::LogicalIndex(i)));
		}
	}
	return info;
}

} // namespace inlake

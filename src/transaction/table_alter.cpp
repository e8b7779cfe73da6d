#include "transaction/table_alter.hpp"

#include "transaction/nested_field_alter.hpp"
#include "transaction/partition_alter.hpp"
#include "transaction/unsupported_alter.hpp"

#include "catalog/type_promotion.hpp"

#include "catalog/table_columns.hpp"
#include "common/lake_type_names.hpp"

#include "duckdb/common/exception.hpp"
#include "duckdb/common/exception/catalog_exception.hpp"
#include "duckdb/common/string_util.hpp"
#include "duckdb/parser/expression/columnref_expression.hpp"
#include "duckdb/parser/parsed_expression_iterator.hpp"
#include "duckdb/parser/parser.hpp"

#include <algorithm>
#include <functional>

namespace inlake {
using namespace duckdb; // NOLINT

static int64_t FindColumn(const TableRecord &record, const std::string &name) {
	for (size_t i = 0; i < record.columns.size(); i++) {
		if (StringUtil::CIEquals(record.columns[i].name, name)) {
			return int64_t(i);
		}
	}
	return -1;
}

static LakeColumn &RequireColumn(TableRecord &record, const std::string &name) {
	auto index = FindColumn(record, name);
	if (index < 0) {
		throw CatalogException("Table \"%s\" does not have a column named \"%s\"", record.table_name, name);
	}
	return record.columns[index];
}

static void RequireNewName(const TableRecord &record, const std::string &name) {
	if (FindColumn(record, name) >= 0) {
		throw CatalogException("Column with name \"%s\" already exists in table \"%s\"", name, record.table_name);
	}
}

static std::string SortDirection(OrderType type) {
	return type == OrderType::DESCENDING ? "DESC" : "ASC";
}

static std::string NullOrder(OrderByNullType order, OrderType type) {
	if (order == OrderByNullType::NULLS_FIRST) {
		return "NULLS_FIRST";
	}
	if (order == OrderByNullType::NULLS_LAST) {
		return "NULLS_LAST";
	}
	// DuckDB's default: NULLS LAST for both directions
	return "NULLS_LAST";
}

//! Calls `visit` on every column reference of a parsed expression.
static void VisitColumnRefs(ParsedExpression &expression, const std::function<void(ColumnRefExpression &)> &visit) {
	if (expression.GetExpressionClass() == ExpressionClass::COLUMN_REF) {
		visit(expression.Cast<ColumnRefExpression>());
	}
	ParsedExpressionIterator::EnumerateChildren(
	    expression, [&](ParsedExpression &child) { VisitColumnRefs(child, visit); });
}

//! Renames the column in every sort key that uses it; returns whether any did.
static bool RenameInSortKeys(TableRecord &record, const std::string &old_name, const std::string &new_name) {
	bool changed = false;
	for (auto &key : record.sort_keys) {
		auto expressions = Parser::ParseExpressionList(key.expression);
		bool uses = false;
		for (auto &expression : expressions) {
			VisitColumnRefs(*expression, [&](ColumnRefExpression &ref) {
				if (StringUtil::CIEquals(ref.GetColumnName(), old_name)) {
					ref.column_names.back() = new_name;
					uses = true;
				}
			});
		}
		if (uses && expressions.size() == 1) {
			key.expression = expressions[0]->ToString();
			changed = true;
		}
	}
	return changed;
}

//! Drops the sort keys that use the column; returns whether any did.
static bool DropFromSortKeys(TableRecord &record, const std::string &name) {
	auto before = record.sort_keys.size();
	record.sort_keys.erase(std::remove_if(record.sort_keys.begin(), record.sort_keys.end(),
	                                      [&](const TableRecord::SortKey &key) {
		                                      bool uses = false;
		                                      for (auto &expression : Parser::ParseExpressionList(key.expression)) {
			                                      VisitColumnRefs(*expression, [&](ColumnRefExpression &ref) {
				                                      uses = uses || StringUtil::CIEquals(ref.GetColumnName(), name);
			                                      });
		                                      }
		                                      return uses;
	                                      }),
	                       record.sort_keys.end());
	return record.sort_keys.size() != before;
}

AlterResult AlterTableRecord(const TableRecord &old_record, AlterTableInfo &info) {
	AlterResult result;
	auto &record = result.record;
	record = old_record;
	for (size_t i = 0; i < record.columns.size(); i++) {
		result.column_sources.push_back(int64_t(i));
	}
	switch (info.alter_table_type) {
	case AlterTableType::RENAME_TABLE:
		record.table_name = info.Cast<RenameTableInfo>().new_table_name;
		break;
	case AlterTableType::RENAME_COLUMN: {
		auto &rename = info.Cast<RenameColumnInfo>();
		RequireNewName(record, rename.new_name);
		RequireColumn(record, rename.old_name).name = rename.new_name;
		result.columns_changed = true;
		result.sort_changed = RenameInSortKeys(record, rename.old_name, rename.new_name);
		break;
	}
	case AlterTableType::ADD_COLUMN: {
		auto &add = info.Cast<AddColumnInfo>();
		if (FindColumn(record, add.new_column.Name()) >= 0) {
			if (add.if_column_not_exists) {
				return result;
			}
			RequireNewName(record, add.new_column.Name());
		}
		CheckStorableType(add.new_column.Name(), add.new_column.Type());
		// (its DEFAULT becomes the initial default: FixInitialDefault)
		record.columns.push_back(AddedColumn(add.new_column, record.columns, record.max_column_id));
		result.column_sources.push_back(-1);
		result.columns_changed = true;
		break;
	}
	case AlterTableType::REMOVE_COLUMN: {
		auto &remove = info.Cast<RemoveColumnInfo>();
		auto index = FindColumn(record, remove.removed_column);
		if (index < 0) {
			if (remove.if_column_exists) {
				return result;
			}
			RequireColumn(record, remove.removed_column);
		}
		if (record.columns.size() == 1) {
			throw CatalogException("Cannot drop column \"%s\": a table needs at least one column",
			                       remove.removed_column);
		}
		CheckNotPartitionKey(record, record.columns[index].column_id, record.columns[index].name);
		result.sort_changed = DropFromSortKeys(record, record.columns[index].name);
		record.columns.erase(record.columns.begin() + index);
		result.column_sources.erase(result.column_sources.begin() + index);
		result.columns_changed = true;
		break;
	}
	case AlterTableType::ALTER_COLUMN_TYPE: {
		auto &change = info.Cast<ChangeColumnTypeInfo>();
		auto &column = RequireColumn(record, change.column_name);
		if (change.expression && change.expression->GetExpressionClass() != ExpressionClass::CAST &&
		    change.expression->GetExpressionClass() != ExpressionClass::COLUMN_REF) {
			throw NotImplementedException("ALTER COLUMN TYPE ... USING on a DuckLake table is not supported");
		}
		CheckStorableType(change.column_name, change.target_type);
		if (change.target_type.IsNested() || column.type.IsNested()) {
			EvolveNestedColumnType(record, column, change.target_type);
		} else {
			CheckTypePromotion(record.table_name, column.name, column.type, change.target_type);
			column.type = change.target_type;
		}
		CheckPartitionTypes(record);
		result.columns_changed = true;
		break;
	}
	case AlterTableType::SET_NOT_NULL:
		RequireColumn(record, info.Cast<SetNotNullInfo>().column_name).nulls_allowed = false;
		result.columns_changed = true;
		break;
	case AlterTableType::DROP_NOT_NULL:
		RequireColumn(record, info.Cast<DropNotNullInfo>().column_name).nulls_allowed = true;
		result.columns_changed = true;
		break;
	case AlterTableType::SET_DEFAULT: {
		auto &set_default = info.Cast<SetDefaultInfo>();
		RequireColumn(record, set_default.column_name).default_sql =
		    set_default.expression ? set_default.expression->ToString() : std::string();
		result.columns_changed = true;
		break;
	}
	case AlterTableType::SET_SORTED_BY: {
		record.sort_keys.clear();
		for (auto &order : info.Cast<SetSortedByInfo>().orders) {
			record.sort_keys.push_back({order.expression->ToString(), SortDirection(order.type),
			                            NullOrder(order.null_order, order.type)});
		}
		result.sort_changed = true;
		break;
	}
	case AlterTableType::SET_PARTITIONED_BY: {
		record.partition = PartitionSpecFromKeys(record, info.Cast<SetPartitionedByInfo>().partition_keys);
		result.partition_changed = true;
		break;
	}
	case AlterTableType::ADD_FIELD:
	case AlterTableType::REMOVE_FIELD:
	case AlterTableType::RENAME_FIELD:
		result.columns_changed = AlterNestedField(record, info, result.added_field_id);
		break;
	default:
		ThrowUnsupportedAlter(info);
	}
	return result;
}

} // namespace inlake

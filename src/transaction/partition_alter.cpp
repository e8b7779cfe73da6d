#include "transaction/partition_alter.hpp"

#include "common/partition_transform.hpp"

#include "duckdb/common/exception.hpp"
#include "duckdb/common/exception/catalog_exception.hpp"
#include "duckdb/common/exception/binder_exception.hpp"
#include "duckdb/common/string_util.hpp"
#include "duckdb/parser/expression/columnref_expression.hpp"
#include "duckdb/parser/expression/constant_expression.hpp"
#include "duckdb/parser/expression/function_expression.hpp"

#include <cmath>
#include <set>

namespace inlake {
using namespace duckdb; // NOLINT

namespace {

const LakeColumn *ColumnById(const TableRecord &record, int64_t column_id) {
	for (auto &column : record.columns) {
		if (column.column_id == column_id) {
			return &column;
		}
	}
	return nullptr;
}

const LakeColumn &KeyColumn(const TableRecord &record, const ParsedExpression &expression, const std::string &key) {
	if (expression.GetExpressionClass() != ExpressionClass::COLUMN_REF) {
		throw BinderException("Partition key %s of table \"%s\" must name a column, not %s", key, record.table_name,
		                      expression.ToString());
	}
	auto &name = expression.Cast<ColumnRefExpression>().GetColumnName();
	for (auto &column : record.columns) {
		if (StringUtil::CIEquals(column.name, name)) {
			return column;
		}
	}
	throw BinderException("Cannot partition table \"%s\" by %s: it has no column \"%s\"", record.table_name, key,
	                      name);
}

int64_t BucketCount(const TableRecord &record, const ParsedExpression &expression, const std::string &key) {
	if (expression.GetExpressionClass() == ExpressionClass::CONSTANT) {
		auto &value = expression.Cast<ConstantExpression>().value;
		Value count;
		// a whole number: 2.5 must not round to 3 (the cast to BIGINT would)
		Value as_double;
		std::string cast_error; // a failed cast reports here instead of throwing
		bool whole = !value.IsNull() && value.DefaultTryCastAs(LogicalType::DOUBLE, as_double, &cast_error) &&
		             std::floor(as_double.GetValue<double>()) == as_double.GetValue<double>();
		if (whole && value.DefaultTryCastAs(LogicalType::BIGINT, count, &cast_error) &&
		    count.GetValue<int64_t>() >= 1 && count.GetValue<int64_t>() <= NumericLimits<int32_t>::Maximum()) {
			return count.GetValue<int64_t>();
		}
	}
	throw BinderException("Cannot partition table \"%s\" by %s: the bucket count must be a whole number from 1 to "
	                      "2147483647, not %s",
	                      record.table_name, key, expression.ToString());
}

PartitionKey KeyOf(const TableRecord &record, const ParsedExpression &expression) {
	auto text = expression.ToString();
	PartitionTransform transform;
	const LakeColumn *column;
	if (expression.GetExpressionClass() == ExpressionClass::FUNCTION) {
		auto &function = expression.Cast<FunctionExpression>();
		auto name = StringUtil::Lower(function.function_name);
		if (name == "bucket") {
			if (function.children.size() != 2) {
				throw BinderException("Cannot partition table \"%s\" by %s: bucket takes a count and a column, "
				                      "bucket(N, column)",
				                      record.table_name, text);
			}
			transform.kind = PartitionTransformKind::BUCKET;
			transform.bucket_count = BucketCount(record, *function.children[0], text);
			column = &KeyColumn(record, *function.children[1], text);
		} else {
			try {
				transform = PartitionTransform::Parse(name);
			} catch (IOException &) {
				transform.kind = PartitionTransformKind::BUCKET; // any value: refused below
			}
			if (transform.kind == PartitionTransformKind::IDENTITY || transform.kind == PartitionTransformKind::BUCKET) {
				throw BinderException("Cannot partition table \"%s\" by %s: a partition key is a column, year(c), "
				                      "month(c), day(c), hour(c), bucket(N, c) or (format 1.1) epoch_year(c), "
				                      "epoch_month(c), epoch_day(c), epoch_hour(c)",
				                      record.table_name, text);
			}
			if (function.children.size() != 1) {
				throw BinderException("Cannot partition table \"%s\" by %s: %s takes one column", record.table_name,
				                      text, name);
			}
			column = &KeyColumn(record, *function.children[0], text);
		}
	} else {
		column = &KeyColumn(record, expression, text);
	}
	transform.CheckType(column->name, column->type);
	PartitionKey key;
	key.column_id = column->column_id;
	key.transform = transform.ToString();
	return key;
}

} // namespace

PartitionSpec PartitionSpecFromKeys(const TableRecord &record, const vector<unique_ptr<ParsedExpression>> &keys) {
	PartitionSpec spec;
	std::set<std::pair<int64_t, std::string>> seen;
	for (auto &expression : keys) {
		auto key = KeyOf(record, *expression);
		if (!seen.insert({key.column_id, key.transform}).second) {
			throw BinderException("Cannot partition table \"%s\" by %s twice", record.table_name,
			                      expression->ToString());
		}
		spec.keys.push_back(std::move(key));
	}
	return spec;
}

void CheckPartitionFormat(const TableRecord &record, const std::string &format_version) {
	if (format_version != "1.0") {
		return;
	}
	for (auto &key : record.partition.keys) {
		auto transform = PartitionTransform::Parse(key.transform);
		if (transform.NeedsFormat11()) {
			throw BinderException("Cannot partition table \"%s\" by %s: the %s transform needs a format 1.1 lake "
			                      "(ATTACH ... (DUCKLAKE_VERSION '1.1') creates one)",
			                      record.table_name, key.transform, key.transform);
		}
	}
}

void CheckNotPartitionKey(const TableRecord &record, int64_t column_id, const std::string &column_name) {
	for (auto &key : record.partition.keys) {
		if (key.column_id == column_id) {
			throw CatalogException("Cannot drop column \"%s\": table \"%s\" is partitioned by it; change the "
			                       "partitioning first (ALTER TABLE ... SET PARTITIONED BY or RESET PARTITIONED BY)",
			                       column_name, record.table_name);
		}
	}
}

void CheckPartitionTypes(const TableRecord &record) {
	for (auto &key : record.partition.keys) {
		auto column = ColumnById(record, key.column_id);
		if (column) {
			PartitionTransform::Parse(key.transform).CheckType(column->name, column->type);
		}
	}
}

} // namespace inlake

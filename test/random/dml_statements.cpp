#include "dml_statements.hpp"

#include "filter_predicates.hpp"
#include "value_sql.hpp"

#include <algorithm>

namespace inlake_random {

std::string Placeholder(const TableModel &table) {
	return "{" + table.name + "}";
}

std::vector<int64_t> PickKeys(const std::vector<int64_t> &keys, int64_t count, Rng &rng) {
	std::vector<int64_t> pool = keys;
	std::vector<int64_t> result;
	while (int64_t(result.size()) < count && !pool.empty()) {
		auto index = rng.Below(pool.size());
		result.push_back(pool[index]);
		pool[index] = pool.back();
		pool.pop_back();
	}
	return result;
}

std::string KeyList(const std::vector<int64_t> &keys) {
	std::string result;
	for (auto key : keys) {
		result += (result.empty() ? "" : ", ") + std::to_string(key);
	}
	return result.empty() ? "NULL" : result;
}

//! A random subset of the value columns (at least one when there are any), in table order.
static std::vector<const ColumnModel *> SomeColumns(const TableModel &table, Rng &rng, bool all) {
	std::vector<const ColumnModel *> result;
	for (auto column : table.ValueColumns()) {
		if (all || rng.Percent(60)) {
			result.push_back(column);
		}
	}
	auto values = table.ValueColumns();
	if (result.empty() && !values.empty()) {
		result.push_back(rng.Pick(values));
	}
	return result;
}

static std::string ColumnList(const std::vector<const ColumnModel *> &columns, const std::string &prefix = "") {
	std::string result;
	for (auto column : columns) {
		result += ", " + prefix + QuoteIdentifier(column->name);
	}
	return result;
}

std::string InsertValues(TableModel &table, int64_t rows, DmlContext &ctx) {
	auto columns = SomeColumns(table, ctx.rng, ctx.rng.Percent(60));
	auto first_key = table.TakeKeys(rows);
	std::string sql = "INSERT INTO " + Placeholder(table) + " (k" + ColumnList(columns) + ") VALUES ";
	for (int64_t row = 0; row < rows; row++) {
		sql += (row ? ", (" : "(") + std::to_string(first_key + row);
		for (auto column : columns) {
			sql += ", " + Literal(column->type, ctx.rng, ctx.features);
		}
		sql += ")";
	}
	return sql;
}

std::string InsertRange(TableModel &table, int64_t rows, DmlContext &ctx) {
	auto columns = SomeColumns(table, ctx.rng, ctx.rng.Percent(70));
	auto first_key = table.TakeKeys(rows);
	std::string sql = "INSERT INTO " + Placeholder(table) + " (k" + ColumnList(columns) + ") SELECT " +
	                  std::to_string(first_key) + " + i";
	for (auto column : columns) {
		sql += ", " + BulkExpression(column->type, ctx.rng, ctx.features, "i");
	}
	return sql + " FROM range(" + std::to_string(rows) + ") r(i)";
}

std::string ValueCondition(const TableModel &table, const std::string &prefix, DmlContext &ctx) {
	auto values = table.ValueColumns();
	auto column = ctx.rng.Pick(values);
	auto condition = Predicate(column->type, prefix + QuoteIdentifier(column->name), ctx.rng, ctx.features);
	if (ctx.rng.Percent(20)) {
		// two filters: on one column both are pushed down together, OR keeps them in the plan
		auto other = ctx.rng.Pick(values);
		condition = "(" + condition + (ctx.rng.Percent(50) ? ") AND (" : ") OR (") +
		            Predicate(other->type, prefix + QuoteIdentifier(other->name), ctx.rng, ctx.features) + ")";
	}
	if (ctx.rng.Percent(30)) {
		condition = "(" + condition + ") AND " + prefix + "k % 2 = 0";
	}
	return condition;
}

std::string RowCondition(const TableModel &table, const std::vector<int64_t> &keys, const std::string &prefix,
                         DmlContext &ctx) {
	switch (ctx.rng.Below(table.ValueColumns().empty() ? 2 : 4)) {
	case 0:
		return prefix + "k % " + std::to_string(ctx.rng.Range(2, 9)) + " = " + std::to_string(ctx.rng.Range(0, 1));
	case 1: {
		if (keys.empty()) {
			return prefix + "k < 0";
		}
		auto low = ctx.rng.Below(keys.size());
		auto high = std::min<uint64_t>(keys.size() - 1, low + ctx.rng.Below(keys.size() / 2 + 1));
		return prefix + "k BETWEEN " + std::to_string(keys[low]) + " AND " + std::to_string(keys[high]);
	}
	default:
		return ValueCondition(table, prefix, ctx);
	}
}

std::string DeleteKeys(const TableModel &table, const std::vector<int64_t> &keys, int64_t count, DmlContext &ctx) {
	return "DELETE FROM " + Placeholder(table) + " WHERE k IN (" + KeyList(PickKeys(keys, count, ctx.rng)) + ")";
}

std::string DeleteWhere(const TableModel &table, const std::vector<int64_t> &keys, DmlContext &ctx) {
	return "DELETE FROM " + Placeholder(table) + " WHERE " + RowCondition(table, keys, "", ctx);
}

static std::string Assignments(const TableModel &table, const std::string &prefix, DmlContext &ctx) {
	auto values = table.ValueColumns();
	std::string sql;
	auto count = std::min<int64_t>(values.size(), ctx.rng.Range(1, 3));
	std::vector<const ColumnModel *> chosen;
	auto pool = values;
	while (int64_t(chosen.size()) < count) {
		auto index = ctx.rng.Below(pool.size());
		chosen.push_back(pool[index]);
		pool.erase(pool.begin() + index);
	}
	for (auto column : chosen) {
		auto name = QuoteIdentifier(column->name);
		auto features = UpdateFeatures(ctx.features);
		std::string value = MutateExpression(column->type, prefix + name, ctx.rng, features);
		for (auto other : values) {
			if (other != column && other->type == column->type && !ContainsFloat(column->type) &&
			    ctx.rng.Percent(20)) {
				value = prefix + QuoteIdentifier(other->name);
			}
		}
		sql += (sql.empty() ? "" : ", ") + name + " = " + value;
	}
	return sql;
}

std::string UpdateKeys(const TableModel &table, const std::vector<int64_t> &keys, int64_t count, DmlContext &ctx) {
	if (table.ValueColumns().empty()) {
		return "UPDATE " + Placeholder(table) + " SET k = k WHERE k < 0";
	}
	return "UPDATE " + Placeholder(table) + " SET " + Assignments(table, "", ctx) + " WHERE k IN (" +
	       KeyList(PickKeys(keys, count, ctx.rng)) + ")";
}

std::string UpdateWhere(const TableModel &table, const std::vector<int64_t> &keys, DmlContext &ctx) {
	if (table.ValueColumns().empty()) {
		return "UPDATE " + Placeholder(table) + " SET k = k WHERE k < 0";
	}
	return "UPDATE " + Placeholder(table) + " SET " + Assignments(table, "", ctx) + " WHERE " +
	       RowCondition(table, keys, "", ctx);
}

static std::string MergeSource(TableModel &table, const std::vector<int64_t> &keys, int64_t rows,
                               const std::vector<const ColumnModel *> &columns, DmlContext &ctx) {
	auto existing = PickKeys(keys, ctx.rng.Range(0, rows), ctx.rng);
	std::string sql = "(VALUES ";
	for (int64_t row = 0; row < rows; row++) {
		auto key = row < int64_t(existing.size()) ? existing[row] : table.TakeKeys(1);
		sql += (row ? ", (" : "(") + std::to_string(key) + "::BIGINT";
		for (auto column : columns) {
			sql += ", " + Literal(column->type, ctx.rng, UpdateFeatures(ctx.features));
		}
		sql += ")";
	}
	sql += ") AS src(k";
	for (size_t i = 0; i < columns.size(); i++) {
		sql += ", s" + std::to_string(i);
	}
	return sql + ")";
}

std::string MergeValues(TableModel &table, const std::vector<int64_t> &keys, int64_t rows, DmlContext &ctx) {
	auto columns = SomeColumns(table, ctx.rng, false);
	std::string sql = "MERGE INTO " + Placeholder(table) + " AS tgt USING " +
	                  MergeSource(table, keys, rows, columns, ctx) + " ON tgt.k = src.k";
	if (ctx.rng.Percent(40)) {
		sql += " WHEN MATCHED AND src.k % " + std::to_string(ctx.rng.Range(2, 4)) + " = 0 THEN DELETE";
	}
	if (!columns.empty() && ctx.rng.Percent(80)) {
		sql += " WHEN MATCHED THEN UPDATE SET ";
		for (size_t i = 0; i < columns.size(); i++) {
			sql += (i ? ", " : "") + QuoteIdentifier(columns[i]->name) + " = src.s" + std::to_string(i);
		}
	}
	if (ctx.rng.Percent(85)) {
		sql += " WHEN NOT MATCHED THEN INSERT (k" + ColumnList(columns) + ") VALUES (src.k";
		for (size_t i = 0; i < columns.size(); i++) {
			sql += ", src.s" + std::to_string(i);
		}
		sql += ")";
	}
	if (ctx.rng.Percent(10)) {
		sql += " WHEN NOT MATCHED BY SOURCE AND tgt.k % " + std::to_string(ctx.rng.Range(5, 13)) + " = 1 THEN DELETE";
	}
	return sql;
}

} // namespace inlake_random

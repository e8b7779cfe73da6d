#include "cross_table_statements.hpp"

#include "value_sql.hpp"

namespace inlake_random {

//! (target column, source column) pairs of equal type.
static std::vector<std::pair<const ColumnModel *, const ColumnModel *>> TypedPairs(const TableModel &target,
                                                                                   const TableModel &source) {
	std::vector<std::pair<const ColumnModel *, const ColumnModel *>> pairs;
	for (auto target_column : target.ValueColumns()) {
		for (auto source_column : source.ValueColumns()) {
			if (target_column->type == source_column->type) {
				pairs.emplace_back(target_column, source_column);
				break;
			}
		}
	}
	return pairs;
}

static std::string InsertCopy(const TableModel &target, const TableModel &source, const std::string &condition,
                              const std::vector<std::pair<const ColumnModel *, const ColumnModel *>> &pairs) {
	std::string columns = "k", values = "s.k";
	for (auto &pair : pairs) {
		columns += ", " + QuoteIdentifier(pair.first->name);
		values += ", s." + QuoteIdentifier(pair.second->name);
	}
	return "INSERT INTO " + Placeholder(target) + " (" + columns + ") SELECT " + values + " FROM " +
	       Placeholder(source) + " AS s WHERE (" + condition + ") AND s.k NOT IN (SELECT k FROM " +
	       Placeholder(target) + ")";
}

std::string CrossTableStatement(TableModel &target, const TableModel &source,
                                const std::vector<int64_t> &source_keys, DmlContext &ctx, std::string &label) {
	auto pairs = TypedPairs(target, source);
	auto condition = RowCondition(source, source_keys, "s.", ctx);
	// Updates copy no float values (see the "signed-zero" feature); inserts may.
	std::vector<std::pair<const ColumnModel *, const ColumnModel *>> update_pairs;
	for (auto &pair : pairs) {
		if (!ContainsFloat(pair.first->type)) {
			update_pairs.push_back(pair);
		}
	}
	switch (ctx.rng.Below(update_pairs.empty() ? 2 : 4)) {
	case 0:
		label = "cross-insert";
		return InsertCopy(target, source, condition, pairs);
	case 1:
		label = "cross-delete";
		return "DELETE FROM " + Placeholder(target) + " WHERE k IN (SELECT s.k FROM " + Placeholder(source) +
		       " AS s WHERE " + condition + ")";
	case 2: {
		label = "cross-update";
		auto &pair = ctx.rng.Pick(update_pairs);
		return "UPDATE " + Placeholder(target) + " AS d SET " + QuoteIdentifier(pair.first->name) + " = s." +
		       QuoteIdentifier(pair.second->name) + " FROM " + Placeholder(source) + " AS s WHERE d.k = s.k AND (" +
		       condition + ")";
	}
	default: {
		label = "cross-merge";
		auto &pair = ctx.rng.Pick(update_pairs);
		auto name = QuoteIdentifier(pair.first->name);
		return "MERGE INTO " + Placeholder(target) + " AS tgt USING (SELECT s.k, s." +
		       QuoteIdentifier(pair.second->name) + " AS v FROM " + Placeholder(source) + " AS s WHERE " + condition +
		       ") AS src ON tgt.k = src.k WHEN MATCHED THEN UPDATE SET " + name +
		       " = src.v WHEN NOT MATCHED THEN INSERT (k, " + name + ") VALUES (src.k, src.v)";
	}
	}
}

} // namespace inlake_random

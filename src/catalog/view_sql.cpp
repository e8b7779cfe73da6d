#include "catalog/view_sql.hpp"

#include "duckdb/common/string_util.hpp"
#include "duckdb/parser/expression/columnref_expression.hpp"
#include "duckdb/parser/expression/subquery_expression.hpp"
#include "duckdb/parser/parsed_expression_iterator.hpp"
#include "duckdb/parser/tableref/basetableref.hpp"

namespace inlake {
using namespace duckdb; // NOLINT

namespace {

//! Visits every table reference of a query (subqueries and CTEs included) and every column reference.
class LakeNameRewriter {
public:
	LakeNameRewriter(const std::string &lake_name, const std::function<bool(const std::string &)> &is_lake_schema,
	                 bool qualify)
	    : lake_name(lake_name), is_lake_schema(is_lake_schema), qualify(qualify) {
	}

	void Node(QueryNode &node) {
		for (auto &cte : node.cte_map.map) {
			Node(*cte.second->query->node);
		}
		ParsedExpressionIterator::EnumerateQueryNodeChildren(
		    node, [&](unique_ptr<ParsedExpression> &child) { Expression(*child); },
		    [&](TableRef &ref) { Ref(ref); });
	}

private:
	void Expression(ParsedExpression &expression) {
		if (expression.GetExpressionClass() == ExpressionClass::SUBQUERY) {
			Node(*expression.Cast<SubqueryExpression>().subquery->node);
		}
		if (expression.GetExpressionClass() == ExpressionClass::COLUMN_REF && !qualify) {
			// `lake.main.t.a`: the column of `main.t`, which is how the table is stored
			auto &names = expression.Cast<ColumnRefExpression>().column_names;
			if (names.size() == 4 && StringUtil::CIEquals(names[0], lake_name)) {
				names.erase(names.begin());
			}
		}
		ParsedExpressionIterator::EnumerateChildren(expression, [&](ParsedExpression &child) { Expression(child); });
	}

	void Ref(TableRef &ref) {
		if (ref.type != TableReferenceType::BASE_TABLE) {
			return;
		}
		auto &table = ref.Cast<BaseTableRef>();
		if (qualify) {
			// `s.t` of a lake schema s: the lake's, whatever else is attached under the name s
			if (table.catalog_name.empty() && !table.schema_name.empty() && is_lake_schema(table.schema_name)) {
				table.catalog_name = lake_name;
			}
			return;
		}
		if (StringUtil::CIEquals(table.catalog_name, lake_name)) {
			table.catalog_name.clear();
			if (table.schema_name.empty()) {
				table.schema_name = DEFAULT_SCHEMA;
			}
		} else if (table.catalog_name.empty() && StringUtil::CIEquals(table.schema_name, lake_name) &&
		           !is_lake_schema(table.schema_name)) {
			// `lake.t`: the lake's default schema
			table.schema_name = DEFAULT_SCHEMA;
		}
	}

	const std::string &lake_name;
	const std::function<bool(const std::string &)> &is_lake_schema;
	bool qualify;
};

} // namespace

std::string PortableViewSql(const QueryNode &query, const std::string &lake_name,
                            const std::function<bool(const std::string &)> &is_lake_schema) {
	auto copy = query.Copy();
	LakeNameRewriter(lake_name, is_lake_schema, false).Node(*copy);
	return copy->ToString();
}

void QualifyLakeNames(QueryNode &query, const std::string &lake_name,
                      const std::function<bool(const std::string &)> &is_lake_schema) {
	LakeNameRewriter(lake_name, is_lake_schema, true).Node(query);
}

} // namespace inlake

#include "catalog/view_sql.hpp"

#include "duckdb/common/string_util.hpp"
#include "duckdb/parser/expression/columnref_expression.hpp"
#include "duckdb/parser/expression/subquery_expression.hpp"
#include "duckdb/parser/parsed_expression_iterator.hpp"
#include "duckdb/parser/expression/function_expression.hpp"
#include "duckdb/parser/tableref/basetableref.hpp"
#include "duckdb/parser/tableref/table_function_ref.hpp"

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
			// `lake.main.t.a` and `lake.t.a`: the column of `main.t` / `t`, which is how the table is stored
			auto &names = expression.Cast<ColumnRefExpression>().column_names;
			if ((names.size() == 4 || (names.size() == 3 && !is_lake_schema(names[0]))) &&
			    StringUtil::CIEquals(names[0], lake_name)) {
				names.erase(names.begin());
			}
		}
		ParsedExpressionIterator::EnumerateChildren(expression, [&](ParsedExpression &child) { Expression(child); });
	}

	void Ref(TableRef &ref) {
		if (ref.type == TableReferenceType::TABLE_FUNCTION) {
			auto &function = *ref.Cast<TableFunctionRef>().function;
			if (function.GetExpressionClass() == ExpressionClass::FUNCTION) {
				// `lake.snapshots()`, `lake.table_changes(...)`: the lake's own functions, named as its tables are
				auto &call = function.Cast<FunctionExpression>();
				Names(call.catalog, call.schema);
			}
			return;
		}
		if (ref.type != TableReferenceType::BASE_TABLE) {
			return;
		}
		auto &table = ref.Cast<BaseTableRef>();
		Names(table.catalog_name, table.schema_name);
	}

	//! The catalog and schema qualifying a name of the lake's: dropped to the schema when stored, the lake's
	//! current name put back when read
	void Names(std::string &catalog_name, std::string &schema_name) {
		if (qualify) {
			// `s.t` of a lake schema s: the lake's, whatever else is attached under the name s
			if (catalog_name.empty() && !schema_name.empty() && is_lake_schema(schema_name)) {
				catalog_name = lake_name;
			}
			return;
		}
		if (StringUtil::CIEquals(catalog_name, lake_name)) {
			catalog_name.clear();
			if (schema_name.empty()) {
				schema_name = DEFAULT_SCHEMA;
			}
		} else if (catalog_name.empty() && StringUtil::CIEquals(schema_name, lake_name) && !is_lake_schema(schema_name)) {
			// `lake.t`: the lake's default schema
			schema_name = DEFAULT_SCHEMA;
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

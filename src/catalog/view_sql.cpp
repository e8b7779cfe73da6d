#include "catalog/view_sql.hpp"

#include "duckdb/common/string_util.hpp"
#include "duckdb/parser/expression/subquery_expression.hpp"
#include "duckdb/parser/parsed_expression_iterator.hpp"
#include "duckdb/parser/tableref/basetableref.hpp"

namespace inlake {
using namespace duckdb; // NOLINT

namespace {

class LakeNameStripper {
public:
	LakeNameStripper(const std::string &lake_name, const std::function<bool(const std::string &)> &is_lake_schema)
	    : lake_name(lake_name), is_lake_schema(is_lake_schema) {
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
		ParsedExpressionIterator::EnumerateChildren(expression, [&](ParsedExpression &child) { Expression(child); });
	}

	void Ref(TableRef &ref) {
		if (ref.type != TableReferenceType::BASE_TABLE) {
			return;
		}
		auto &table = ref.Cast<BaseTableRef>();
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
};

} // namespace

std::string PortableViewSql(const QueryNode &query, const std::string &lake_name,
                            const std::function<bool(const std::string &)> &is_lake_schema) {
	auto copy = query.Copy();
	LakeNameStripper(lake_name, is_lake_schema).Node(*copy);
	return copy->ToString();
}

} // namespace inlake

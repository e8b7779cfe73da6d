// ducklake_set_option('lake', key, value [, table_name => t] [, schema => s])
// and ducklake_reset_option('lake', key [, table_name => t] [, schema => s]):
// persist (or remove) an option at global, schema or table scope, as part of
// the calling transaction. A NULL value resets, like reset_option.
#include "catalog/lake_catalog.hpp"
#include "catalog/option_registry.hpp"
#include "functions/lake_functions.hpp"
#include "functions/row_table_function.hpp"
#include "transaction/lake_transaction.hpp"

#include "duckdb/parser/expression/bound_expression.hpp"
#include "duckdb/planner/expression.hpp"
#include "duckdb/parser/expression/function_expression.hpp"
#include "duckdb/parser/tableref/table_function_ref.hpp"

namespace inlake {
using duckdb::LogicalType;
using duckdb::Value;

namespace {

struct OptionTarget {
	OptionScope scope = OptionScope::GLOBAL;
	int64_t scope_id = -1;
};

std::string NamedText(duckdb::TableFunctionBindInput &input, std::initializer_list<const char *> names) {
	for (auto name : names) {
		auto entry = input.named_parameters.find(name);
		if (entry == input.named_parameters.end()) {
			continue;
		}
		// a NULL or empty name would otherwise set the option for the whole lake without saying so
		if (entry->second.IsNull() || entry->second.ToString().empty()) {
			throw duckdb::InvalidInputException("%s => must name a %s (leave it out to address the whole lake)",
			                                    entry->first, duckdb::StringUtil::Contains(entry->first, "table") ? "table"
			                                                                                         : "schema");
		}
		return entry->second.ToString();
	}
	return std::string();
}

OptionTarget ResolveTarget(LakeTransaction &transaction, duckdb::TableFunctionBindInput &input) {
	OptionTarget target;
	auto schema_name = NamedText(input, {"schema", "schema_name"});
	auto table_name = NamedText(input, {"table_name", "table"});
	if (schema_name.empty() && table_name.empty()) {
		return target;
	}
	auto lookup_schema = schema_name.empty() ? std::string("main") : schema_name;
	auto schema = transaction.LookupSchema(lookup_schema);
	if (!schema) {
		throw duckdb::CatalogException("Schema \"%s\" does not exist in lake \"%s\"", lookup_schema,
		                               transaction.GetCatalog().GetName());
	}
	if (table_name.empty()) {
		target.scope = OptionScope::SCHEMA;
		target.scope_id = schema->SchemaId();
		return target;
	}
	auto table = transaction.LookupTable(*schema, table_name);
	if (!table) {
		throw duckdb::CatalogException("Table \"%s.%s\" does not exist in lake \"%s\"", lookup_schema, table_name,
		                               transaction.GetCatalog().GetName());
	}
	target.scope = OptionScope::TABLE;
	target.scope_id = table->TableId();
	return target;
}

//! The option value must be a constant, not an expression such as random() that DuckDB evaluated once.
void CheckConstantValue(duckdb::TableFunctionBindInput &input, const char *function) {
	if (!input.ref.function || input.ref.function->GetExpressionClass() != duckdb::ExpressionClass::FUNCTION) {
		return;
	}
	auto &call = input.ref.function->Cast<duckdb::FunctionExpression>();
	duckdb::optional_ptr<duckdb::ParsedExpression> value;
	for (auto &child : call.children) {
		if (child->GetAlias().empty()) {
			value = child.get(); // the last positional argument is the value
		}
	}
	if (!value || value->GetExpressionClass() != duckdb::ExpressionClass::BOUND_EXPRESSION) {
		return;
	}
	auto &bound = value->Cast<duckdb::BoundExpression>().expr;
	if (bound && !bound->IsFoldable()) {
		throw duckdb::InvalidInputException("%s: the option value must be a constant, not \"%s\"", function,
		                                    bound->ToString());
	}
}

duckdb::unique_ptr<duckdb::FunctionData> ChangeOption(duckdb::ClientContext &context,
                                                      duckdb::TableFunctionBindInput &input,
                                                      duckdb::vector<LogicalType> &types,
                                                      duckdb::vector<std::string> &names, bool reset) {
	const char *function = reset ? "reset_option" : "set_option";
	auto &catalog = LakeCatalogArgument(context, input.inputs[0], function);
	if (input.inputs[1].IsNull()) {
		throw duckdb::InvalidInputException("%s: the option name must not be NULL", function);
	}
	CheckConstantValue(input, function);
	auto &transaction = LakeTransaction::Get(context, catalog);
	auto target = ResolveTarget(transaction, input);
	OptionRecord option;
	option.key = CanonicalOptionKey(input.inputs[1].ToString(), target.scope);
	option.scope = target.scope == OptionScope::GLOBAL ? "" : OptionScopeName(target.scope);
	option.scope_id = target.scope_id;
	bool remove = reset || input.inputs[2].IsNull();
	if (!remove) {
		option.value = ValidateOptionValue(option.key, input.inputs[2]);
	}
	transaction.SetOption(option, remove);
	names = {"Success"};
	types = {LogicalType::BOOLEAN};
	auto result = duckdb::make_uniq<RowsBindData>();
	result->rows.push_back({Value::BOOLEAN(true)});
	return std::move(result);
}

duckdb::unique_ptr<duckdb::FunctionData> SetOptionBind(duckdb::ClientContext &context,
                                                       duckdb::TableFunctionBindInput &input,
                                                       duckdb::vector<LogicalType> &types,
                                                       duckdb::vector<std::string> &names) {
	return ChangeOption(context, input, types, names, false);
}

duckdb::unique_ptr<duckdb::FunctionData> ResetOptionBind(duckdb::ClientContext &context,
                                                         duckdb::TableFunctionBindInput &input,
                                                         duckdb::vector<LogicalType> &types,
                                                         duckdb::vector<std::string> &names) {
	input.inputs.push_back(Value());
	return ChangeOption(context, input, types, names, true);
}

void AddScopeParameters(duckdb::TableFunction &function) {
	for (auto name : {"table_name", "table", "schema", "schema_name"}) {
		function.named_parameters[name] = LogicalType::VARCHAR;
	}
}

} // namespace

duckdb::TableFunction SetOptionFunction() {
	duckdb::TableFunction function("ducklake_set_option", {LogicalType::VARCHAR, LogicalType::VARCHAR, LogicalType::ANY},
	                               EmitRows, SetOptionBind, InitRowsScan);
	AddScopeParameters(function);
	return function;
}

duckdb::TableFunction ResetOptionFunction() {
	duckdb::TableFunction function("ducklake_reset_option", {LogicalType::VARCHAR, LogicalType::VARCHAR}, EmitRows,
	                               ResetOptionBind, InitRowsScan);
	AddScopeParameters(function);
	return function;
}

} // namespace inlake

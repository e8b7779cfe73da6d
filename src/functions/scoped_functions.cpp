#include "functions/scoped_functions.hpp"

#include "functions/lake_functions.hpp"

#include "duckdb/catalog/catalog.hpp"
#include "duckdb/catalog/catalog_entry/schema_catalog_entry.hpp"
#include "duckdb/parser/parsed_data/create_table_function_info.hpp"
#include "duckdb/parser/tableref.hpp"

namespace inlake {
using namespace duckdb; // NOLINT

namespace {

//! The functions whose second argument is a schema name: their scoped form takes it from the schema it was
//! found in (lake.table_changes('t', 1, 2) reads main.t, lake.s.table_changes('t', 1, 2) reads s.t).
bool TakesSchema(const std::string &name) {
	return name == "ducklake_table_changes" || name == "ducklake_table_insertions" ||
	       name == "ducklake_table_deletions";
}

struct ScopedFunctionInfo : public TableFunctionInfo {
	ScopedFunctionInfo(vector<Value> leading, const TableFunction &function)
	    : leading(std::move(leading)), bind(function.bind), bind_replace(function.bind_replace),
	      inner(function.function_info) {
	}
	//! The arguments the scoped form leaves out: the lake name (and schema name)
	vector<Value> leading;
	table_function_bind_t bind;
	table_function_bind_replace_t bind_replace;
	shared_ptr<TableFunctionInfo> inner;
};

void AddLeadingArguments(TableFunctionBindInput &input) {
	auto &info = input.info->Cast<ScopedFunctionInfo>();
	input.inputs.insert(input.inputs.begin(), info.leading.begin(), info.leading.end());
}

unique_ptr<FunctionData> ScopedBind(ClientContext &context, TableFunctionBindInput &input,
                                    vector<LogicalType> &return_types, vector<string> &names) {
	auto &info = input.info->Cast<ScopedFunctionInfo>();
	AddLeadingArguments(input);
	TableFunctionBindInput inner_input(input.inputs, input.named_parameters, input.input_table_types,
	                                   input.input_table_names, info.inner.get(), input.binder, input.table_function,
	                                   input.ref);
	return info.bind(context, inner_input, return_types, names);
}

unique_ptr<TableRef> ScopedBindReplace(ClientContext &context, TableFunctionBindInput &input) {
	auto &info = input.info->Cast<ScopedFunctionInfo>();
	auto inputs = input.inputs;
	inputs.insert(inputs.begin(), info.leading.begin(), info.leading.end());
	TableFunctionBindInput inner_input(inputs, input.named_parameters, input.input_table_types,
	                                   input.input_table_names, info.inner.get(), input.binder, input.table_function,
	                                   input.ref);
	return info.bind_replace(context, inner_input);
}

} // namespace

unique_ptr<TableFunctionCatalogEntry> CreateScopedFunction(SchemaCatalogEntry &schema, const std::string &name) {
	if (IsChangeEventsFunction(name)) {
		CreateTableFunctionInfo info(ChangeEventsFunction());
		info.schema = schema.name;
		info.internal = true;
		return make_uniq<TableFunctionCatalogEntry>(schema.ParentCatalog(), schema, info);
	}
	for (auto &function : LakeFunctionList()) {
		if (function.name != "ducklake_" + name) {
			continue;
		}
		TableFunction scoped = function;
		scoped.name = name;
		vector<Value> leading {Value(schema.ParentCatalog().GetName())};
		if (TakesSchema(function.name)) {
			leading.push_back(Value(schema.name));
		}
		scoped.arguments.erase(scoped.arguments.begin(), scoped.arguments.begin() + leading.size());
		scoped.function_info = make_shared_ptr<ScopedFunctionInfo>(std::move(leading), function);
		scoped.bind = function.bind ? ScopedBind : nullptr;
		scoped.bind_replace = function.bind_replace ? ScopedBindReplace : nullptr;
		CreateTableFunctionInfo info(std::move(scoped));
		info.schema = schema.name;
		info.internal = true;
		return make_uniq<TableFunctionCatalogEntry>(schema.ParentCatalog(), schema, info);
	}
	return nullptr;
}

} // namespace inlake

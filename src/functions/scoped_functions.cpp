#include "functions/scoped_functions.hpp"

#include "functions/lake_functions.hpp"

#include "duckdb/catalog/catalog.hpp"
#include "duckdb/catalog/catalog_entry/schema_catalog_entry.hpp"
#include "duckdb/parser/parsed_data/create_table_function_info.hpp"

namespace inlake {
using namespace duckdb; // NOLINT

namespace {

struct ScopedFunctionInfo : public TableFunctionInfo {
	ScopedFunctionInfo(std::string lake_name, table_function_bind_t bind, shared_ptr<TableFunctionInfo> inner)
	    : lake_name(std::move(lake_name)), bind(bind), inner(std::move(inner)) {
	}
	std::string lake_name;
	table_function_bind_t bind;
	shared_ptr<TableFunctionInfo> inner;
};

unique_ptr<FunctionData> ScopedBind(ClientContext &context, TableFunctionBindInput &input,
                                    vector<LogicalType> &return_types, vector<string> &names) {
	auto &info = input.info->Cast<ScopedFunctionInfo>();
	input.inputs.insert(input.inputs.begin(), Value(info.lake_name));
	TableFunctionBindInput inner_input(input.inputs, input.named_parameters, input.input_table_types,
	                                   input.input_table_names, info.inner.get(), input.binder, input.table_function,
	                                   input.ref);
	return info.bind(context, inner_input, return_types, names);
}

} // namespace

unique_ptr<TableFunctionCatalogEntry> CreateScopedFunction(SchemaCatalogEntry &schema, const std::string &name) {
	for (auto &function : LakeFunctionList()) {
		if (function.name != "ducklake_" + name) {
			continue;
		}
		TableFunction scoped = function;
		scoped.name = name;
		scoped.arguments.erase(scoped.arguments.begin());
		scoped.function_info = make_shared_ptr<ScopedFunctionInfo>(schema.ParentCatalog().GetName(), function.bind,
		                                                           function.function_info);
		scoped.bind = ScopedBind;
		CreateTableFunctionInfo info(std::move(scoped));
		info.schema = schema.name;
		info.internal = true;
		return make_uniq<TableFunctionCatalogEntry>(schema.ParentCatalog(), schema, info);
	}
	return nullptr;
}

} // namespace inlake

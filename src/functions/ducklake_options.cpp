// ducklake_options('lake'): every persisted option (including this
// transaction's uncommitted set_option calls) with its scope, the schema
// or table it applies to, and what it does.
#include "catalog/lake_catalog.hpp"
#include "catalog/option_registry.hpp"
#include "functions/lake_functions.hpp"
#include "functions/row_table_function.hpp"
#include "transaction/lake_transaction.hpp"

#include <map>

namespace inlake {
using duckdb::LogicalType;
using duckdb::Value;

static std::vector<OptionRecord> EffectiveOptions(LakeTransaction &transaction) {
	auto options = transaction.GetCatalog().PersistedOptions();
	for (auto &change : transaction.changes.option_changes) {
		auto &changed = change.option;
		options.erase(std::remove_if(options.begin(), options.end(),
		                             [&](const OptionRecord &o) {
			                             return o.key == changed.key && o.scope == changed.scope &&
			                                    (o.scope.empty() || o.scope_id == changed.scope_id);
		                             }),
		              options.end());
		if (!change.remove) {
			options.push_back(changed);
		}
	}
	return options;
}

static duckdb::unique_ptr<duckdb::FunctionData> OptionsBind(duckdb::ClientContext &context,
                                                           duckdb::TableFunctionBindInput &input,
                                                           duckdb::vector<LogicalType> &types,
                                                           duckdb::vector<std::string> &names) {
	auto &catalog = LakeCatalogArgument(context, input.inputs[0], "ducklake_options");
	auto &transaction = LakeTransaction::Get(context, catalog);
	std::map<int64_t, std::string> schema_names, table_names;
	transaction.ScanSchemas([&](LakeSchemaEntry &schema) {
		schema_names[schema.SchemaId()] = schema.name;
		transaction.ScanTables(schema, [&](LakeTableEntry &table) {
			table_names[table.TableId()] = schema.name + "." + table.name;
		});
	});
	names = {"option_name", "value", "scope", "scope_entry", "description"};
	types = {LogicalType::VARCHAR, LogicalType::VARCHAR, LogicalType::VARCHAR, LogicalType::VARCHAR,
	         LogicalType::VARCHAR};
	auto result = duckdb::make_uniq<RowsBindData>();
	for (auto &option : EffectiveOptions(transaction)) {
		Value entry;
		if (option.scope == "schema" && schema_names.count(option.scope_id)) {
			entry = Value(schema_names[option.scope_id]);
		} else if (option.scope == "table" && table_names.count(option.scope_id)) {
			entry = Value(table_names[option.scope_id]);
		} else if (!option.scope.empty()) {
			continue; // the schema or table no longer exists
		}
		result->rows.push_back(
		    {Value(option.key), Value(option.value), Value(option.scope.empty() ? "global" : option.scope), entry,
		     Value(OptionDescription(option.key))});
	}
	std::sort(result->rows.begin(), result->rows.end(), [](const std::vector<Value> &a, const std::vector<Value> &b) {
		return a[0].ToString() + a[2].ToString() + a[3].ToString() < b[0].ToString() + b[2].ToString() + b[3].ToString();
	});
	return std::move(result);
}

duckdb::TableFunction OptionsFunction() {
	return duckdb::TableFunction("ducklake_options", {LogicalType::VARCHAR}, EmitRows, OptionsBind, InitRowsScan);
}

} // namespace inlake

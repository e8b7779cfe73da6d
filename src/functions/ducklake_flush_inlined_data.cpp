// ducklake_flush_inlined_data('lake' [, schema_name => s] [, table_name => t]):
// moves the inlined data of every (or the named) table to Parquet within the
// calling transaction; returns (schema_name, table_name, rows_flushed) for each
// table whose inlined rows were flushed. Tables with auto_compact = false are
// skipped, even when named.
#include "catalog/lake_catalog.hpp"
#include "functions/lake_functions.hpp"
#include "functions/row_table_function.hpp"
#include "maintenance/inlined_flush.hpp"
#include "transaction/lake_transaction.hpp"

namespace inlake {
using duckdb::LogicalType;
using duckdb::Value;

static std::string NamedText(duckdb::TableFunctionBindInput &input, const char *name) {
	auto entry = input.named_parameters.find(name);
	return entry == input.named_parameters.end() || entry->second.IsNull() ? std::string() : entry->second.ToString();
}

static bool AutoCompact(LakeTransaction &transaction, LakeTableEntry &table) {
	std::string value;
	return !transaction.FindOption("auto_compact", &table, value) || value != "false";
}

static duckdb::unique_ptr<duckdb::FunctionData> FlushBind(duckdb::ClientContext &context,
                                                         duckdb::TableFunctionBindInput &input,
                                                         duckdb::vector<LogicalType> &types,
                                                         duckdb::vector<std::string> &names) {
	auto &catalog = LakeCatalogArgument(context, input.inputs[0], "ducklake_flush_inlined_data");
	auto &transaction = LakeTransaction::Get(context, catalog);
	auto schema_name = NamedText(input, "schema_name");
	auto table_name = NamedText(input, "table_name");
	if (!table_name.empty() && schema_name.empty()) {
		schema_name = "main";
	}
	std::vector<LakeTableEntry *> tables;
	bool table_found = table_name.empty();
	bool schema_found = schema_name.empty();
	transaction.ScanSchemas([&](LakeSchemaEntry &schema) {
		if (!schema_name.empty() && !duckdb::StringUtil::CIEquals(schema.name, schema_name)) {
			return;
		}
		schema_found = true;
		transaction.ScanTables(schema, [&](LakeTableEntry &table) {
			if (!table_name.empty() && !duckdb::StringUtil::CIEquals(table.name, table_name)) {
				return;
			}
			table_found = true;
			tables.push_back(&table);
		});
	});
	if (!schema_found) {
		throw duckdb::CatalogException("ducklake_flush_inlined_data: schema \"%s\" does not exist in lake \"%s\"",
		                               schema_name, catalog.GetName());
	}
	if (!table_found) {
		throw duckdb::CatalogException("ducklake_flush_inlined_data: table \"%s.%s\" does not exist in lake \"%s\"",
		                               schema_name, table_name, catalog.GetName());
	}
	names = {"schema_name", "table_name", "rows_flushed"};
	types = {LogicalType::VARCHAR, LogicalType::VARCHAR, LogicalType::BIGINT};
	auto result = duckdb::make_uniq<RowsBindData>();
	for (auto table : tables) {
		if (IsLocalId(table->TableId()) || !AutoCompact(transaction, *table)) {
			continue;
		}
		auto rows = FlushTable(context, transaction, *table);
		if (rows > 0) {
			result->rows.push_back({Value(table->ParentSchema().name), Value(table->name), Value::BIGINT(rows)});
		}
	}
	return std::move(result);
}

duckdb::TableFunction FlushInlinedDataFunction() {
	duckdb::TableFunction function("ducklake_flush_inlined_data", {LogicalType::VARCHAR}, EmitRows, FlushBind,
	                               InitRowsScan);
	function.named_parameters["schema_name"] = LogicalType::VARCHAR;
	function.named_parameters["table_name"] = LogicalType::VARCHAR;
	return function;
}

} // namespace inlake

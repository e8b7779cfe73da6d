#include "functions/compaction_arguments.hpp"

#include "catalog/lake_catalog.hpp"
#include "catalog/option_registry.hpp"
#include "functions/row_table_function.hpp"
#include "transaction/lake_transaction.hpp"

#include "duckdb/common/exception.hpp"
#include "duckdb/common/string_util.hpp"

namespace inlake {
using duckdb::LogicalType;
using duckdb::Value;

namespace {

std::string TextArgument(const Value &value, const char *what, const char *function) {
	if (value.IsNull()) {
		throw duckdb::InvalidInputException("%s: %s must not be NULL (leave it out to compact every %s)", function,
		                                    what, std::string(what) == "schema" ? "schema" : "table");
	}
	auto text = value.ToString();
	if (text.empty()) {
		throw duckdb::InvalidInputException("%s: %s must not be empty (leave it out to compact every %s)", function,
		                                    what, std::string(what) == "schema" ? "schema" : "table");
	}
	return text;
}

bool AutoCompact(LakeTransaction &transaction, LakeTableEntry &table) {
	std::string value;
	return !transaction.FindOption("auto_compact", &table, value) || value != "false";
}

} // namespace

CompactionTargets ResolveCompactionTargets(duckdb::ClientContext &context, duckdb::TableFunctionBindInput &input,
                                           const char *function) {
	CompactionTargets targets;
	targets.catalog = &LakeCatalogArgument(context, input.inputs[0], function);
	targets.catalog->CheckWritable(function);
	if (input.inputs.size() > 2) {
		throw duckdb::InvalidInputException("%s takes the lake and at most one table name (give the schema as "
		                                    "schema => 'name')",
		                                    function);
	}
	std::string table_name, schema_name;
	if (input.inputs.size() == 2) {
		table_name = TextArgument(input.inputs[1], "table_name", function);
	}
	auto schema = input.named_parameters.find("schema");
	if (schema != input.named_parameters.end()) {
		schema_name = TextArgument(schema->second, "schema", function);
	}
	if (!table_name.empty() && schema_name.empty()) {
		schema_name = "main";
	}
	auto &transaction = LakeTransaction::Get(context, *targets.catalog);
	targets.transaction = &transaction;
	bool schema_found = schema_name.empty(), table_found = table_name.empty();
	transaction.ScanSchemas([&](LakeSchemaEntry &entry) {
		if (!schema_name.empty() && !duckdb::StringUtil::CIEquals(entry.name, schema_name)) {
			return;
		}
		schema_found = true;
		transaction.ScanTables(entry, [&](LakeTableEntry &table) {
			if (!table_name.empty() && !duckdb::StringUtil::CIEquals(table.name, table_name)) {
				return;
			}
			table_found = true;
			if (!IsLocalId(table.TableId()) && AutoCompact(transaction, table)) {
				targets.tables.push_back(&table);
			}
		});
	});
	if (!schema_found) {
		throw duckdb::CatalogException("%s: schema \"%s\" does not exist in lake \"%s\"", function, schema_name,
		                               targets.catalog->GetName());
	}
	if (!table_found) {
		throw duckdb::CatalogException("%s: table \"%s.%s\" does not exist in lake \"%s\"", function, schema_name,
		                               table_name, targets.catalog->GetName());
	}
	return targets;
}

int64_t NamedByteSize(duckdb::TableFunctionBindInput &input, const char *name, const char *function,
                      int64_t fallback) {
	auto entry = input.named_parameters.find(name);
	if (entry == input.named_parameters.end()) {
		return fallback;
	}
	int64_t bytes;
	if (!ParseByteSize(entry->second, bytes)) {
		throw duckdb::InvalidInputException("%s: %s must be a number of bytes or a size such as '10MB', not %s",
		                                    function, name, entry->second.ToString());
	}
	return bytes;
}

std::vector<std::vector<Value>> CompactTargets(duckdb::ClientContext &context, CompactionTargets &targets,
                                               CompactionRequest &request) {
	std::vector<std::vector<Value>> rows;
	for (auto table : targets.tables) {
		auto outcome = CompactTable(context, *targets.transaction, *table, request);
		if (outcome.files_processed > 0) {
			rows.push_back({Value(table->ParentSchema().name), Value(table->name),
			                Value::BIGINT(outcome.files_processed), Value::BIGINT(outcome.files_created)});
		}
	}
	return rows;
}

void SetCompactionResult(duckdb::vector<LogicalType> &types, duckdb::vector<std::string> &names) {
	names = {"schema_name", "table_name", "files_processed", "files_created"};
	types = {LogicalType::VARCHAR, LogicalType::VARCHAR, LogicalType::BIGINT, LogicalType::BIGINT};
}

duckdb::TableFunction CompactionFunction(const char *name, duckdb::table_function_bind_t bind) {
	duckdb::TableFunction function(name, {LogicalType::VARCHAR}, EmitRows, bind, InitRowsScan);
	function.varargs = LogicalType::VARCHAR;
	function.named_parameters["schema"] = LogicalType::VARCHAR;
	return function;
}

} // namespace inlake

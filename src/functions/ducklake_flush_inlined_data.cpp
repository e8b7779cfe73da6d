// ducklake_flush_inlined_data('lake' [, schema_name => s] [, table_name => t] [, write_deletion_vectors => b]):
// moves the inlined data of every (or the named) table to Parquet; returns
// (schema_name, table_name, rows_flushed) for each table whose inlined rows
// were flushed. Tables with auto_compact = false are skipped, even when named.
//
// The tables are flushed within the calling transaction, as one snapshot. In
// an explicit transaction (or one that already changed the lake) that is all
// or nothing. In autocommit mode (CHECKPOINT's flush too), one table that
// cannot be flushed never keeps the others from it: the others are then
// flushed again, each in a transaction of its own that commits, and the
// statement fails with an error naming every table that did not flush.
//
// write_deletion_vectors => true writes the flushed deletions as Puffin deletion vectors, false as Parquet
// delete files; left out (or NULL), each table's write_deletion_vectors option and the
// ducklake_write_deletion_vectors setting decide.
#include "catalog/lake_catalog.hpp"
#include "functions/lake_functions.hpp"
#include "functions/row_table_function.hpp"
#include "maintenance/inlined_flush.hpp"
#include "metadata/sql_literal.hpp"
#include "transaction/lake_transaction.hpp"

#include "duckdb/main/connection.hpp"
#include "duckdb/main/materialized_query_result.hpp"

namespace inlake {
using duckdb::LogicalType;
using duckdb::Value;

//! A named text argument ("" when not given); NULL is refused rather than read as "every schema/table".
static std::string NamedText(duckdb::TableFunctionBindInput &input, const char *name) {
	auto entry = input.named_parameters.find(name);
	if (entry == input.named_parameters.end()) {
		return std::string();
	}
	if (entry->second.IsNull()) {
		throw duckdb::InvalidInputException("ducklake_flush_inlined_data: %s must not be NULL (leave it out to flush "
		                                    "every %s)",
		                                    name, std::string(name) == "table_name" ? "table" : "schema");
	}
	return entry->second.ToString();
}

static bool AutoCompact(LakeTransaction &transaction, LakeTableEntry &table) {
	std::string value;
	return !transaction.FindOption("auto_compact", &table, value) || value != "false";
}

//! Flushes one table in a transaction of its own (a statement on a connection of its own), adding its result row
//! to `rows`, or its error to `failures`.
static void FlushInOwnTransaction(duckdb::ClientContext &context, LakeCatalog &catalog, LakeTableEntry &table,
                                  int deletion_vectors, std::vector<std::vector<Value>> &rows,
                                  std::vector<std::string> &failures) {
	auto &schema = table.ParentSchema().name;
	duckdb::Connection connection(*context.db);
	auto result = connection.Query("SELECT * FROM ducklake_flush_inlined_data(" + SqlString(catalog.GetName()) +
	                               ", schema_name => " + SqlString(schema) + ", table_name => " +
	                               SqlString(table.name) +
	                               (deletion_vectors < 0 ? std::string()
	                                                     : std::string(", write_deletion_vectors => ") +
	                                                           (deletion_vectors ? "true" : "false")) +
	                               ")");
	if (result->HasError()) {
		failures.push_back("\"" + schema + "\".\"" + table.name + "\": " + result->GetError());
		return;
	}
	for (duckdb::idx_t row = 0; row < result->RowCount(); row++) {
		rows.push_back({result->GetValue(0, row), result->GetValue(1, row), result->GetValue(2, row)});
	}
}

static duckdb::unique_ptr<duckdb::FunctionData> FlushBind(duckdb::ClientContext &context,
                                                         duckdb::TableFunctionBindInput &input,
                                                         duckdb::vector<LogicalType> &types,
                                                         duckdb::vector<std::string> &names) {
	auto &catalog = LakeCatalogArgument(context, input.inputs[0], "ducklake_flush_inlined_data");
	catalog.CheckWritable("flush inlined data"); // once for the lake, not once per table
	auto &transaction = LakeTransaction::Get(context, catalog);
	auto schema_name = NamedText(input, "schema_name");
	auto table_name = NamedText(input, "table_name");
	int deletion_vectors = -1; // as the tables' options say
	auto vectors_parameter = input.named_parameters.find("write_deletion_vectors");
	if (vectors_parameter != input.named_parameters.end() && !vectors_parameter->second.IsNull()) {
		deletion_vectors = vectors_parameter->second.GetValue<bool>() ? 1 : 0;
	}
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
	bool isolate_failures =
	    table_name.empty() && context.transaction.IsAutoCommit() && transaction.changes.Empty() && tables.size() > 1;
	std::vector<std::string> failures;
	std::vector<LakeTableEntry *> flushed;
	for (auto table : tables) {
		if (IsLocalId(table->TableId()) || !AutoCompact(transaction, *table)) {
			continue;
		}
		int64_t rows;
		try {
			rows = FlushTable(context, transaction, *table, deletion_vectors);
		} catch (std::exception &ex) {
			if (!isolate_failures) {
				throw;
			}
			failures.push_back("\"" + table->ParentSchema().name + "\".\"" + table->name +
			                   "\": " + duckdb::ErrorData(ex).Message());
			continue;
		}
		flushed.push_back(table);
		if (rows > 0) {
			result->rows.push_back({Value(table->ParentSchema().name), Value(table->name), Value::BIGINT(rows)});
		}
	}
	if (!failures.empty()) {
		// this statement fails, and its transaction with it: the tables that did flush commit on their own
		DiscardFlushes(context, transaction);
		result->rows.clear();
		for (auto table : flushed) {
			FlushInOwnTransaction(context, catalog, *table, deletion_vectors, result->rows, failures);
		}
		throw duckdb::IOException("ducklake_flush_inlined_data: %llu table%s of lake \"%s\" could not be flushed (the "
		                          "other tables were): %s",
		                          (unsigned long long)failures.size(), failures.size() > 1 ? "s" : "",
		                          catalog.GetName(),
		                          duckdb::StringUtil::Join(duckdb::vector<std::string>(failures.begin(), failures.end()),
		                                                   "; "));
	}
	return std::move(result);
}

duckdb::TableFunction FlushInlinedDataFunction() {
	duckdb::TableFunction function("ducklake_flush_inlined_data", {LogicalType::VARCHAR}, EmitRows, FlushBind,
	                               InitRowsScan);
	function.named_parameters["schema_name"] = LogicalType::VARCHAR;
	function.named_parameters["table_name"] = LogicalType::VARCHAR;
	function.named_parameters["write_deletion_vectors"] = LogicalType::BOOLEAN;
	return function;
}

} // namespace inlake

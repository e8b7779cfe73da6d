#include "functions/row_table_function.hpp"

#include "catalog/lake_catalog.hpp"

#include "duckdb/catalog/catalog.hpp"
#include "duckdb/common/exception/transaction_exception.hpp"
#include "duckdb/main/client_context.hpp"

namespace inlake {

duckdb::unique_ptr<duckdb::GlobalTableFunctionState> InitRowsScan(duckdb::ClientContext &context,
                                                                  duckdb::TableFunctionInitInput &input) {
	return duckdb::make_uniq<RowsScanState>();
}

void EmitRows(duckdb::ClientContext &context, duckdb::TableFunctionInput &input, duckdb::DataChunk &output) {
	auto &data = input.bind_data->Cast<RowsBindData>();
	auto &state = input.global_state->Cast<RowsScanState>();
	duckdb::idx_t count = 0;
	while (state.offset < data.rows.size() && count < STANDARD_VECTOR_SIZE) {
		auto &row = data.rows[state.offset++];
		for (duckdb::idx_t col = 0; col < row.size(); col++) {
			output.SetValue(col, count, row[col]);
		}
		count++;
	}
	output.SetCardinality(count);
}

LakeCatalog &LakeCatalogArgument(duckdb::ClientContext &context, const duckdb::Value &name, const char *function) {
	if (name.IsNull()) {
		throw duckdb::InvalidInputException("%s: the lake name must not be NULL", function);
	}
	auto catalog_name = name.ToString();
	auto catalog = duckdb::Catalog::GetCatalogEntry(context, catalog_name);
	if (!catalog) {
		throw duckdb::BinderException("%s: no attached database named \"%s\"", function, catalog_name);
	}
	if (catalog->GetCatalogType() != "ducklake") {
		throw duckdb::BinderException("%s: \"%s\" is not a DuckLake catalog", function, catalog_name);
	}
	return catalog->Cast<LakeCatalog>();
}

const duckdb::Value *NamedArgument(duckdb::TableFunctionBindInput &input, const char *name) {
	auto entry = input.named_parameters.find(name);
	return entry == input.named_parameters.end() || entry->second.IsNull() ? nullptr : &entry->second;
}

void CheckNotInExplicitTransaction(duckdb::ClientContext &context, const char *function, const LakeCatalog &catalog) {
	if (!context.transaction.IsAutoCommit()) {
		throw duckdb::TransactionException("%s cannot run inside a transaction (BEGIN ... COMMIT) on lake \"%s\": "
		                                   "it commits its changes on its own, which a ROLLBACK could not undo; run it "
		                                   "outside the transaction (dry_run => true works anywhere)",
		                                   function, catalog.GetName());
	}
}

} // namespace inlake

// ducklake_catalog_table('lake', 'ducklake_snapshot'): every row of one table of the lake's catalog database
// (the spec's ducklake_* tables and the inlined data tables), on any catalog backend. Filter and join it in SQL:
//   SELECT path FROM ducklake_catalog_table('l', 'ducklake_data_file') WHERE end_snapshot IS NULL
// It reads the catalog as committed, not the calling transaction's uncommitted changes.
#include "catalog/lake_catalog.hpp"
#include "functions/lake_functions.hpp"
#include "functions/row_table_function.hpp"

#include "duckdb/common/string_util.hpp"

namespace inlake {
using duckdb::LogicalType;

static duckdb::unique_ptr<duckdb::FunctionData> CatalogTableBind(duckdb::ClientContext &context,
                                                                duckdb::TableFunctionBindInput &input,
                                                                duckdb::vector<LogicalType> &types,
                                                                duckdb::vector<std::string> &names) {
	auto &catalog = LakeCatalogArgument(context, input.inputs[0], "ducklake_catalog_table");
	if (input.inputs[1].IsNull()) {
		throw duckdb::InvalidInputException("ducklake_catalog_table: the table name is NULL");
	}
	auto table_name = input.inputs[1].ToString();
	if (!duckdb::StringUtil::StartsWith(duckdb::StringUtil::Lower(table_name), "ducklake_")) {
		throw duckdb::InvalidInputException("ducklake_catalog_table: \"%s\" is not a catalog table (their names "
		                                    "begin with ducklake_)",
		                                    table_name);
	}
	auto table = catalog.Store().ReadCatalogTable(table_name);
	names = duckdb::vector<std::string>(table.names.begin(), table.names.end());
	types = duckdb::vector<LogicalType>(table.types.begin(), table.types.end());
	auto result = duckdb::make_uniq<RowsBindData>();
	result->rows = std::move(table.rows);
	return std::move(result);
}

duckdb::TableFunction CatalogTableFunction() {
	return duckdb::TableFunction("ducklake_catalog_table", {LogicalType::VARCHAR, LogicalType::VARCHAR}, EmitRows,
	                             CatalogTableBind, InitRowsScan);
}

} // namespace inlake

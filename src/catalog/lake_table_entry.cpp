#include "catalog/lake_table_entry.hpp"

#include "catalog/lake_catalog.hpp"
#include "catalog/table_columns.hpp"
#include "read/lake_scan.hpp"
#include "transaction/lake_transaction.hpp"

#include "duckdb/common/table_column.hpp"
#include "duckdb/planner/expression/bound_columnref_expression.hpp"
#include "duckdb/planner/operator/logical_get.hpp"
#include "duckdb/planner/operator/logical_projection.hpp"
#include "duckdb/planner/operator/logical_update.hpp"
#include "duckdb/planner/tableref/bound_at_clause.hpp"
#include "duckdb/storage/statistics/base_statistics.hpp"
#include "duckdb/storage/table_storage_info.hpp"

namespace inlake {

LakeTableEntry::LakeTableEntry(duckdb::Catalog &catalog, duckdb::SchemaCatalogEntry &schema,
                               duckdb::CreateTableInfo &info, TableRecord record_p)
    : duckdb::TableCatalogEntry(catalog, schema, info), record(std::move(record_p)) {
}

duckdb::unique_ptr<LakeTableEntry> LakeTableEntry::FromRecord(duckdb::Catalog &catalog,
                                                              duckdb::SchemaCatalogEntry &schema, TableRecord record) {
	auto info = CreateInfoFromColumns(schema.name, record.table_name, record.columns);
	if (record.has_comment) {
		info->comment = duckdb::Value(record.comment);
	}
	return duckdb::make_uniq<LakeTableEntry>(catalog, schema, *info, std::move(record));
}

duckdb::unique_ptr<duckdb::BaseStatistics> LakeTableEntry::GetStatistics(duckdb::ClientContext &context,
                                                                         duckdb::column_t column_id) {
	return nullptr;
}

duckdb::TableFunction LakeTableEntry::GetScanFunction(duckdb::ClientContext &context,
                                                      duckdb::unique_ptr<duckdb::FunctionData> &bind_data) {
	auto &transaction = LakeTransaction::Get(context, catalog);
	return GetLakeScanFunction(context, transaction.BuildScanSpec(*this, -1), bind_data);
}

duckdb::TableFunction LakeTableEntry::GetScanFunction(duckdb::ClientContext &context,
                                                      duckdb::unique_ptr<duckdb::FunctionData> &bind_data,
                                                      const duckdb::EntryLookupInfo &lookup_info) {
	auto at_clause = lookup_info.GetAtClause();
	if (!at_clause) {
		return GetScanFunction(context, bind_data);
	}
	auto &transaction = LakeTransaction::Get(context, catalog);
	auto snapshot = transaction.ResolveAtClause(*at_clause);
	return GetLakeScanFunction(context, transaction.BuildScanSpec(*this, snapshot.snapshot_id), bind_data);
}

duckdb::TableStorageInfo LakeTableEntry::GetStorageInfo(duckdb::ClientContext &context) {
	duckdb::TableStorageInfo info;
	return info;
}

duckdb::virtual_column_map_t LakeTableEntry::GetVirtualColumns() const {
	return LakeVirtualColumns();
}

duckdb::vector<duckdb::column_t> LakeTableEntry::GetRowIdColumns() const {
	return {duckdb::COLUMN_IDENTIFIER_ROW_ID};
}

} // namespace inlake

namespace inlake {

void LakeTableEntry::BindUpdateConstraints(duckdb::Binder &binder, duckdb::LogicalGet &get,
                                           duckdb::LogicalProjection &proj, duckdb::LogicalUpdate &update,
                                           duckdb::ClientContext &context) {
	// Like LogicalUpdate::BindExtraColumns with every column, but a column the scan already reads
	// (e.g. for the WHERE clause) is referenced, not scanned a second time.
	duckdb::physical_index_set_t updated(update.columns.begin(), update.columns.end());
	for (auto &column : GetColumns().Physical()) {
		if (updated.count(column.Physical())) {
			continue;
		}
		auto &column_ids = get.GetColumnIds();
		duckdb::idx_t scan_index = column_ids.size();
		for (duckdb::idx_t i = 0; i < column_ids.size(); i++) {
			if (!column_ids[i].IsVirtualColumn() && column_ids[i].GetPrimaryIndex() == column.Logical().index) {
				scan_index = i;
			}
		}
		if (scan_index == column_ids.size()) {
			get.AddColumnId(column.Logical().index);
		}
		update.expressions.push_back(duckdb::make_uniq<duckdb::BoundColumnRefExpression>(
		    column.Type(), duckdb::ColumnBinding(proj.table_index, proj.expressions.size())));
		proj.expressions.push_back(duckdb::make_uniq<duckdb::BoundColumnRefExpression>(
		    column.Type(), duckdb::ColumnBinding(get.table_index, scan_index)));
		update.columns.push_back(column.Physical());
	}
	update.update_is_del_and_insert = true;
}

} // namespace inlake

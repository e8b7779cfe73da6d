#include "metadata/duckdb/inlined_table_scan.hpp"

#include "common/column_bounds.hpp"
#include "common/nested_remap.hpp"

#include "duckdb/catalog/catalog.hpp"
#include "duckdb/catalog/catalog_entry/table_catalog_entry.hpp"
#include "duckdb/common/vector_operations/vector_operations.hpp"
#include "duckdb/planner/filter/conjunction_filter.hpp"
#include "duckdb/storage/data_table.hpp"
#include "duckdb/storage/statistics/numeric_stats.hpp"
#include "duckdb/storage/table/scan_state.hpp"
#include "duckdb/transaction/duck_transaction.hpp"

#include <unordered_set>

namespace inlake {
using namespace duckdb;

namespace {

//! Which catalog-table columns the scan reads, and where each source column is in the scanned chunk.
struct ScanLayout {
	vector<StorageIndex> column_ids;
	vector<LogicalType> types;
	//! Per source column: its position in the scanned chunk (invalid: NULL in the result)
	vector<optional_idx> positions;
	//! Positions of the row id, begin and end snapshot columns (invalid: not read)
	optional_idx row_id;
	optional_idx begin;
	optional_idx end;
	//! Every stored row is visible at the snapshot (begin and end are not read)
	bool all_visible = false;

	idx_t Add(TableCatalogEntry &table, const std::string &name) {
		auto &column = table.GetColumn(name);
		column_ids.emplace_back(column.StorageOid());
		types.push_back(column.Type());
		return column_ids.size() - 1;
	}
};

} // namespace

bool CanStreamInlinedTable(const InlinedSource &source) {
	for (auto &column : source.columns) {
		if (!column.skip && column.source_name.empty() && column.target.has_initial_default) {
			return false;
		}
	}
	return true;
}

//! Filters a storage scan evaluates exactly as the reader would.
static bool Pushable(const TableFilter &filter) {
	switch (filter.filter_type) {
	case TableFilterType::CONSTANT_COMPARISON:
	case TableFilterType::IS_NULL:
	case TableFilterType::IS_NOT_NULL:
		return true;
	case TableFilterType::CONJUNCTION_AND:
		for (auto &child : filter.Cast<ConjunctionAndFilter>().child_filters) {
			if (!Pushable(*child)) {
				return false;
			}
		}
		return true;
	default:
		return false;
	}
}

//! Whether the storage statistics show every stored row visible at the snapshot: no row ever ended (the end
//! snapshot column holds only NULLs) and none begins after it. Statistics cover every row stored, committed or not,
//! so this errs on the side of reading the columns.
static bool AllRowsVisible(ClientContext &context, TableCatalogEntry &table, const InlinedColumnNames &names,
                           int64_t snapshot_id) {
	auto &storage = table.GetStorage();
	auto end_stats = storage.GetStatistics(context, table.GetColumn(names.end_snapshot).StorageOid());
	if (!end_stats || NumericStats::HasMinMax(*end_stats)) {
		return false;
	}
	auto begin_stats = storage.GetStatistics(context, table.GetColumn(names.begin_snapshot).StorageOid());
	return begin_stats && NumericStats::HasMinMax(*begin_stats) && !begin_stats->CanHaveNull() &&
	       NumericStats::Max(*begin_stats).GetValue<int64_t>() <= snapshot_id;
}

static ScanLayout MakeLayout(ClientContext &context, TableCatalogEntry &table, const InlinedSource &source,
                             const InlinedColumnNames &names, int64_t snapshot_id, bool has_exclusions) {
	ScanLayout layout;
	layout.all_visible = AllRowsVisible(context, table, names, snapshot_id);
	if (source.read_row_id || has_exclusions) {
		layout.row_id = layout.Add(table, names.row_id);
	}
	if (source.read_begin_snapshot || !layout.all_visible) {
		layout.begin = layout.Add(table, names.begin_snapshot);
	}
	if (!layout.all_visible) {
		layout.end = layout.Add(table, names.end_snapshot);
	}
	for (auto &column : source.columns) {
		layout.positions.push_back(column.skip || column.source_name.empty() ? optional_idx()
		                                                                     : optional_idx(layout.Add(table, column.source_name)));
	}
	return layout;
}

//! Pushes the filters a storage scan evaluates exactly into `pushed`; `applied` gets one flag per filter.
static void PushFilters(const InlinedSource &source, const ScanLayout &layout, const InlinedRowFilter &filter,
                        TableFilterSet &pushed, std::vector<bool> &applied) {
	applied.assign(filter.column_filters.size(), false);
	for (idx_t i = 0; i < filter.column_filters.size(); i++) {
		auto &entry = filter.column_filters[i];
		if (entry.column >= source.columns.size() || !layout.positions[entry.column].IsValid()) {
			continue;
		}
		auto &column = source.columns[entry.column];
		if (!SameColumnLayout(column.source, column.target) || !Pushable(*entry.filter)) {
			continue;
		}
		auto position = layout.positions[entry.column].GetIndex();
		if (pushed.filters.count(position)) {
			continue;
		}
		pushed.PushFilter(ColumnIndex(position), entry.filter->Copy());
		applied[i] = true;
	}
}

//! Selects the rows of a scanned chunk that the snapshot sees and the filter keeps.
static idx_t SelectVisible(const ScanLayout &layout, DataChunk &scanned, int64_t snapshot_id,
                           const std::unordered_set<int64_t> &excluded, SelectionVector &sel) {
	scanned.Flatten();
	auto row_id_data = layout.row_id.IsValid() ? FlatVector::GetData<int64_t>(scanned.data[layout.row_id.GetIndex()])
	                                           : nullptr;
	auto check_snapshots = !layout.all_visible;
	auto begins = check_snapshots ? &scanned.data[layout.begin.GetIndex()] : nullptr;
	auto ends = check_snapshots ? &scanned.data[layout.end.GetIndex()] : nullptr;
	auto begin_data = check_snapshots ? FlatVector::GetData<int64_t>(*begins) : nullptr;
	auto end_data = check_snapshots ? FlatVector::GetData<int64_t>(*ends) : nullptr;
	idx_t count = 0;
	for (idx_t row = 0; row < scanned.size(); row++) {
		if (check_snapshots) {
			if (FlatVector::IsNull(*begins, row) || begin_data[row] > snapshot_id) {
				continue;
			}
			if (!FlatVector::IsNull(*ends, row) && end_data[row] <= snapshot_id) {
				continue;
			}
		}
		if (!excluded.empty() && excluded.count(row_id_data[row])) {
			continue;
		}
		sel.set_index(count++, row);
	}
	return count;
}

//! `stored` narrowed to the selected rows into `result`; `sel` null: every row, which keeps flat vectors flat
//! (a slice makes a dictionary vector even of all rows, and operators take slower paths over those).
static void SelectInto(Vector &result, Vector &stored, const SelectionVector *sel, idx_t count) {
	if (sel) {
		result.Slice(stored, *sel, count);
	} else {
		result.Reference(stored);
	}
}

//! The scanned rows `sel` selects (null: all of them) as the stream's output columns: each column of the table's
//! current layout from its stored column, cast or remapped where the stored one differs, then row id and begin
//! snapshot.
static void ProjectRows(ClientContext &context, const InlinedSource &source, const ScanLayout &layout,
                        DataChunk &scanned, const SelectionVector *sel, idx_t count, DataChunk &result) {
	for (idx_t i = 0; i < source.columns.size(); i++) {
		auto &target_type = source.columns[i].target.type;
		if (!layout.positions[i].IsValid()) {
			result.data[i].Reference(Value(target_type));
			continue;
		}
		auto &stored = scanned.data[layout.positions[i].GetIndex()];
		auto &column = source.columns[i];
		auto remapped = target_type.IsNested() && !SameColumnLayout(column.source, column.target);
		if (stored.GetType() == target_type && !remapped) {
			SelectInto(result.data[i], stored, sel, count);
			continue;
		}
		Vector selected(stored); // a reference
		if (sel) {
			selected.Slice(*sel, count);
		}
		if (remapped) {
			// nested fields added, dropped or renamed since the rows were stored: by field id
			if (selected.GetType() == column.source_type) {
				RemapColumnVector(selected, column.source, column.target, result.data[i], count);
			} else {
				Vector decoded(column.source_type, count);
				VectorOperations::Cast(context, selected, decoded, count);
				RemapColumnVector(decoded, column.source, column.target, result.data[i], count);
			}
		} else {
			VectorOperations::Cast(context, selected, result.data[i], count);
		}
	}
	auto hidden = source.columns.size();
	for (auto position : {layout.row_id, layout.begin}) {
		if (position.IsValid()) {
			SelectInto(result.data[hidden], scanned.data[position.GetIndex()], sel, count);
		} else {
			result.data[hidden].Reference(Value(LogicalType::BIGINT));
		}
		hidden++;
	}
	result.SetCardinality(count);
}

namespace {

class InlinedTableStream : public RowStream {
public:
	InlinedTableStream(ClientContext &context, TableCatalogEntry &table, const InlinedSource &source_p,
	                   const InlinedColumnNames &names, int64_t snapshot_id_p, const InlinedRowFilter &filter,
	                   std::shared_ptr<void> keep_alive_p)
	    : keep_alive(std::move(keep_alive_p)), context(context), storage(table.GetStorage()),
	      transaction(DuckTransaction::Get(context, table.ParentCatalog().GetAttached())), source(source_p),
	      layout(MakeLayout(context, table, source, names, snapshot_id_p, !filter.excluded_row_ids.empty())),
	      snapshot_id(snapshot_id_p), excluded(filter.excluded_row_ids.begin(), filter.excluded_row_ids.end()),
	      sel(STANDARD_VECTOR_SIZE) {
		PushFilters(source, layout, filter, pushed, applied);
		storage.InitializeScan(context, transaction, state, layout.column_ids,
		                       pushed.filters.empty() ? nullptr : &pushed);
		scanned.Initialize(context, layout.types);
	}

	bool AppliesFilter(idx_t index) const override {
		return index < applied.size() && applied[index];
	}

	bool Next(DataChunk &chunk) override {
		chunk.Reset();
		while (true) {
			scanned.Reset();
			storage.Scan(transaction, scanned, state);
			if (scanned.size() == 0) {
				return false;
			}
			if (layout.all_visible && excluded.empty()) {
				// every row counts: hand the scanned vectors on as they are
				ProjectRows(context, source, layout, scanned, nullptr, scanned.size(), chunk);
				return true;
			}
			auto count = SelectVisible(layout, scanned, snapshot_id, excluded, sel);
			if (count > 0) {
				ProjectRows(context, source, layout, scanned, count < scanned.size() ? &sel : nullptr, count, chunk);
				return true;
			}
		}
	}

private:
	std::shared_ptr<void> keep_alive;
	ClientContext &context;
	DataTable &storage;
	DuckTransaction &transaction;
	InlinedSource source;
	ScanLayout layout;
	int64_t snapshot_id;
	std::unordered_set<int64_t> excluded;
	TableFilterSet pushed;
	//! Per filter of the InlinedRowFilter: pushed into the storage scan, which keeps only the rows passing it
	std::vector<bool> applied;
	TableScanState state;
	DataChunk scanned;
	SelectionVector sel;
};

} // namespace

std::unique_ptr<RowStream> StreamInlinedTable(ClientContext &context, const std::string &database,
                                              const std::string &schema, const InlinedSource &source,
                                              const InlinedColumnNames &names, int64_t snapshot_id,
                                              const InlinedRowFilter &filter, std::shared_ptr<void> keep_alive) {
	auto &table = Catalog::GetEntry<TableCatalogEntry>(context, database, schema, source.table_name);
	return std::unique_ptr<RowStream>(
	    new InlinedTableStream(context, table, source, names, snapshot_id, filter, std::move(keep_alive)));
}

unique_ptr<BaseStatistics> InlinedColumnStatistics(ClientContext &context, const std::string &database,
                                                   const std::string &schema, const InlinedSource &source,
                                                   idx_t column) {
	if (column >= source.columns.size()) {
		return nullptr;
	}
	auto &column_source = source.columns[column];
	if (column_source.source_name.empty() || !HasValueBounds(column_source.target.type) ||
	    !HasValueBounds(column_source.source_type)) {
		return nullptr;
	}
	auto &table = Catalog::GetEntry<TableCatalogEntry>(context, database, schema, source.table_name);
	auto &stored = table.GetColumn(column_source.source_name);
	auto stats = table.GetStorage().GetStatistics(context, stored.StorageOid());
	if (!stats) {
		return nullptr;
	}
	if (!NumericStats::HasMinMax(*stats)) {
		// no non-NULL value stored: only NULLs (or no rows at all)
		auto result = BaseStatistics::CreateEmpty(column_source.target.type);
		if (stats->CanHaveNull()) {
			result.SetHasNull();
		}
		return result.ToUnique();
	}
	return BoundsStatistics(column_source.target.type, NumericStats::Min(*stats), NumericStats::Max(*stats),
	                        stats->CanHaveNull());
}

} // namespace inlake

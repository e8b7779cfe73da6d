#include "read/row_set_scan.hpp"

#include "read/row_set_cursor.hpp"
#include "read/scan_statistics.hpp"

#include "duckdb/catalog/catalog_entry/table_catalog_entry.hpp"
#include "duckdb/execution/partition_info.hpp"

#include <atomic>
#include <mutex>
#include <unordered_map>

namespace inlake {

using namespace duckdb;

namespace {

//! LakeScanColumnStatistics of one spec by column: DuckDB's optimizer asks for a column several times while it
//! plans one statement, and each answer reads the inlined tables' storage statistics.
class ColumnStatisticsCache {
public:
	unique_ptr<BaseStatistics> Get(const LakeScanSpec &spec, column_t column) {
		std::lock_guard<std::mutex> guard(lock);
		auto entry = known.find(column);
		if (entry == known.end()) {
			entry = known.emplace(column, LakeScanColumnStatistics(spec, column)).first;
		}
		return entry->second ? entry->second->ToUnique() : nullptr;
	}

private:
	std::mutex lock;
	//! nullptr: no statistics
	std::unordered_map<column_t, unique_ptr<BaseStatistics>> known;
};

struct RowSetScanBindData : public TableFunctionData {
	explicit RowSetScanBindData(std::shared_ptr<LakeScanSpec> spec_p,
	                            std::shared_ptr<ColumnStatisticsCache> statistics_p = nullptr)
	    : spec(std::move(spec_p)), statistics(statistics_p ? std::move(statistics_p)
	                                                       : std::make_shared<ColumnStatisticsCache>()) {
	}
	//! Fixed once bound: a row set scan has no data files to list later
	std::shared_ptr<LakeScanSpec> spec;
	std::shared_ptr<ColumnStatisticsCache> statistics;

	//! The sources are those of the snapshot read at bind time: re-bind on every execution
	bool SupportStatementCache() const override {
		return false;
	}
	unique_ptr<FunctionData> Copy() const override {
		return make_uniq<RowSetScanBindData>(spec, statistics);
	}
	bool Equals(const FunctionData &other) const override {
		return spec == other.Cast<RowSetScanBindData>().spec;
	}
};

struct RowSetScanGlobalState : public GlobalTableFunctionState {
	std::shared_ptr<LakeScanSpec> spec;
	vector<LogicalType> row_set_types;
	//! Per output column: the row set column it reads
	vector<column_t> read_columns;
	//! Filters on table columns, for the loaders, and the filter set key of each
	std::vector<ColumnFilter> pushed;
	std::vector<idx_t> pushed_keys;
	vector<LogicalType> output_types;
	optional_ptr<TableFilterSet> filters;
	std::atomic<idx_t> next_row_set {0};

	idx_t MaxThreads() const override {
		return MaxValue<idx_t>(1, spec->row_sets.size());
	}
};

struct RowSetScanLocalState : public LocalTableFunctionState {
	std::unique_ptr<RowSetCursor> cursor;
	idx_t batch_index = 0;
	//! The filters the current row set's cursor did not apply, and the keys of those it did (the evaluator is
	//! made again only when a row set's differ)
	ScanFilterEvaluator filter;
	std::vector<idx_t> filter_skipped_keys;
	bool filter_made = false;
	//! Holds the rows when the scan outputs no column at all
	DataChunk count_chunk;
};

//! The row set column behind a scan column id (table columns, then row id, then snapshot id)
column_t RowSetColumn(const LakeScanSpec &spec, column_t column_id) {
	auto table_columns = spec.columns.size();
	auto virtual_column = RowSetColumns::OfVirtualColumn(column_id, table_columns);
	if (virtual_column.IsValid()) {
		return virtual_column.GetIndex();
	}
	if (column_id >= table_columns) {
		throw InternalException("inlake scan: column id %llu of table \"%s\" is not a column", column_id,
		                        spec.table_name);
	}
	return column_id;
}

unique_ptr<GlobalTableFunctionState> RowSetScanInitGlobal(ClientContext &context, TableFunctionInitInput &input) {
	auto &bind_data = input.bind_data->Cast<RowSetScanBindData>();
	auto result = make_uniq<RowSetScanGlobalState>();
	result->spec = bind_data.spec;
	result->row_set_types = RowSetTypes(bind_data.spec->columns);
	for (auto column_id : input.column_ids) {
		auto column = RowSetColumn(*bind_data.spec, column_id);
		result->read_columns.push_back(column);
		result->output_types.push_back(result->row_set_types[column]);
	}
	result->filters = input.filters;
	auto &read_columns = result->read_columns;
	result->pushed = TableColumnFilters(
	    input.filters, bind_data.spec->columns.size(), [&](idx_t key) { return read_columns[key]; },
	    &result->pushed_keys);
	return std::move(result);
}

unique_ptr<LocalTableFunctionState> RowSetScanInitLocal(ExecutionContext &context, TableFunctionInitInput &input,
                                                        GlobalTableFunctionState *global_state) {
	return make_uniq<RowSetScanLocalState>();
}

//! Makes the local state's filter evaluate the filters that its new cursor did not apply
void PrepareFilter(ClientContext &context, RowSetScanGlobalState &gstate, RowSetScanLocalState &lstate) {
	auto skipped_keys = lstate.cursor->AppliedFilterKeys(gstate.pushed_keys);
	if (lstate.filter_made && skipped_keys == lstate.filter_skipped_keys) {
		return;
	}
	lstate.filter = ScanFilterEvaluator(context, gstate.filters, gstate.output_types, skipped_keys);
	lstate.filter_skipped_keys = std::move(skipped_keys);
	lstate.filter_made = true;
}

//! Starts the next unclaimed row set; false when none is left
bool ClaimRowSet(ClientContext &context, RowSetScanGlobalState &gstate, RowSetScanLocalState &lstate) {
	auto index = gstate.next_row_set++;
	if (index >= gstate.spec->row_sets.size()) {
		return false;
	}
	lstate.batch_index = index;
	lstate.cursor = std::make_unique<RowSetCursor>(gstate.spec->row_sets[index], gstate.row_set_types,
	                                               gstate.read_columns, gstate.pushed, index);
	if (gstate.read_columns.empty()) {
		lstate.count_chunk.Initialize(Allocator::DefaultAllocator(), lstate.cursor->Types());
	}
	PrepareFilter(context, gstate, lstate);
	return true;
}

//! The next rows of the local state's row set into `output`; false at its end
bool ReadChunk(RowSetScanLocalState &lstate, DataChunk &output) {
	if (output.ColumnCount() > 0) {
		return lstate.cursor->Next(output);
	}
	lstate.count_chunk.Reset();
	if (!lstate.cursor->Next(lstate.count_chunk)) {
		return false;
	}
	output.SetCardinality(lstate.count_chunk.size());
	return true;
}

void RowSetScanFunction(ClientContext &context, TableFunctionInput &input, DataChunk &output) {
	auto &gstate = input.global_state->Cast<RowSetScanGlobalState>();
	auto &lstate = input.local_state->Cast<RowSetScanLocalState>();
	while (true) {
		if (!lstate.cursor && !ClaimRowSet(context, gstate, lstate)) {
			output.SetCardinality(0);
			return;
		}
		output.Reset();
		if (!ReadChunk(lstate, output)) {
			lstate.cursor.reset();
			continue;
		}
		if (lstate.filter.Apply(output) > 0) {
			return;
		}
	}
}

OperatorPartitionData RowSetScanPartitionData(ClientContext &context, TableFunctionGetPartitionInput &input) {
	if (input.partition_info.RequiresPartitionColumns()) {
		throw InternalException("inlake scan: partition columns are not supported");
	}
	return OperatorPartitionData(input.local_state->Cast<RowSetScanLocalState>().batch_index);
}

unique_ptr<NodeStatistics> RowSetScanCardinality(ClientContext &context, const FunctionData *bind_data_p) {
	auto &spec = *bind_data_p->Cast<RowSetScanBindData>().spec;
	idx_t total = 0;
	for (auto &row_set : spec.row_sets) {
		total += row_set.RowCount();
	}
	return make_uniq<NodeStatistics>(total, total);
}

unique_ptr<BaseStatistics> RowSetScanStatistics(ClientContext &context, const FunctionData *bind_data_p,
                                                column_t column_index) {
	auto &bind_data = bind_data_p->Cast<RowSetScanBindData>();
	return bind_data.statistics->Get(*bind_data.spec, column_index);
}

virtual_column_map_t RowSetScanVirtualColumns(ClientContext &context, optional_ptr<FunctionData> bind_data) {
	return LakeVirtualColumns();
}

vector<column_t> RowSetScanRowIdColumns(ClientContext &context, optional_ptr<FunctionData> bind_data) {
	return {COLUMN_IDENTIFIER_ROW_ID};
}

BindInfo RowSetScanBindInfo(const optional_ptr<FunctionData> bind_data_p) {
	auto &spec = *bind_data_p->Cast<RowSetScanBindData>().spec;
	if (spec.table) {
		return BindInfo(*spec.table);
	}
	return BindInfo(ScanType::EXTERNAL);
}

InsertionOrderPreservingMap<string> RowSetScanToString(TableFunctionToStringInput &input) {
	InsertionOrderPreservingMap<string> result;
	auto &spec = *input.bind_data->Cast<RowSetScanBindData>().spec;
	result["Table"] = spec.table_name;
	result["Row Sets"] = std::to_string(spec.row_sets.size());
	return result;
}

} // namespace

TableFunction GetRowSetScanFunction(std::shared_ptr<LakeScanSpec> spec, unique_ptr<FunctionData> &bind_data) {
	TableFunction function("inlake_scan", {}, RowSetScanFunction, nullptr, RowSetScanInitGlobal,
	                       RowSetScanInitLocal);
	function.projection_pushdown = true;
	function.filter_pushdown = true;
	function.filter_prune = false;
	function.statistics = RowSetScanStatistics;
	function.cardinality = RowSetScanCardinality;
	function.get_partition_data = RowSetScanPartitionData;
	function.get_virtual_columns = RowSetScanVirtualColumns;
	function.get_row_id_columns = RowSetScanRowIdColumns;
	function.get_bind_info = RowSetScanBindInfo;
	function.to_string = RowSetScanToString;
	bind_data = make_uniq<RowSetScanBindData>(std::move(spec));
	return function;
}

} // namespace inlake

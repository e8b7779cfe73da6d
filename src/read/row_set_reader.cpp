#include "read/row_set_reader.hpp"

namespace inlake {

using namespace duckdb;

RowSetReader::RowSetReader(OpenFileInfo file_p, const ScanRowSet &row_set_p, idx_t table_column_count_p,
                           vector<MultiFileColumnDefinition> columns_p)
    : BaseFileReader(std::move(file_p)), row_set(row_set_p), table_column_count(table_column_count_p) {
	columns = std::move(columns_p);
}

std::vector<ColumnFilter> RowSetReader::PushedTableFilters(std::vector<idx_t> &keys) {
	return TableColumnFilters(
	    filters.get(), table_column_count,
	    [&](idx_t key) {
		    auto local_id = column_ids[MultiFileLocalIndex(key)].GetId();
		    // a column with an expression_map entry is computed from the stored one: not a plain table column
		    return expression_map.find(local_id) == expression_map.end() ? local_id : table_column_count;
	    },
	    &keys);
}

bool RowSetReader::TryInitializeScan(ClientContext &context, GlobalTableFunctionState &gstate,
                                     LocalTableFunctionState &lstate) {
	bool expected = false;
	return claimed.compare_exchange_strong(expected, true);
}

void RowSetReader::AddVirtualColumn(column_t virtual_column_id) {
	// DuckDB's column mapper has just added the column's definition
	auto row_set_column = RowSetColumns::OfVirtualColumn(virtual_column_id, table_column_count);
	if (!row_set_column.IsValid() || columns.empty()) {
		throw NotImplementedException("inlake scan: virtual column %llu is not available for inlined rows",
		                              virtual_column_id);
	}
	virtual_columns[columns.size() - 1] = row_set_column.GetIndex();
}

//! The row set column a local column id reads
column_t RowSetReader::RowSetColumn(column_t local_id) const {
	if (local_id < RowSetColumns::StoredCount(table_column_count)) {
		return local_id;
	}
	auto entry = virtual_columns.find(local_id);
	if (entry == virtual_columns.end()) {
		throw NotImplementedException("inlake scan: column \"%s\" is not available for inlined rows",
		                              local_id < columns.size() ? columns[local_id].name : std::to_string(local_id));
	}
	return entry->second;
}

void RowSetReader::InitializeScanState(ClientContext &context, const vector<LogicalType> &output_types) {
	vector<LogicalType> row_types;
	for (idx_t i = 0; i < RowSetColumns::StoredCount(table_column_count) && i < columns.size(); i++) {
		row_types.push_back(columns[i].type);
	}
	for (auto &type : RowSetColumns::ComputedTypes()) {
		row_types.push_back(type);
	}
	vector<column_t> scan_ids;
	for (idx_t i = 0; i < column_ids.size(); i++) {
		auto local_id = column_ids[MultiFileLocalIndex(i)].GetId();
		scan_ids.push_back(RowSetColumn(local_id));
		auto entry = expression_map.find(local_id);
		if (entry == expression_map.end()) {
			column_executors.push_back(nullptr);
		} else {
			column_executors.push_back(make_uniq<ExpressionExecutor>(context, *entry->second));
		}
	}
	auto index = file_list_idx.IsValid() ? file_list_idx.GetIndex() : 0;
	std::vector<idx_t> pushed_keys;
	auto pushed = PushedTableFilters(pushed_keys);
	cursor = make_uniq<RowSetCursor>(row_set, row_types, std::move(scan_ids), pushed, index);
	scan_chunk.Initialize(Allocator::DefaultAllocator(), cursor->Types());
	filter = ScanFilterEvaluator(context, filters.get(), output_types, cursor->AppliedFilterKeys(pushed_keys));
	initialized = true;
}

void RowSetReader::ProjectColumns(DataChunk &output) {
	auto count = scan_chunk.size();
	for (idx_t i = 0; i < column_executors.size(); i++) {
		if (!column_executors[i]) {
			output.data[i].Reference(scan_chunk.data[i]);
			continue;
		}
		// expression_map entries reference their input column as column 0
		DataChunk input;
		input.InitializeEmpty({scan_chunk.data[i].GetType()});
		input.data[0].Reference(scan_chunk.data[i]);
		input.SetCardinality(count);
		column_executors[i]->ExecuteExpression(input, output.data[i]);
	}
	output.SetCardinality(count);
}

void RowSetReader::Scan(ClientContext &context, GlobalTableFunctionState &global_state,
                        LocalTableFunctionState &local_state, DataChunk &chunk) {
	if (!initialized) {
		InitializeScanState(context, chunk.GetTypes());
	}
	while (true) {
		scan_chunk.Reset();
		chunk.Reset();
		if (!cursor->Next(scan_chunk)) {
			chunk.SetCardinality(0);
			return;
		}
		ProjectColumns(chunk);
		if (filter.Apply(chunk) > 0) {
			return;
		}
	}
}

double RowSetReader::GetProgressInFile(ClientContext &context) {
	if (!initialized) {
		return 0.0;
	}
	auto total = cursor->KnownCount();
	if (total == 0) {
		return 50.0; // a stream does not know its length
	}
	return 100.0 * static_cast<double>(cursor->RowsRead()) / static_cast<double>(total);
}

} // namespace inlake

#include "read/row_set_reader.hpp"


#include "duckdb/planner/expression/bound_conjunction_expression.hpp"
#include "duckdb/planner/expression/bound_reference_expression.hpp"
#include "duckdb/planner/table_filter.hpp"

namespace inlake {

using namespace duckdb;

RowSetReader::RowSetReader(OpenFileInfo file_p, const ScanRowSet &row_set, idx_t table_column_count_p,
                           vector<MultiFileColumnDefinition> columns_p)
    : BaseFileReader(std::move(file_p)), rows(row_set.rows), loader(row_set.loader),
      table_column_count(table_column_count_p) {
	columns = std::move(columns_p);
}

void RowSetReader::LoadRows() {
	std::vector<ColumnFilter> pushed;
	if (filters) {
		for (auto &entry : filters->filters) {
			auto local_id = column_ids[MultiFileLocalIndex(entry.first)].GetId();
			if (local_id < table_column_count && expression_map.find(local_id) == expression_map.end()) {
				pushed.push_back(ColumnFilter {local_id, std::shared_ptr<TableFilter>(entry.second->Copy().release())});
			}
		}
	}
	std::vector<bool> needed(table_column_count + 2, false);
	for (idx_t i = 0; i < column_ids.size(); i++) {
		auto local_id = column_ids[MultiFileLocalIndex(i)].GetId();
		if (local_id < needed.size()) {
			needed[local_id] = true;
		}
	}
	stream = loader(pushed, needed);
}

bool RowSetReader::TryInitializeScan(ClientContext &context, GlobalTableFunctionState &gstate,
                                     LocalTableFunctionState &lstate) {
	bool expected = false;
	return claimed.compare_exchange_strong(expected, true);
}

void RowSetReader::InitializeScanState(ClientContext &context, const vector<LogicalType> &output_types) {
	vector<LogicalType> row_types;
	if (rows) {
		row_types = rows->Types();
	} else {
		LoadRows();
		for (idx_t i = 0; i < table_column_count + 2 && i < columns.size(); i++) {
			row_types.push_back(columns[i].type);
		}
		stream_chunk.Initialize(context, row_types);
	}
	vector<column_t> scan_ids;
	for (idx_t i = 0; i < column_ids.size(); i++) {
		auto local_id = column_ids[MultiFileLocalIndex(i)].GetId();
		if (local_id >= row_types.size()) {
			throw NotImplementedException("inlake scan: virtual column \"%s\" is not available for in-memory rows",
			                              columns[local_id].name);
		}
		scan_ids.push_back(local_id);
		scanned_types.push_back(row_types[local_id]);
		auto entry = expression_map.find(local_id);
		if (entry == expression_map.end()) {
			column_executors.push_back(nullptr);
		} else {
			column_executors.push_back(make_uniq<ExpressionExecutor>(context, *entry->second));
		}
	}
	if (scan_ids.empty()) {
		// nothing projected (e.g. COUNT(*)): scan one column for the row count
		scan_ids.push_back(0);
		scanned_types.push_back(row_types[0]);
	}
	if (rows) {
		rows->InitializeScan(scan_state, scan_ids);
	}
	stream_column_ids = std::move(scan_ids);
	scan_chunk.Initialize(Allocator::DefaultAllocator(), scanned_types);
	InitializeFilter(context, output_types);
	initialized = true;
}

void RowSetReader::InitializeFilter(ClientContext &context, const vector<LogicalType> &output_types) {
	if (!filters) {
		return;
	}
	vector<unique_ptr<Expression>> conditions;
	for (auto &entry : filters->filters) {
		auto &filter = *entry.second;
		if (filter.filter_type == TableFilterType::OPTIONAL_FILTER ||
		    filter.filter_type == TableFilterType::DYNAMIC_FILTER) {
			continue;
		}
		BoundReferenceExpression column_ref(output_types[entry.first], entry.first);
		conditions.push_back(filter.ToExpression(column_ref));
	}
	if (conditions.empty()) {
		return;
	}
	if (conditions.size() == 1) {
		filter_expression = std::move(conditions[0]);
	} else {
		auto conjunction = make_uniq<BoundConjunctionExpression>(ExpressionType::CONJUNCTION_AND);
		conjunction->children = std::move(conditions);
		filter_expression = std::move(conjunction);
	}
	filter_executor = make_uniq<ExpressionExecutor>(context, *filter_expression);
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
		input.InitializeEmpty({scanned_types[i]});
		input.data[0].Reference(scan_chunk.data[i]);
		input.SetCardinality(count);
		column_executors[i]->ExecuteExpression(input, output.data[i]);
	}
	output.SetCardinality(count);
}

idx_t RowSetReader::ApplyFilter(DataChunk &output) {
	if (!filter_executor) {
		return output.size();
	}
	SelectionVector sel(STANDARD_VECTOR_SIZE);
	auto count = filter_executor->SelectExpression(output, sel);
	if (count < output.size()) {
		output.Slice(sel, count);
	}
	return count;
}

void RowSetReader::Scan(ClientContext &context, GlobalTableFunctionState &global_state,
                        LocalTableFunctionState &local_state, DataChunk &chunk) {
	if (!initialized) {
		InitializeScanState(context, chunk.GetTypes());
	}
	while (true) {
		scan_chunk.Reset();
		chunk.Reset();
		if (!NextScanChunk()) {
			chunk.SetCardinality(0);
			return;
		}
		rows_scanned += scan_chunk.size();
		ProjectColumns(chunk);
		if (ApplyFilter(chunk) > 0) {
			return;
		}
	}
}

bool RowSetReader::NextScanChunk() {
	if (rows) {
		return rows->Scan(scan_state, scan_chunk) && scan_chunk.size() > 0;
	}
	if (!stream->Next(stream_chunk)) {
		return false;
	}
	for (idx_t i = 0; i < stream_column_ids.size(); i++) {
		scan_chunk.data[i].Reference(stream_chunk.data[stream_column_ids[i]]);
	}
	scan_chunk.SetCardinality(stream_chunk.size());
	return true;
}

double RowSetReader::GetProgressInFile(ClientContext &context) {
	if (!rows) {
		return initialized ? 50.0 : 0.0; // a stream does not know its length
	}
	auto total = rows->Count();
	if (total == 0) {
		return 100.0;
	}
	return 100.0 * static_cast<double>(rows_scanned.load()) / static_cast<double>(total);
}

} // namespace inlake

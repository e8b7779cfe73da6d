#include "read/row_set_cursor.hpp"

#include "duckdb/common/multi_file/multi_file_reader.hpp"
#include "duckdb/planner/expression/bound_conjunction_expression.hpp"
#include "duckdb/planner/expression/bound_reference_expression.hpp"

#include <algorithm>

namespace inlake {

using namespace duckdb;

vector<LogicalType> RowSetTypes(const std::vector<LakeColumn> &columns) {
	vector<LogicalType> types;
	for (auto &column : columns) {
		types.push_back(column.type);
	}
	types.push_back(LogicalType::BIGINT); // row id
	types.push_back(LogicalType::BIGINT); // snapshot id
	for (auto &type : RowSetColumns::ComputedTypes()) {
		types.push_back(type);
	}
	return types;
}

vector<LogicalType> RowSetColumns::ComputedTypes() {
	return {LogicalType::BIGINT, LogicalType::VARCHAR, LogicalType::UBIGINT};
}

optional_idx RowSetColumns::OfVirtualColumn(column_t column_id, idx_t table_columns) {
	if (column_id == COLUMN_IDENTIFIER_ROW_ID) {
		return RowId(table_columns);
	}
	if (column_id == LAKE_SNAPSHOT_ID_COLUMN) {
		return SnapshotId(table_columns);
	}
	if (column_id == MultiFileReader::COLUMN_IDENTIFIER_FILE_ROW_NUMBER) {
		return FileRowNumber(table_columns);
	}
	if (column_id == MultiFileReader::COLUMN_IDENTIFIER_FILENAME) {
		return FileName(table_columns);
	}
	if (column_id == MultiFileReader::COLUMN_IDENTIFIER_FILE_INDEX) {
		return FileIndex(table_columns);
	}
	return optional_idx();
}

std::vector<ColumnFilter> TableColumnFilters(optional_ptr<TableFilterSet> filters, idx_t table_column_count,
                                             const std::function<idx_t(idx_t key)> &table_column_of,
                                             std::vector<idx_t> *keys) {
	std::vector<ColumnFilter> result;
	if (!filters) {
		return result;
	}
	for (auto &entry : filters->filters) {
		auto column = table_column_of(entry.first);
		if (column < table_column_count) {
			result.push_back(ColumnFilter {column, std::shared_ptr<TableFilter>(entry.second->Copy().release())});
			if (keys) {
				keys->push_back(entry.first);
			}
		}
	}
	return result;
}

//! What a loader needs to know: one flag per row set column
static std::vector<bool> NeededColumns(idx_t column_count, const vector<column_t> &columns) {
	std::vector<bool> needed(column_count, false);
	for (auto column : columns) {
		needed[column] = true;
	}
	return needed;
}

RowSetCursor::RowSetCursor(const ScanRowSet &row_set, const vector<LogicalType> &row_set_types,
                           vector<column_t> columns, const std::vector<ColumnFilter> &pushed, idx_t file_index_p)
    : rows(row_set.rows), read_columns(std::move(columns)), name(row_set.name), file_index(file_index_p) {
	auto computed = RowSetColumns::ComputedTypes().size();
	if (row_set_types.size() < computed + 2) {
		throw InternalException("inlake scan: a row set of %llu columns", row_set_types.size());
	}
	stored_count = row_set_types.size() - computed;
	auto table_columns = stored_count - 2;
	if (read_columns.empty()) {
		read_columns.push_back(0);
	}
	bool numbers_rows = false;
	for (auto column : read_columns) {
		if (column >= row_set_types.size()) {
			throw InternalException("inlake scan: row set column %llu out of range", column);
		}
		read_types.push_back(row_set_types[column]);
		if (column < stored_count) {
			stored_columns.push_back(column);
		}
		numbers_rows = numbers_rows || column == RowSetColumns::FileRowNumber(table_columns);
	}
	if (stored_columns.empty()) {
		stored_columns.push_back(0); // to count the rows
	}
	// the collection is scanned into stored_columns' order; the stream's chunk holds every stored column
	for (idx_t i = 0; i < read_columns.size(); i++) {
		auto position = std::find(stored_columns.begin(), stored_columns.end(), read_columns[i]);
		stored_sources.push_back(rows ? idx_t(position - stored_columns.begin()) : read_columns[i]);
	}
	vector<LogicalType> stored_types(row_set_types.begin(), row_set_types.begin() + stored_count);
	if (rows) {
		rows->InitializeScan(scan_state, stored_columns);
		vector<LogicalType> scanned_types;
		for (auto column : stored_columns) {
			scanned_types.push_back(stored_types[column]);
		}
		stored_chunk.Initialize(Allocator::DefaultAllocator(), scanned_types);
		return;
	}
	// a row's position counts every row of the set: a loader must not drop rows early
	std::vector<ColumnFilter> no_filters;
	stream = row_set.loader(numbers_rows ? no_filters : pushed, NeededColumns(stored_count, stored_columns),
	                        numbers_rows);
	stored_chunk.Initialize(Allocator::DefaultAllocator(), stored_types);
}

std::vector<idx_t> RowSetCursor::AppliedFilterKeys(const std::vector<idx_t> &pushed_keys) const {
	std::vector<idx_t> applied;
	if (!stream) {
		return applied; // (an in-memory row set: the caller evaluates every filter)
	}
	for (idx_t i = 0; i < pushed_keys.size(); i++) {
		if (stream->AppliesFilter(i)) {
			applied.push_back(pushed_keys[i]);
		}
	}
	return applied;
}

void RowSetCursor::FillColumn(DataChunk &chunk, idx_t output_index, idx_t count) {
	auto column = read_columns[output_index];
	auto &target = chunk.data[output_index];
	if (column < stored_count) {
		target.Reference(stored_chunk.data[stored_sources[output_index]]);
		return;
	}
	auto table_columns = stored_count - 2;
	if (column == RowSetColumns::FileRowNumber(table_columns)) {
		target.Sequence(int64_t(rows_read), 1, count);
	} else if (column == RowSetColumns::FileName(table_columns)) {
		target.Reference(Value(name));
	} else {
		target.Reference(Value::UBIGINT(file_index));
	}
}

bool RowSetCursor::Next(DataChunk &chunk) {
	stored_chunk.Reset();
	if (rows) {
		if (!rows->Scan(scan_state, stored_chunk) || stored_chunk.size() == 0) {
			chunk.SetCardinality(0);
			return false;
		}
	} else if (!stream->Next(stored_chunk)) {
		chunk.SetCardinality(0);
		return false;
	}
	auto count = stored_chunk.size();
	for (idx_t i = 0; i < read_columns.size(); i++) {
		FillColumn(chunk, i, count);
	}
	chunk.SetCardinality(count);
	rows_read += count;
	return true;
}

ScanFilterEvaluator::ScanFilterEvaluator(ClientContext &context, optional_ptr<TableFilterSet> filters,
                                         const vector<LogicalType> &output_types,
                                         const std::vector<idx_t> &skipped_keys) {
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
		if (std::find(skipped_keys.begin(), skipped_keys.end(), entry.first) != skipped_keys.end()) {
			continue;
		}
		BoundReferenceExpression column_ref(output_types[entry.first], entry.first);
		conditions.push_back(filter.ToExpression(column_ref));
	}
	if (conditions.empty()) {
		return;
	}
	if (conditions.size() == 1) {
		expression = std::move(conditions[0]);
	} else {
		auto conjunction = make_uniq<BoundConjunctionExpression>(ExpressionType::CONJUNCTION_AND);
		conjunction->children = std::move(conditions);
		expression = std::move(conjunction);
	}
	executor = make_uniq<ExpressionExecutor>(context, *expression);
}

idx_t ScanFilterEvaluator::Apply(DataChunk &output) {
	if (!executor || output.size() == 0) {
		return output.size();
	}
	SelectionVector sel(STANDARD_VECTOR_SIZE);
	auto count = executor->SelectExpression(output, sel);
	if (count < output.size()) {
		output.Slice(sel, count);
	}
	return count;
}

} // namespace inlake

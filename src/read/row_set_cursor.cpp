#include "read/row_set_cursor.hpp"

#include "duckdb/planner/expression/bound_conjunction_expression.hpp"
#include "duckdb/planner/expression/bound_reference_expression.hpp"

namespace inlake {

using namespace duckdb;

vector<LogicalType> RowSetTypes(const std::vector<LakeColumn> &columns) {
	vector<LogicalType> types;
	for (auto &column : columns) {
		types.push_back(column.type);
	}
	types.push_back(LogicalType::BIGINT); // row id
	types.push_back(LogicalType::BIGINT); // snapshot id
	return types;
}

std::vector<ColumnFilter> TableColumnFilters(optional_ptr<TableFilterSet> filters, idx_t table_column_count,
                                             const std::function<idx_t(idx_t key)> &table_column_of) {
	std::vector<ColumnFilter> result;
	if (!filters) {
		return result;
	}
	for (auto &entry : filters->filters) {
		auto column = table_column_of(entry.first);
		if (column < table_column_count) {
			result.push_back(ColumnFilter {column, std::shared_ptr<TableFilter>(entry.second->Copy().release())});
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
                           vector<column_t> columns, const std::vector<ColumnFilter> &pushed)
    : rows(row_set.rows), read_columns(std::move(columns)) {
	if (read_columns.empty()) {
		read_columns.push_back(0);
	}
	for (auto column : read_columns) {
		if (column >= row_set_types.size()) {
			throw InternalException("inlake scan: row set column %llu out of range", column);
		}
		read_types.push_back(row_set_types[column]);
	}
	if (rows) {
		rows->InitializeScan(scan_state, read_columns);
		return;
	}
	stream = row_set.loader(pushed, NeededColumns(row_set_types.size(), read_columns));
	stream_chunk.Initialize(Allocator::DefaultAllocator(), row_set_types);
}

bool RowSetCursor::Next(DataChunk &chunk) {
	if (rows) {
		if (!rows->Scan(scan_state, chunk) || chunk.size() == 0) {
			return false;
		}
	} else {
		if (!stream->Next(stream_chunk)) {
			chunk.SetCardinality(0);
			return false;
		}
		for (idx_t i = 0; i < read_columns.size(); i++) {
			chunk.data[i].Reference(stream_chunk.data[read_columns[i]]);
		}
		chunk.SetCardinality(stream_chunk.size());
	}
	rows_read += chunk.size();
	return true;
}

ScanFilterEvaluator::ScanFilterEvaluator(ClientContext &context, optional_ptr<TableFilterSet> filters,
                                         const vector<LogicalType> &output_types) {
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

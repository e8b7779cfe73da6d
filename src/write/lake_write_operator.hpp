//===----------------------------------------------------------------------===//
// LakeWriteOperator: what the lake's DML operators (insert, delete, update)
// have in common. Each is a sink (single-threaded unless it says otherwise)
// that registers its changes with the transaction in Finalize, and a source
// returning one BIGINT row: the number of rows it changed (as DuckDB's own DML
// operators do). Subclasses implement the sink and RowCount().
//
// With RETURNING (`returning`), the source returns instead the rows the
// statement changed, in the table's columns, as DuckDB's own tables do: the
// inserted rows for INSERT, the new versions for UPDATE, the deleted rows for
// DELETE. The subclass collects them in a ReturnedRows while sinking and hands
// it out through Returned().
//===----------------------------------------------------------------------===//
#pragma once

#include "duckdb/common/types/column/column_data_collection.hpp"
#include "duckdb/execution/physical_operator.hpp"

#include <mutex>

namespace inlake {

//! Rows below which a statement's Parquet files are written by one thread: a parallel write splits the rows by
//! Parquet row group (or by thread), so a smaller statement gains nothing from it but more, smaller files (and
//! small writes, the inlined ones, stay as cheap as they are).
constexpr duckdb::idx_t PARALLEL_WRITE_MIN_ROWS = 122880;

//! The rows a statement with RETURNING returns, appended by any thread of the sink.
class ReturnedRows {
public:
	void Append(duckdb::ClientContext &context, duckdb::DataChunk &rows);
	//! The rows appended (null when there were none)
	duckdb::optional_ptr<duckdb::ColumnDataCollection> Rows() {
		return rows.get();
	}

private:
	std::mutex lock;
	duckdb::unique_ptr<duckdb::ColumnDataCollection> rows;
};

class LakeWriteOperator : public duckdb::PhysicalOperator {
public:
	LakeWriteOperator(duckdb::PhysicalPlan &plan, std::string name, duckdb::idx_t estimated_cardinality);

	//! RETURNING: the source returns the changed rows (`types` are then the table's column types)
	bool returning = false;

	bool IsSink() const override {
		return true;
	}
	bool ParallelSink() const override {
		return false;
	}
	bool IsSource() const override {
		return true;
	}
	std::string GetName() const override {
		return name;
	}
	duckdb::unique_ptr<duckdb::GlobalSourceState> GetGlobalSourceState(duckdb::ClientContext &context) const override;
	duckdb::SourceResultType GetData(duckdb::ExecutionContext &context, duckdb::DataChunk &chunk,
	                                 duckdb::OperatorSourceInput &input) const override;

protected:
	//! Rows changed by the statement, read from the finished sink state.
	virtual duckdb::idx_t RowCount(duckdb::GlobalSinkState &state) const = 0;
	//! RETURNING: the rows collected in the finished sink state
	virtual ReturnedRows &Returned(duckdb::GlobalSinkState &state) const;

private:
	std::string name;
};

} // namespace inlake

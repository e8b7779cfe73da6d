//===----------------------------------------------------------------------===//
// LakeWriteOperator: what the lake's DML operators (insert, delete, update)
// have in common. Each is a sink (single-threaded unless it says otherwise)
// that registers its changes with the transaction in Finalize, and a source
// returning one BIGINT row: the number of rows it changed (as DuckDB's own DML
// operators do). Subclasses implement the sink and RowCount().
//===----------------------------------------------------------------------===//
#pragma once

#include "duckdb/execution/physical_operator.hpp"

namespace inlake {

//! Rows below which a statement's Parquet files are written by one thread: a parallel write splits the rows by
//! Parquet row group (or by thread), so a smaller statement gains nothing from it but more, smaller files (and
//! small writes, the inlined ones, stay as cheap as they are).
constexpr duckdb::idx_t PARALLEL_WRITE_MIN_ROWS = 122880;

class LakeWriteOperator : public duckdb::PhysicalOperator {
public:
	LakeWriteOperator(duckdb::PhysicalPlan &plan, std::string name, duckdb::idx_t estimated_cardinality);

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
	duckdb::SourceResultType GetData(duckdb::ExecutionContext &context, duckdb::DataChunk &chunk,
	                                 duckdb::OperatorSourceInput &input) const override;

protected:
	//! Rows changed by the statement, read from the finished sink state.
	virtual duckdb::idx_t RowCount(duckdb::GlobalSinkState &state) const = 0;

private:
	std::string name;
};

} // namespace inlake
